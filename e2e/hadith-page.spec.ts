/** The hadith browser in Chromium: categories, numbered cards, the detail dialog and its addresses. */
import { expectArabicMarkedUp } from './support/arabic';
import { expect, expectNoAxeViolations, test } from './support/test';

test('category 1 is shown first; changing category lists its hadith numbered i / n', async ({ page }) => {
  await page.goto('/hadith');
  const select = page.getByLabel('Catégorie');
  await expect(select).toHaveValue('1');
  const cards = page.getByRole('listitem');
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  await expect(cards.first()).toContainText(`1 / ${count}`);
  await expect(cards.first().getByRole('button', { name: /^Détail/ })).toBeVisible();
  await expectNoAxeViolations(page);

  const other = await select.locator('option').nth(2).getAttribute('value');
  await select.selectOption(other ?? '');
  await expect(page).toHaveURL(new RegExp(`categorie=${other}`));
  await expect(page.getByRole('listitem').first()).toContainText(/^1 \/ \d+/);
});

test('the detail dialog shows every field, closes by Fermer, Escape and the backdrop, and gives focus back', async ({
  page,
}) => {
  await page.goto('/hadith');
  const detail = page
    .getByRole('listitem')
    .first()
    .getByRole('button', { name: /^Détail/ });

  await detail.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/hadith\/\d+$/);
  for (const label of [
    'Attribution',
    'Grade',
    'Explication',
    'Enseignements',
    'Le hadith en arabe',
    'Explication (en arabe)',
    'Grade (en arabe)',
    'Provenance des textes',
  ]) {
    await expect(dialog.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(dialog.getByText(/^Rapporté par/)).toBeVisible();
  // Each text is credited: the Arabic original, the French translation, the explanation.
  await expect(dialog.getByText(/^Texte arabe : \S/)).toBeVisible();
  await expect(dialog.getByText(/^Traduction française : \S/)).toBeVisible();
  await expect(dialog.getByText(/^Explication et enseignements : \S/)).toBeVisible();
  await expectArabicMarkedUp(page);
  await expectNoAxeViolations(page);

  await dialog.getByRole('button', { name: 'Fermer', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/hadith$/);
  await expect(detail).toBeFocused();

  await detail.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(detail).toBeFocused();

  await detail.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 400); // on the backdrop, outside the dialog
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/hadith$/);
});

test('a hadith has its own address that opens its dialog', async ({ page, request }) => {
  const list = await (await request.get('/api/hadith/list?category_id=1&per_page=100')).json();
  const first = list.data[0];
  await page.goto(`/hadith/${first.id}`);
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('heading', { level: 2 })).toHaveText(first.title);
});

test('the server draws each address: a category, a hadith in its dialog, with no script', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/hadith?categorie=3');
  await expect(page.getByLabel('Catégorie')).toHaveValue('3');
  const cards = page.getByRole('listitem');
  await expect(cards.first()).toContainText(/^1 \/ \d+/);
  const title = (await cards.first().getByRole('heading', { level: 2 }).textContent()) ?? '';
  const id = await cards.first().getByRole('button').getAttribute('data-hadith');
  await page.goto(`/hadith/${id}?categorie=3`);
  await expect(page.getByRole('dialog').getByRole('heading', { level: 2 })).toHaveText(title);
  await expect(page.getByLabel('Catégorie')).toHaveValue('3');
  await context.close();
});
