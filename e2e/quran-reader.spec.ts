/** The Quran reader in Chromium, with generated clips standing in for the recitations. */
import type { Page } from '@playwright/test';
import { serveRecitations } from './support/audio';
import { expectArabicMarkedUp } from './support/arabic';
import { expect, expectNoAxeViolations, test } from './support/test';

const current = (page: Page) => page.locator('li[data-current="true"]');

test('chapter 1 by default: chapter list, text choices, verses "Verset i / total"', async ({ page }) => {
  await page.goto('/coran');
  const select = page.getByLabel('Sourate', { exact: true });
  await expect(select).toHaveValue('1');
  const options = select.locator('option');
  await expect(options).toHaveCount(114);
  await expect(options.first()).toHaveText(/^.+ - 114 - An-Naas$/);
  await expect(page.getByLabel('Arabe', { exact: true })).toBeChecked();
  await expect(page.getByLabel('Français', { exact: true })).toBeChecked();
  await expect(page.getByLabel('Translittération', { exact: true })).not.toBeChecked();
  await expect(page.getByText('Verset 1 / 7')).toBeVisible();
  await expect(page.getByTestId('basmala')).toHaveCount(0);
  await expectArabicMarkedUp(page);
  await expectNoAxeViolations(page);

  await page.getByLabel('Translittération', { exact: true }).check();
  await page.getByLabel('Arabe', { exact: true }).uncheck();
  const first = page.locator('#verset-1');
  await expect(first.locator('[lang="ar"]')).toBeHidden();
  await expect(first).toContainText('Bismi');
});

test('another chapter shows the Basmala above it (not for chapter 9) and has its own address', async ({
  page,
}) => {
  await page.goto('/coran');
  await page.getByLabel('Sourate', { exact: true }).selectOption('112');
  await expect(page).toHaveURL(/\/coran\/112$/);
  await expect(page.getByText('Verset 1 / 4')).toBeVisible();
  await expect(page.getByTestId('basmala')).toBeVisible();
  await page.goto('/coran/9');
  await expect(page.getByText('Verset 1 / 129')).toBeVisible();
  await expect(page.getByTestId('basmala')).toHaveCount(0);
});

test('ar mode advances the highlighted verse after each Arabic clip, then stops at the end', async ({
  page,
}) => {
  // Two-second clips: each highlight outlasts the checks' polling interval (one second at most).
  const requested = await serveRecitations(page, { seconds: 2 });
  await page.goto('/coran/112');
  await page.getByRole('button', { name: 'Écouter la sourate en arabe', exact: true }).click();
  await expect(current(page)).toHaveId('verset-1');
  await expect(current(page)).toHaveId('verset-2');
  await expect(current(page)).toHaveId('verset-3');
  await expect(current(page)).toHaveId('verset-4');
  await expect(page.getByRole('button', { name: 'Écouter la sourate en arabe', exact: true })).toBeVisible();
  await expect(current(page)).toHaveCount(0);
  expect(requested.every((url) => url.includes('/ar.hudhaify/'))).toBe(true);
  expect(requested.length).toBeGreaterThanOrEqual(4);
});

test('ar/fr alternates Arabic and French and advances after each French clip', async ({ page }) => {
  const requested = await serveRecitations(page, { seconds: 0.4 });
  await page.goto('/coran/112');
  await page.getByRole('button', { name: 'Écouter la sourate en arabe puis en français' }).click();
  await expect(current(page)).toHaveId('verset-2');
  const order = requested.map((url) => (url.includes('/ar.hudhaify/') ? 'ar' : 'fr'));
  expect(order.slice(0, 3)).toEqual(['ar', 'fr', 'ar']);
});

