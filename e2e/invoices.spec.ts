/**
 * An invoice's life as a bookkeeper walks it (issue 24): an invoice of three lines made with the line editor,
 * sent to its customer by e-mail with its PDF, a partial then a final payment on its page, the invoice PAID,
 * found again by the list's filters and order, and the payment on the dashboard's month; an invoice left unpaid
 * turns OVERDUE and gets its reminder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { attachedPdf, pdfActualTexts, pdfText } from '../scripts/pdf-text';
import { newestMessage, storeTokens, type Tokens } from './support/accounts';
import { DEMO_PASSWORD, signInAs } from './support/demo-accounts';
import { startLocalServer, type LocalServer } from './support/global-setup';
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

test('an invoice of three lines, sent, paid in two payments, shows PAID and on the dashboard', async ({
  page,
}) => {
  // The whole walk, with its accessibility checks and the PDF read back: about 31 s measured on a busy 2-core
  // machine, so three times that.
  test.setTimeout(90_000);
  const { access_token } = await signInAs(page, 'admin@example.com');
  const name = `Atelier Zoë Trois Lignes ${Date.now()}`;
  const email = `lignes-${Date.now()}@example.com`;
  const created = await page.request.post('/api/customer/create', {
    headers: { Authorization: `Bearer ${access_token}` },
    data: {
      name,
      email,
      address: '3 rue de l’Église, 69001 Lyon',
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

  // Sent to the customer, once confirmed: the e-mail carries the invoice's PDF, which prints what was written.
  await page.getByRole('button', { name: 'Send by e-mail' }).click();
  const confirm = page.getByRole('dialog', { name: /^Send invoice INV-\d+\?$/ });
  await expect(confirm).toContainText(`receives the invoice as a PDF at ${email}`);
  await confirm.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Invoice sent to ${email}` })).toBeVisible();
  await expect(page.getByRole('list', { name: /^History of invoice / })).toContainText(
    `Sent by e-mail to ${email}`,
  );
  const sent = pdfText(attachedPdf((await newestMessage(email, 'email')).text));
  for (const text of [name, email, '3 rue de l’Église, 69001 Lyon', 'Hosting (months)', '$1,671.64'])
    expect(sent).toContain(text);

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

test.describe('an invoice left unpaid', () => {
  let server: LocalServer;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reminders-'));
  test.afterAll(async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The demo owner signed in on `server`'s own address (its port changes when it starts again). */
  async function signedInOwner(page: Page): Promise<Tokens> {
    const login = await page.request.post(`${server.baseUrl}/api/user/login`, {
      data: { email: 'sysadmin@example.com', password: DEMO_PASSWORD },
    });
    expect(login.ok(), await login.text()).toBe(true);
    const tokens = ((await login.json()) as { data: Tokens }).data;
    await storeTokens(page, tokens, server.baseUrl);
    return tokens;
  }

  test('turns OVERDUE and gets its reminder once the owner turned reminders on', async ({ page }) => {
    // The server marks invoices overdue as it starts and sends reminders a few seconds later, then every hour: it
    // is started again here. Two starts and the demo business's reminders (20 PDFs) take about 40 s on an idle
    // machine.
    test.setTimeout(150_000);
    server = await startLocalServer({}, dataDir);
    const { access_token } = await signedInOwner(page);
    const headers = { Authorization: `Bearer ${access_token}` };
    const email = `relance-${Date.now()}@example.com`;
    const customer = await page.request.post(`${server.baseUrl}/api/customer/create`, {
      headers,
      data: {
        name: 'مكتبة النور',
        email,
        address: '5 rue des Relances, 69002 Lyon',
        phone: '+33 4 00 00 00 01',
        type: 'INSTITUTION',
        status: 'ACTIVE',
        imageUrl: '/assets/avatars/person-1.svg',
      },
    });
    expect(customer.status(), await customer.text()).toBe(201);
    const customerId = ((await customer.json()) as { data: { customer: { id: number } } }).data.customer.id;
    // Dated 45 days ago: due 15 days ago, unpaid.
    const date = new Date(Date.now() - 45 * 86_400_000).toISOString().slice(0, 10);
    const invoice = await page.request.post(
      `${server.baseUrl}/api/customer/invoice/addtocustomer/${customerId}`,
      {
        headers,
        data: {
          customerId,
          date,
          status: 'PENDING',
          lines: [{ description: 'Livres', quantity: 3, unitPrice: 40 }],
        },
      },
    );
    expect(invoice.status(), await invoice.text()).toBe(200);
    const { id, invoiceNumber } = (
      (await invoice.json()) as { data: { invoice: { id: number; invoiceNumber: string } } }
    ).data.invoice;

    await page.goto(`${server.baseUrl}/team`);
    const reminders = page.getByRole('form', { name: 'Reminders of overdue invoices' });
    await reminders.getByRole('checkbox', { name: /E-mail the customer the invoice again/ }).check();
    await reminders.getByRole('textbox', { name: 'Every (days after the due date)' }).fill('7');
    await reminders.getByRole('button', { name: 'Save reminders' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Reminders saved' })).toBeVisible();

    await server.stop();
    server = await startLocalServer({}, dataDir);
    await signedInOwner(page);
    const reminder = await newestMessage(email, 'email', { dataDir, timeoutMs: 60_000 });
    expect(reminder.text).toContain(`Subject: Reminder: invoice ${invoiceNumber} from`);
    expect(pdfActualTexts(attachedPdf(reminder.text))).toContain('مكتبة النور');

    await page.goto(`${server.baseUrl}/invoices/${id}/${invoiceNumber}`);
    const printed = page.getByRole('article', { name: `Invoice ${invoiceNumber}` });
    await expect(printed.getByText(/^Status:\s*OVERDUE$/)).toBeVisible();
    const history = page.getByRole('list', { name: `History of invoice ${invoiceNumber}` });
    await expect(history).toContainText('Overdue: the due date passed with a balance due');
    await expect(history).toContainText(`Reminder 1 of 3 sent by e-mail to ${email}`);
    await expectNoAxeViolations(page);
  });
});
