/**
 * The customer and invoice area in Chromium against the real server and its demo data (50 customers, 150
 * invoices, one account per role): every screen with axe, paging and search, the ROLE_USER's disabled form
 * (and the server's 403 when forced), a customer and an invoice created and found again, the invoice's PDF
 * (its text as written, in any script, and its fonts) and the customer report read back from the downloaded
 * files, and a phone-width page.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO_PASSWORD, signInAs } from './support/demo-accounts';
import { watchCsp } from './support/csp';
import { expect, expectNoAxeViolations, test } from './support/test';
import { useLoginForm } from './support/login-form';
import { pdfFonts, pdfText } from '../scripts/pdf-text';

/**
 * A PDF's text as pdftotext extracts it, read as written. jsPDF shapes Arabic by drawing each letter as its joined
 * form (the Arabic Presentation Forms of Unicode), so that is what the PDF's text holds, in the order the letters are
 * read; NFKC folds each form back to its letter. pdftotext also marks each right-to-left run with embedding
 * characters (U+202B, U+202C), left out here.
 */
const asWritten = (text: string) => text.normalize('NFKC').replace(/[\u202A-\u202E]/g, '');

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
/** A form field by its label; required fields show an asterisk after it. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`));
const firstIdCell = (page: Page) =>
  page
    .getByRole('table', { name: /^Customers, page/ })
    .getByRole('row')
    .nth(1)
    .getByRole('cell')
    .first();

test('the dashboard after the login screen: stats, customers, pager, View', async ({ page }) => {
  // The login screen itself, as a manager would sign in.
  await page.goto('/login');
  await useLoginForm(page);
  await page.getByLabel('Email').fill('manager@example.com');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  // The login screen leads home, which loads the reader's page: the test's own navigation waits for it, or the
  // two would race and one be cancelled.
  await expect(page).toHaveURL(/\/coran$/);

  await page.goto('/home');
  await expect(heading(page)).toHaveText('Dashboard');
  await expect(page.getByText('Total Customers')).toBeVisible();
  await expect(page.getByText('Total Invoices')).toBeVisible();
  // Total Billed, the first amount of the page (the billing figures follow).
  await expect(page.getByText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/).first()).toBeVisible();
  const table = page.getByRole('table', { name: /^Customers, page 1 of \d+$/ });
  await expect(table.getByRole('columnheader')).toHaveText([
    'ID',
    'Photo',
    'Name',
    'Email',
    'Phone',
    'Status',
    'Type',
    'Action',
  ]);
  await expect(table.getByRole('row')).toHaveCount(11);
  const pager = page.getByRole('navigation', { name: 'Pages of customers' });
  await expect(pager.getByRole('button', { name: 'Prev' })).toBeDisabled();
  await expect(pager.getByRole('button', { name: 'Page 5' })).toBeVisible();
  await expectNoAxeViolations(page);

  const firstOnPage1 = await firstIdCell(page).textContent();
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('table', { name: /^Customers, page 2 of/ })).toBeVisible();
  await expect(firstIdCell(page)).not.toHaveText(firstOnPage1 ?? '');
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  // The last page disables Next.
  const last = pager.getByRole('button', { name: /^Page \d+$/ }).last();
  await last.click();
  await expect(last).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();

  // View opens the customer.
  const view = page.getByRole('link', { name: /^View / }).first();
  const href = await view.getAttribute('href');
  await view.click();
  await expect(page).toHaveURL(href ?? '/customers/');
  await expect(heading(page)).toHaveText('Customer');
});

test('the customer report: saved under its File-Name, read back with exceljs', async ({ page }) => {
  await signInAs(page, 'manager@example.com');
  await page.goto('/home');
  await expect(page.getByText('Total Billed')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the customer report (Excel)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('customer-report.xlsx');
  await expect(page.getByText('Downloading file...')).toBeVisible();

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path()) as string);
  const sheet = workbook.getWorksheet('Customers');
  expect(sheet).toBeDefined();
  const header = (sheet?.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual(['ID', 'Name', 'Email', 'Type', 'Status', 'Address', 'Phone', 'Created At']);
  expect(sheet?.actualRowCount ?? 0).toBeGreaterThanOrEqual(51);
});

test('/customers: search by name from page 0, paging, export icon', async ({ page }) => {
  await signInAs(page, 'user@example.com');
  await page.goto('/customers');
  await expect(heading(page)).toHaveText('Customers');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Home');
  await expect(page.getByRole('button', { name: 'Download the customer report (Excel)' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoAxeViolations(page);

  await page
    .getByRole('navigation', { name: 'Pages of customers' })
    .getByRole('button', { name: 'Page 3' })
    .click();
  await expect(page.getByRole('table', { name: /page 3 of/ })).toBeVisible();

  // Accents and case ignored by the server: "benali" finds "Karim Benali"; the search starts at page 1.
  await page.getByLabel('Customer Name').fill('benali');
  await page.getByRole('button', { name: 'Search Customers' }).click();
  const results = page.getByRole('table', { name: /^Customers named like "benali", page 1 of/ });
  await expect(results).toBeVisible();
  await expect(results.getByRole('cell', { name: 'Karim Benali', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Prev' })).toBeDisabled();
  await expect(page).toHaveURL(/\/customers\?name=benali$/);

  // Narrowed to the active institutions and sorted by what each was billed, most first; a reload keeps it all.
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByRole('table', { name: /^Customers, page 1 of/ })).toBeVisible();
  await page.getByRole('checkbox', { name: 'ACTIVE', exact: true }).check();
  await page.getByRole('checkbox', { name: 'INSTITUTION' }).check();
  await page.getByRole('button', { name: 'Search Customers' }).click();
  await page.getByRole('button', { name: /^Total Billed/ }).click();
  await expect(page).toHaveURL(/\/customers\?status=ACTIVE&type=INSTITUTION&sort=totalBilled$/);
  await page.reload();
  const table = page.getByRole('table', { name: /^Customers, page 1 of/ });
  await expect(page.getByRole('columnheader', { name: /^Total Billed/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toContainText('ACTIVE');
  const cells = async (column: number) =>
    (await rows.locator(`td:nth-child(${column})`).allTextContents()).map((text) => text.trim());
  expect(new Set(await cells(6))).toEqual(new Set(['ACTIVE']));
  expect(new Set(await cells(7))).toEqual(new Set(['INSTITUTION']));
  const billed = (await cells(9)).map((text) => Number(text.replace(/[$,]/g, '')));
  expect(billed).toEqual([...billed].sort((a, b) => b - a));
});

test('a ROLE_USER sees the profile form disabled, and the server refuses a forced update', async ({
  page,
}) => {
  const tokens = await signInAs(page, 'user@example.com');
  await page.goto('/customers/1');
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  for (const label of ['Name', 'Email', 'Type', 'Status', 'Address', 'Phone', 'Image URL'])
    await expect(field(page, label)).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Update' })).toBeDisabled();
  await expect(page.getByText('Your role lets you view customers, not change them.')).toBeVisible();
  await expectNoAxeViolations(page);

  const customer = await page.request.get('/api/customer/get/1', {
    headers: { Authorization: `Bearer ${tokens.access_token}` },
  });
  const { data } = (await customer.json()) as { data: { customer: Record<string, unknown> } };
  const { invoices: _invoices, createdAt: _createdAt, ...values } = data.customer;
  const forced = await page.request.put('/api/customer/update', {
    headers: { Authorization: `Bearer ${tokens.access_token}` },
    data: { ...values, name: 'Changed by a plain user' },
  });
  expect(forced.status()).toBe(403);
});

test('a manager updates a customer', async ({ page }) => {
  await signInAs(page, 'manager@example.com');
  await page.goto('/customers/2');
  const phone = field(page, 'Phone');
  await expect(phone).toBeEnabled();
  const newPhone = `+33 6 ${String(Date.now() % 100).padStart(2, '0')} 00 00 00`;
  await phone.fill(newPhone);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Customer updated')).toBeVisible();
  await page.reload();
  await expect(field(page, 'Phone')).toHaveValue(newPhone);
});

test('an admin creates a customer and an invoice, finds them, prints and exports the invoice', async ({
  page,
}) => {
  // Two forms, two lists, the printable invoice and its PDF drawn in the browser: a long journey, measured at
  // 78 s on a 2-core machine running the suite alone; twice that, for a busy one.
  test.setTimeout(160_000);
  const csp = watchCsp(page);
  await signInAs(page, 'admin@example.com');
  const name = `E2E Client ${Date.now().toString(36)}`;

  await page.goto('/customers/new');
  await expect(heading(page)).toHaveText('New Customer');
  await expect(field(page, 'Type')).toHaveValue('INDIVIDUAL');
  await expect(field(page, 'Status')).toHaveValue('ACTIVE');
  await expectNoAxeViolations(page);
  await field(page, 'Name').fill(name);
  await field(page, 'Email').fill(`${name.replace(/\s+/g, '.').toLowerCase()}@example.com`);
  await field(page, 'Address').fill('1 rue de Rivoli, 75001 Paris');
  await field(page, 'Phone').fill('+33 6 10 20 30 40');
  await field(page, 'Type').selectOption('INSTITUTION');
  await field(page, 'Status').selectOption('PENDING');
  await field(page, 'Image URL').fill('/assets/avatars/institution-1.svg');
  await page.getByRole('button', { name: 'Save Customer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Customer created' })).toBeVisible();
  // Back to the defaults after saving.
  await expect(field(page, 'Name')).toHaveValue('');
  await expect(field(page, 'Type')).toHaveValue('INDIVIDUAL');
  await expect(field(page, 'Status')).toHaveValue('ACTIVE');

  await page.goto('/customers');
  await page.getByLabel('Customer Name').fill(name);
  await page.getByRole('button', { name: 'Search Customers' }).click();
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('PENDING');

  await page.goto('/invoices/new');
  await expect(heading(page)).toHaveText('New Invoice');
  await expect(field(page, 'Status')).toHaveValue('PENDING');
  await expectNoAxeViolations(page);
  await page.getByLabel('Description of line 1').fill('Web Design');
  await page.getByLabel('Unit price of line 1').fill('200');
  await page.getByRole('button', { name: 'Add line' }).click();
  await page.getByLabel('Description of line 2').fill('Monthly SEO audit');
  await page.getByLabel('Quantity of line 2').fill('3');
  await page.getByLabel('Unit price of line 2').fill('50.10');
  await page.getByRole('button', { name: 'Add line' }).click();
  await page.getByLabel('Description of line 3').fill('Hosting');
  await page.getByLabel('Unit price of line 3').fill('0.20');
  // 200 + 150.30 + 0.20, and 5.4 % of it (18.9297 → 18.93)
  await expect(page.getByLabel('Invoice total')).toHaveText('Total$350.50Tax (5.4%)$18.93Total due$369.43');
  const customerBox = page.getByRole('textbox', { name: 'Customer' });
  await customerBox.click();
  await customerBox.fill(name.slice(0, 14));
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await expect(customerBox).toHaveValue(name);
  await field(page, 'Date').fill('2026-03-01');
  await field(page, 'Status').selectOption('OVERDUE');
  await page.getByRole('button', { name: 'Save Invoice' }).click();
  const saved = page.getByRole('status').filter({ hasText: /^Invoice added to customer with ID: \d+/ });
  await expect(saved).toBeVisible();
  await expect(saved.getByRole('link', { name: /^Print invoice / })).toBeVisible();
  await expect(field(page, 'Status')).toHaveValue('PENDING');
  await expect(page.getByLabel('Description of line 1')).toHaveValue('');

  // The customer's page lists it; Print opens the printable invoice.
  await page.goto('/customers');
  await page.getByLabel('Customer Name').fill(name);
  await page.getByRole('button', { name: 'Search Customers' }).click();
  await page.getByRole('link', { name: `View ${name}` }).click();
  await expect(page.getByText('Total Invoices')).toBeVisible();
  const row = page
    .getByRole('table', { name: `Invoices of ${name}` })
    .getByRole('row')
    .nth(1);
  await expect(row).toContainText('Web Design, Monthly SEO audit');
  await expect(row).toContainText('OVERDUE');
  await expect(row).toContainText('Mar 1, 2026');
  await expect(row).toContainText('$350.50');
  await expectNoAxeViolations(page);
  await row.getByRole('link', { name: /^Print invoice / }).click();

  const invoice = page.getByRole('article', { name: /^Invoice INV-/ });
  await expect(invoice).toBeVisible();
  const invoiceNumber = ((await invoice.getAttribute('aria-label')) ?? '').replace('Invoice ', '');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(invoiceNumber);
  await expect(page.getByText('Invoice retrieved')).toBeVisible();
  for (const text of [
    'Coran-Hadith, Inc.',
    'Fax: (123) 456-7890',
    name,
    'Mar 1, 2026',
    'Due Date: 30 Days from Invoice Date',
    'Provided Servives',
    'Monthly SEO audit',
    '$150.30',
    'THANK YOU FOR YOUR BUSINESS',
    'Telephone:(123) 456-7890',
  ])
    await expect(invoice).toContainText(text);
  // 350.50 + 5.4% (18.927 → 18.93) = 369.43.
  await expect(invoice.getByText('$18.93')).toBeVisible();
  await expect(invoice.getByText('$369.43')).toBeVisible();
  await expectNoAxeViolations(page);

  // The browser's print shows the invoice alone.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Export as PDF' })).toBeHidden();
  await expect(page.locator('header').first()).toBeHidden();
  await expect(invoice).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  const downloading = page.waitForEvent('download', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Export as PDF' }).click();
  const pdf = await downloading;
  expect(pdf.suggestedFilename()).toBe(`invoice-${invoiceNumber}.pdf`);
  const bytes = fs.readFileSync((await pdf.path()) as string);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = pdfText(bytes);
  for (const words of [
    invoiceNumber,
    name,
    'Monthly SEO audit',
    'Due Date: 30 Days from Invoice Date',
    '$369.43',
  ])
    expect(text).toContain(words);
  expect(csp).toEqual([]);
});

test('the exported PDF prints names, addresses and e-mails as written, in fonts it embeds', async ({
  page,
}) => {
  const { access_token } = await signInAs(page, 'admin@example.com');
  const headers = { Authorization: `Bearer ${access_token}` };
  const customer = {
    name: 'مريم العلي',
    email: 'zoe.lefevre-dupre@exemple.fr',
    address: '12 rue de l’Église, 90-001 Łódź',
  };
  const created = await page.request.post('/api/customer/create', {
    headers,
    data: {
      ...customer,
      phone: '+33 6 10 20 30 40',
      type: 'INDIVIDUAL',
      status: 'ACTIVE',
      imageUrl: '/assets/avatars/person-2.svg',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const customerId = ((await created.json()) as { data: { customer: { id: number } } }).data.customer.id;
  const description = 'Création du site — « À propos » pour Zoë Lefèvre-Dupré';
  const added = await page.request.post(`/api/customer/invoice/addtocustomer/${customerId}`, {
    headers,
    data: {
      customerId,
      date: '2026-03-01',
      status: 'PENDING',
      lines: [{ description, quantity: 1, unitPrice: 200 }],
    },
  });
  expect(added.status(), await added.text()).toBe(200);
  const { id, invoiceNumber } = (
    (await added.json()) as { data: { invoice: { id: number; invoiceNumber: string } } }
  ).data.invoice;

  await page.goto(`/invoices/${id}/${invoiceNumber}`);
  await expect(page.getByRole('article', { name: `Invoice ${invoiceNumber}` })).toContainText(customer.name);
  const downloading = page.waitForEvent('download', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Export as PDF' }).click();
  const bytes = fs.readFileSync((await (await downloading).path()) as string);

  // Every text whole, with no space inside a word or an e-mail address, and the Arabic in the order it is read.
  const text = asWritten(pdfText(bytes));
  for (const written of [customer.name, customer.email, customer.address, description])
    expect(text).toContain(written);
  // Drawn in fonts the PDF carries, not in a reader's Helvetica.
  const fonts = pdfFonts(bytes);
  expect(fonts.map((font) => font.name)).toContain('noto sans');
  expect(fonts.filter((font) => !font.embedded || /helvetica/i.test(font.name))).toEqual([]);
});

test('/invoices: table, pager, Print', async ({ page }) => {
  await signInAs(page, 'user@example.com');
  await page.goto('/invoices');
  await expect(heading(page)).toHaveText('Invoices');
  const table = page.getByRole('table', { name: /^Invoices, page 1 of \d+$/ });
  // The sortable headers carry a mark of their order (↕ while the list is newest first).
  await expect(table.getByRole('columnheader')).toHaveText([
    'Invoice Number↕',
    'Customer↕',
    'Service',
    'Status↕',
    'Date↕',
    'Total↕',
    'Balance Due↕',
    'Print',
  ]);
  await expect(table.getByRole('row')).toHaveCount(11);
  await expectNoAxeViolations(page);
  const first = await table.getByRole('row').nth(1).getByRole('cell').first().textContent();
  await page
    .getByRole('navigation', { name: 'Pages of invoices' })
    .getByRole('button', { name: 'Next' })
    .click();
  await expect(page.getByRole('table', { name: /^Invoices, page 2 of/ })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row').nth(1)).not.toContainText(first ?? '');
  await page
    .getByRole('link', { name: /^Print invoice / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/invoices\/\d+\/INV-\d+$/);
  await expect(page.getByRole('button', { name: 'Export as PDF' })).toBeVisible();
});

test('an unknown invoice: error state and notification', async ({ page }) => {
  await signInAs(page, 'user@example.com');
  await page.goto('/invoices/999999/INV-999999');
  await expect(
    page.getByRole('alert').filter({ hasText: 'No invoice with ID 999999' }).first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export as PDF' })).toHaveCount(0);
});

test('on a 375 px phone the pages keep to the screen; tables scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  // An administrator: /invoices/new shows its form (with the lines' table) only to a role that may create.
  await signInAs(page, 'admin@example.com');
  for (const path of [
    '/home',
    '/customers',
    '/customers/3',
    '/invoices',
    '/invoices/new',
    '/invoices/1/INV-000001',
  ]) {
    await page.goto(path);
    await expect(heading(page)).toBeVisible();
    await expect(page.getByRole('table').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await page.goto('/home');
  const region = page.getByRole('region', { name: /^Customers, page 1/ });
  const scrollable = await region.evaluate((box) => box.scrollWidth > box.clientWidth);
  expect(scrollable).toBe(true);
  await expectNoAxeViolations(page);
});