test('the same button pauses and resumes; another mode replaces it; a verse plays on its own', async ({
  page,
}) => {
  await serveRecitations(page, { seconds: 2 });
  await page.goto('/coran/112');
  await page.getByRole('button', { name: 'Écouter la sourate en français' }).click();
  const pause = page.getByRole('button', { name: 'Mettre en pause la sourate en français' });
  await expect(pause).toBeVisible();
  await pause.click();
  await expect(page.getByRole('button', { name: 'Écouter la sourate en français' })).toBeVisible();
  await page.getByRole('button', { name: 'Écouter la sourate en français' }).click();
  await expect(pause).toBeVisible();

  await page.getByRole('button', { name: 'Écouter la sourate en arabe', exact: true }).click();
  await expect(
    page.getByRole('button', { name: 'Mettre en pause la sourate en arabe', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Écouter la sourate en français' })).toBeVisible();

  await page.getByRole('button', { name: 'Écouter le verset 3 en arabe' }).click();
  await expect(current(page)).toHaveId('verset-3');
  await expect(page.getByRole('button', { name: 'Mettre en pause le verset 3 en arabe' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Écouter la sourate en arabe', exact: true })).toBeVisible();
});

test('a clip that fails to load is skipped', async ({ page }) => {
  // Verse 2 of chapter 112 is global verse 6223: its Arabic clip is missing.
  await serveRecitations(page, { seconds: 2, fails: (url) => url.endsWith('/ar.hudhaify/6223.mp3') });
  await page.goto('/coran/112');
  await page.getByRole('button', { name: 'Écouter la sourate en arabe', exact: true }).click();
  await expect(current(page)).toHaveId('verset-4');
});

test('changing chapter and back-to-top stop the recitation and return to verse 1', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await serveRecitations(page, { seconds: 3 });
  await page.goto('/coran/1');
  await page.getByRole('button', { name: 'Écouter le verset 5 en arabe' }).click();
  await expect(current(page)).toHaveId('verset-5');
  await page.mouse.wheel(0, 1200);
  const top = page.getByRole('button', { name: 'Revenir en haut et arrêter la lecture' });
  await top.click();
  await expect(current(page)).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);

  await page.getByRole('button', { name: 'Écouter le verset 2 en arabe' }).click();
  await expect(current(page)).toHaveId('verset-2');
  await page.getByLabel('Sourate', { exact: true }).selectOption('112');
  await expect(page.getByText('Verset 1 / 4')).toBeVisible();
  await expect(current(page)).toHaveCount(0);
});

test('the floating player starts 200 px from the bottom and 20 px from the right and stays on screen when dragged', async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await page.goto('/coran/112');
  const player = page.getByTestId('floating-player');
  const box = await player.boundingBox();
  expect(box && Math.round(800 - (box.x + box.width))).toBe(20);
  expect(box && Math.round(600 - (box.y + box.height))).toBe(200);

  const handle = page.getByRole('button', { name: 'Déplacer le lecteur' });
  // The handle is drawn disabled and enabled once the island listens to it.
  await expect(handle).toBeEnabled();
  const h = await handle.boundingBox();
  if (!h) throw new Error('no handle');
  await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
  await page.mouse.down();
  await page.mouse.move(h.x + 2000, h.y + 2000, { steps: 5 });
  await page.mouse.up();
  const moved = await player.boundingBox();
  expect(moved && Math.round(moved.x + moved.width)).toBeLessThanOrEqual(800);
  expect(moved && Math.round(moved.y + moved.height)).toBeLessThanOrEqual(600);
  expect(moved && Math.round(800 - (moved.x + moved.width))).toBe(0);
  expect(moved && Math.round(600 - (moved.y + moved.height))).toBe(0);
});

test('an address per verse: /coran/2/255 opens chapter 2 at verse 255, in view and highlighted', async ({
  page,
}) => {
  await page.goto('/coran/2/255');
  await expect(page.getByLabel('Sourate', { exact: true })).toHaveValue('2');
  const verse = page.locator('#verset-255');
  await expect(verse).toHaveAttribute('data-current', 'true');
  await expect(verse).toBeInViewport();
  await expect(page.getByText('Verset 255 / 286')).toBeVisible();
});

test('the reader remembers the chapter, the verse and the texts shown on this device', async ({ page }) => {
  await page.goto('/coran/112/3');
  await page.getByLabel('Translittération', { exact: true }).check();
  await page.goto('/coran');
  await expect(page).toHaveURL(/\/coran\/112\/3$/);
  await expect(page.getByLabel('Translittération', { exact: true })).toBeChecked();
  await expect(page.locator('#verset-3')).toHaveAttribute('data-current', 'true');
});

test('the phone lock screen shows what is recited (Media Session)', async ({ page }) => {
  await serveRecitations(page, { seconds: 3 });
  await page.goto('/coran/112');
  await page.getByRole('button', { name: 'Écouter le verset 2 en français' }).click();
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          navigator.mediaSession.metadata && [
            navigator.mediaSession.metadata.title,
            navigator.mediaSession.metadata.artist,
            navigator.mediaSession.playbackState,
          ],
      ),
    )
    .toEqual(['Verset 2', 'Youssouf Leclerc', 'playing']);
});
