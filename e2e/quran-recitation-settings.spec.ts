/**
 * The reader's recitation settings in Chromium (reciter, speeds, repetition, following the verse, failures),
 * with generated clips standing in for the recitations.
 */
import type { Page } from '@playwright/test';
import { serveRecitations } from './support/audio';
import { signInAs } from './support/demo-accounts';
import { expect, expectNoAxeViolations, test } from './support/test';

/** Records each clip the page starts: its address's last two parts and its speed at that moment. */
async function recordPlays(page: Page) {
  await page.addInitScript(() => {
    const plays: { clip: string; rate: number }[] = [];
    Object.assign(window, { plays });
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      plays.push({ clip: this.src.split('/').slice(-2).join('/'), rate: this.playbackRate });
      return play.call(this);
    };
  });
  return () => page.evaluate(() => (window as unknown as { plays: { clip: string; rate: number }[] }).plays);
}

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Réglages du lecteur' }).click();
  const dialog = page.getByRole('dialog', { name: 'Réglages du lecteur' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const playArabic = (page: Page) =>
  page.getByRole('button', { name: 'Écouter la sourate en arabe', exact: true }).click();

test('another reciter is chosen in the settings, recites from its own folder, and is remembered', async ({
  page,
}) => {
  const requested = await serveRecitations(page, { seconds: 1 });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/coran/112');
  const dialog = await openSettings(page);
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Récitateur en arabe').selectOption({ label: 'Abdurrahman as-Sudais' });
  await dialog.getByRole('button', { name: 'Fermer', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Réglages du lecteur' })).toBeFocused();
  await playArabic(page);
  await expect.poll(() => requested.at(-1)).toMatch(/\/192\/ar\.abdurrahmaansudais\/6222\.mp3$/);

  await page.reload();
  await page.getByRole('button', { name: 'Écouter le verset 3 en arabe' }).click();
  await expect.poll(() => requested.at(-1)).toMatch(/\/192\/ar\.abdurrahmaansudais\/6224\.mp3$/);
});

test('the Arabic and the French play at their own speeds', async ({ page }) => {
  await serveRecitations(page, { seconds: 1 });
  const plays = await recordPlays(page);
  await page.goto('/coran/112');
  const dialog = await openSettings(page);
  await dialog.getByRole('combobox', { name: /^Vitesse de l’arabe/ }).selectOption('0.75');
  await dialog.getByRole('combobox', { name: /^Vitesse du français/ }).selectOption('1.5');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Écouter la sourate en arabe puis en français' }).click();
  await expect
    .poll(async () => (await plays()).slice(0, 2))
    .toEqual([
      { clip: 'ar.hudhaify/6222.mp3', rate: 0.75 },
      { clip: 'fr.leclerc/6222.mp3', rate: 1.5 },
    ]);
});

test('each verse is heard the times asked, and one tap loops the verse in course', async ({ page }) => {
  await serveRecitations(page, { seconds: 0.3 });
  const plays = await recordPlays(page);
  await page.goto('/coran/112');
  const dialog = await openSettings(page);
  await dialog.getByLabel('Écouter chaque verset').selectOption({ label: '2 fois' });
  await page.keyboard.press('Escape');
  await playArabic(page);
  await expect
    .poll(async () => (await plays()).slice(0, 5).map((p) => p.clip))
    .toEqual([6222, 6222, 6223, 6223, 6224].map((n) => `ar.hudhaify/${n}.mp3`));
  await expect(
    page.getByRole('button', { name: 'Écouter la sourate en arabe', exact: true }),
  ).toHaveAttribute('aria-pressed', 'false');

  await page.goto('/coran/112/2');
  const loop = page.getByRole('button', { name: 'Répéter en boucle le verset en cours' });
  await loop.click();
  await expect(loop).toHaveAttribute('aria-pressed', 'true');
  const before = (await plays()).length;
  await expect
    .poll(async () => (await plays()).slice(before))
    .toEqual(expect.arrayContaining([{ clip: 'ar.hudhaify/6223.mp3', rate: 1 }]));
  await expect.poll(async () => (await plays()).slice(before).length).toBeGreaterThanOrEqual(4);
  expect(new Set((await plays()).slice(before).map((p) => p.clip))).toEqual(
    new Set(['ar.hudhaify/6223.mp3']),
  );
  await loop.click();
  await expect(loop).toHaveAttribute('aria-pressed', 'false');
});

test('with following turned off the view stays put, and the chip brings back the verse recited', async ({
  page,
}) => {
  // Verse 30 is recited for the whole test: on a busy machine a 5 s clip ended before the chip was tapped, which
  // then rightly brought back verse 31.
  await serveRecitations(page, { seconds: 60 });
  await page.goto('/coran/2/30');
  const dialog = await openSettings(page);
  await dialog.getByLabel('Suivre à l’écran le verset récité').uncheck();
  await page.keyboard.press('Escape');
  await page.evaluate(() => window.scrollTo(0, 0));
  await playArabic(page);
  const chip = page.getByRole('button', { name: 'Revenir au verset en cours' });
  await expect(chip).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await chip.click();
  await expect(page.locator('#verset-30')).toBeInViewport();
  await expect(chip).toBeHidden();
});

test('a recitation that cannot load is announced, and the player stops after three failures', async ({
  page,
}) => {
  await serveRecitations(page, { fails: () => true });
  await page.goto('/coran/112');
  await playArabic(page);
  await expect(page.getByRole('status').filter({ hasText: 'La récitation ne se charge plus' })).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Écouter la sourate en arabe', exact: true }),
  ).toHaveAttribute('aria-pressed', 'false');
});

test('a signed-in reader’s reciter follows them to another device', async ({ page, browser }) => {
  await signInAs(page, 'manager@example.com');
  await page.goto('/coran/112');
  const dialog = await openSettings(page);
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/reader-preferences') && response.request().method() === 'PUT',
  );
  await dialog.getByLabel('Récitateur en arabe').selectOption({ label: 'Maher al-Muaiqly' });
  expect((await saved).ok()).toBe(true);

  // Another device: nothing kept on it, the same account.
  const other = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const phone = await other.newPage();
    await signInAs(phone, 'manager@example.com');
    const requested = await serveRecitations(phone, { seconds: 1 });
    // The account's reciter becomes this device's: the page asks for its recitations.
    const swapped = phone.waitForResponse((response) => response.url().includes('reciter=ar.mahermuaiqly'));
    await phone.goto('/coran/112');
    expect((await swapped).ok()).toBe(true);
    await expect
      .poll(() => phone.evaluate(() => JSON.parse(localStorage.getItem('coran.reglages') ?? '{}').reciter))
      .toBe('ar.mahermuaiqly');
    await playArabic(phone);
    await expect.poll(() => requested.at(-1)).toMatch(/\/ar\.mahermuaiqly\/6222\.mp3$/);
  } finally {
    await other.close();
  }
});
