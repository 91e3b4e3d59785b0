/**
 * An invoice's life as a bookkeeper walks it (issue 24): an invoice of three lines made with the line editor,
 * a partial then a final payment on its page, the invoice PAID, found again by the list's filters and order, and
 * the payment on the dashboard's month.
 */
import type { Page } from '@playwright/test';
import { signInAs } from './support/demo-accounts';
import { expect, expectNoAxeViolations, test } from './support/test';

/** What the dashboard says was paid this month (its figures table, read by screen readers). */
async function paidThisMonth(page: Page): Promise<number> {
  await page.goto('/home');
  const month = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(),
  );
  const row = page
    .getByRole('table', { name: 'Billed and paid in each of the last 12 months, with the tax' })
    .getByRole('row', { name: new RegExp(`^${month}`) });
  const paid = (await row.getByRole('cell').nth(1).textContent()) ?? '';
  return Number(paid.replace(/[$,]/g, ''));
}

test('an invoice of three lines, paid in two payments, shows PAID and on the dashboard', async ({ page }) => {
  const { access_token } = await signInAs(page, 'admin@example.com');
  const name = `Atelier Trois Lignes ${Date.now()}`;
  const created = await page.request.post('/api/customer/create', {
    headers: { Authorization: `Bearer ${access_token}` },
    data: {
      name,
      email: `lignes-${Date.now()}@example.com`,
      address: '3 rue des Lignes, 69001 Lyon',
      phone: '+33 4 00 00 00 00',
      type: 'INSTITUTION',
      status: 'ACTIVE',
      imageUrl: '/assets/avatars/person-2.svg',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const paidBefore = await paidThisMonth(page);

  await page.goto('/invoices/new');
  for (const [n, description, quantity, unitPrice] of [
    [1, 'Site design', '1', '1200'],
    [2, 'Hosting (months)', '12', '15.50'],
    [3, 'Training', '2.5', '80'],
  ] as const) {
    if (n > 1) await page.getByRole('button', { name: 'Add line' }).click();
    await page.getByLabel(`Description of line ${n}`).fill(description);
    await page.getByLabel(`Quantity of line ${n}`).fill(quantity);
    await page.getByLabel(`Unit price of line ${n}`).fill(unitPrice);
  }
  // 1200 + 186 + 200 = 1586, and 5.4 % of it (85.644 → 85.64).
  await expect(page.getByLabel('Invoice total')).toHaveText(
    'Total$1,586.00Tax (5.4%)$85.64Total due$1,671.64',
  );
  const customerBox = page.getByRole('textbox', { name: 'Customer' });
  await customerBox.click();
  await customerBox.fill(name);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await page.getByRole('button', { name: 'Save Invoice' }).click();
  const saved = page.getByRole('status').filter({ hasText: /^Invoice added to customer with ID: \d+/ });
  await saved.getByRole('link', { name: /^Print invoice INV-/ }).click();

  const invoice = page.getByRole('article', { name: /^Invoice INV-/ });
  for (const text of ['Site design', 'Hosting (months)', 'Training', '2.5', '$186.00', '$1,671.64'])
    await expect(invoice).toContainText(text);
  const payments = page.getByRole('region', { name: 'Payments' });
  await expect(payments).toContainText('Balance due $1,671.64 of $1,671.64');

  await payments.getByRole('button', { name: 'Record payment' }).click();
  const first = page.getByRole('dialog', { name: 'Record a payment' });
  await first.getByLabel(/^Amount/).fill('1000');
  await first.getByRole('button', { name: 'Record payment' }).click();
  await expect(first).toBeHidden();
  await expect(payments).toContainText('Balance due $671.64 of $1,671.64');
  await expect(invoice.getByText(/^Status:\s*PENDING$/)).toBeVisible();

  await payments.getByRole('button', { name: 'Record payment' }).click();
  const last = page.getByRole('dialog', { name: 'Record a payment' });
  // The dialog offers what is left to pay.
  await expect(last.getByLabel(/^Amount/)).toHaveValue('671.64');
  await last.getByLabel(/^Method/).selectOption({ label: 'Card' });
  await last.getByRole('button', { name: 'Record payment' }).click();
  await expect(last).toBeHidden();
  await expect(payments).toContainText('Balance due $0.00 of $1,671.64');
  await expect(invoice.getByText(/^Status:\s*PAID$/)).toBeVisible();
  await expect(invoice).toContainText('BALANCE DUE');
  await expect(page.getByRole('list', { name: /^History of invoice / })).toContainText('Payment');
  await expectNoAxeViolations(page);

  // The invoices list finds it by its filters, which the address keeps.
  await page.goto('/invoices');
  const filters = page.getByRole('form', { name: 'Filter the invoices' });
  await filters.getByRole('checkbox', { name: 'PAID' }).check();
  await filters.getByLabel('Total from ($)').fill('1586');
  await filters.getByLabel('Total to ($)').fill('1586');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/\?status=PAID&min=1586&max=1586$/);
  const found = page
    .getByRole('table', { name: /^Invoices, page 1 of/ })
    .getByRole('row')
    .filter({ hasText: name });
  await expect(found).toHaveCount(1);
  await expect(found).toContainText('$0.00');
  await page
    .getByRole('columnheader', { name: /^Total/ })
    .getByRole('button')
    .click();
  await expect(page).toHaveURL(/&sort=total$/);
  await expect(page.getByRole('columnheader', { name: /^Total/ })).toHaveAttribute('aria-sort', 'descending');
  await page.reload();
  await expect(found).toHaveCount(1);
  await expect(filters.getByRole('checkbox', { name: 'PAID' })).toBeChecked();
  await expectNoAxeViolations(page);

  // The month's bar of payments grew by what was paid.
  expect((await paidThisMonth(page)) - paidBefore).toBeCloseTo(1671.64, 2);
  await expectNoAxeViolations(page);
});
