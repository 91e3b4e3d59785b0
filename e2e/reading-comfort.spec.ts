/** Reading comfort in Chromium: the dark theme, the text sizes, and copying or sharing a verse. */
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './support/test';

const scheme = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme');

test('the learning site follows the device’s dark theme, readable, until the reader chooses another', async ({
  page,
}) => {
  // Two pages checked by axe: 25 s measured on a busy 2-core machine, against the usual 30 s.
  test.slow();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/coran/112');
  expect(await scheme(page)).toBe('dark');
  await expectNoAxeViolations(page);
  await page.goto('/hadith');
  expect(await scheme(page)).toBe('dark');
  await expectNoAxeViolations(page);

  const light = page.getByRole('radio', { name: 'Clair' });
  await expect(light).toBeEnabled();
  await light.check();
  expect(await scheme(page)).toBe('light');
  await page.goto('/invocations');
  expect(await scheme(page)).toBe('light');
  await expect(page.getByRole('radio', { name: 'Clair' })).toBeChecked();
  await page.getByRole('radio', { name: 'Comme l’appareil' }).check();
  expect(await scheme(page)).toBe('dark');
});

test('the Arabic and French sizes chosen apply at once and from the first paint of the next page', async ({
  page,
}) => {
  await page.goto('/coran/112');
  const arabic = page.locator('#verset-1 p[lang="ar"]');
  const fontSize = async () => parseFloat(await arabic.evaluate((p) => getComputedStyle(p).fontSize));
  const usual = await fontSize();
  await page.getByRole('button', { name: 'Réglages du lecteur' }).click();
  const dialog = page.getByRole('dialog', { name: 'Réglages du lecteur' });
  await dialog.getByRole('combobox', { name: /^Arabe/ }).selectOption({ label: '150 %' });
  await dialog
    .getByRole('combobox', { name: /^Français et translittération/ })
    .selectOption({ label: '130 %' });
  expect(await fontSize()).toBeCloseTo(usual * 1.5, 0);
  await page.keyboard.press('Escape');

  // The next page is drawn at that size before any of its islands run.
  await page.goto('/coran/1', { waitUntil: 'commit' });
  await page.waitForSelector('#verset-1 p[lang="ar"]', { state: 'attached' });
  expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--arabic-scale'))).toBe(
    '1.5',
  );
  expect(
    parseFloat(await page.locator('#verset-1 p[lang="ar"]').evaluate((p) => getComputedStyle(p).fontSize)),
  ).toBeCloseTo(usual * 1.5, 0);
  expect(
    await page
      .locator('#verset-1 [data-text="french"] p')
      .first()
      .evaluate((p) => getComputedStyle(p).fontSize),
  ).toBe(`${16 * 1.3}px`);
});

test('the texts chosen in the reader are drawn from the first paint of the next chapter, before its code runs', async ({
  page,
}) => {
  await page.goto('/coran/112');
  await expect(page.getByRole('button', { name: 'Écouter la sourate en arabe', exact: true })).toBeEnabled();
  await page.getByLabel('Translittération', { exact: true }).check();
  await page.getByLabel('Arabe', { exact: true }).uncheck();
  const verse = page.locator('#verset-1');
  await expect(verse.locator('[data-text="arabic"]')).toBeHidden();

  // The next chapter without any of its modules: only the blocking script of its head can show the choice.
  await page.route(/\/static\/.+\.js$/, (route) => route.abort());
  await page.goto('/coran/1');
  await expect(verse.locator('[data-text="transliteration"]')).toBeVisible();
  await expect(verse.locator('[data-text="arabic"]')).toBeHidden();
  await expect(verse.locator('[data-text="french"]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Écouter la sourate en arabe', exact: true })).toBeDisabled();
});

test('a verse is copied with its reference and translator, or its link', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/coran/112');
  await page.getByRole('button', { name: 'Copier ou partager le verset 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verset 112:1' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Copier le verset et sa référence' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Verset copié.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  // The texts exactly as the page shows them.
  const shown = (selector: string) => page.locator(`#verset-1 ${selector}`).first().innerText();
  expect(copied.split('\n')).toEqual([
    await shown('p[lang="ar"]'),
    await shown('[data-text="french"] p'),
    '— Coran, sourate 112 (Al-Ikhlaas), verset 1 ; traduction de Muhammad Hamidullah',
    `${new URL(page.url()).origin}/coran/112/1`,
  ]);
  await dialog.getByRole('button', { name: 'Copier le lien du verset' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Lien copié.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${new URL(page.url()).origin}/coran/112/1`,
  );
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Copier ou partager le verset 1' })).toBeFocused();
});
