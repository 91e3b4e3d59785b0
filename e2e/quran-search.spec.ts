/** Searching the Quran in Chromium: from the reader's box to the verse, in French and in Arabic. */
import { expect, expectNoAxeViolations, test } from './support/test';

test('a search from the reader lists the verses with the words marked, and opens the reader at one', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/coran/112');
  await page.getByRole('searchbox', { name: 'Rechercher dans le Coran' }).fill('tout misericordieux');
  await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
  await expect(page).toHaveURL(/\/recherche\?q=tout\+misericordieux$/);
  await expect(page.getByRole('status')).toHaveText(/^\d+ versets trouvés/);
  const first = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Al-Faatiha 1:1' }) });
  await expect(first.locator('mark')).toHaveText(['Tout', 'Miséricordieux', 'Miséricordieux']);
  await expectNoAxeViolations(page);
  // Nothing on the page is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.getByRole('link', { name: 'Al-Faatiha 1:3' }).click();
  await expect(page).toHaveURL(/\/coran\/1\/3$/);
  await expect(page.locator('li[data-current="true"]')).toHaveId('verset-3');
});

test('Arabic typed without diacritics finds the verse, and a reference opens it directly', async ({
  page,
}) => {
  await page.goto(`/recherche?q=${encodeURIComponent('قل هو الله احد')}`);
  await expect(page.getByRole('link', { name: 'Al-Ikhlaas 112:1' })).toBeVisible();
  await page.getByRole('searchbox').fill('2 255');
  await page.getByRole('searchbox').press('Enter');
  await expect(page.getByRole('status')).toHaveText('1 verset trouvé');
  await expect(page.getByRole('link', { name: 'Al-Baqara 2:255' })).toHaveAttribute('href', '/coran/2/255');
});
