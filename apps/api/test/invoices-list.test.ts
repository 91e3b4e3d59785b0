/**
 * GET /api/customer/invoice/list with filters and an order (issue 24): by status, customer, dates and totals, any
 * sortable column in both directions; bad filters refused with the reason; a filtered list counts and pages
 * through its first FILTERED_LIST_CAP invoices and says when there are more.
 */
import { FILTERED_LIST_CAP, type InvoiceListData } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from '../src/db/orm.js';
import { newOrganisation, signedInUser } from './support/accounts.js';
import { addInvoice, as, createCustomer } from './support/customers.js';
import { expectFailure, expectSuccess } from './support/profile.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let api: ReturnType<typeof as>;
let organisationId: number;
let ids = { karim: 0, nadia: 0 };

/** A business of its own with two customers and six invoices: [customer, total, date, status], in that order. */
async function businessWithInvoices(name: string) {
  const organisation = await newOrganisation(t, name);
  const owner = await signedInUser(t, 'ROLE_SYSADMIN', { organisationId: organisation });
  const customersOf = {
    karim: (await createCustomer(t, owner.tokens.access, { name: 'Karim Benali' })).id,
    nadia: (await createCustomer(t, owner.tokens.access, { name: 'Nadia Haddad' })).id,
  };
  const invoices = [
    [customersOf.karim, 100, '2026-01-10', 'PAID'],
    [customersOf.nadia, 250, '2026-02-05', 'PENDING'],
    [customersOf.karim, 40, '2026-02-20', 'OVERDUE'],
    [customersOf.nadia, 999.99, '2026-03-01', 'CANCELED'],
    [customersOf.karim, 250, '2026-03-15', 'PENDING'],
    [customersOf.nadia, 12.5, '2026-04-01', 'PAID'],
  ] as const;
  for (const [customerId, total, date, status] of invoices)
    await addInvoice(t, owner.tokens.access, customerId, { total, date, status });
  return { organisation, owner, customersOf, api: as(t, owner.tokens.access) };
}

beforeAll(async () => {
  t = await createTestApp();
  const business = await businessWithInvoices('Librairie des Filtres');
  ({ api } = business);
  organisationId = business.organisation;
  ids = business.customersOf;
});
afterAll(() => t.close());

async function list(query: string) {
  return expectSuccess<InvoiceListData>(await api('GET', `/invoice/list?${query}`), 'Invoice retrieved').page;
}
const totals = (page: InvoiceListData['page']) => page.content.map((invoice) => invoice.total);

describe('the invoices exported', () => {
  let exporter: Awaited<ReturnType<typeof businessWithInvoices>>;
  beforeAll(async () => {
    exporter = await businessWithInvoices('Librairie des Exports');
  });

  it('as CSV: every invoice the filters find, by number, with its amounts, safe to open in a spreadsheet', async () => {
    const { owner, api } = exporter;
    const customer = await createCustomer(t, owner.tokens.access, { name: '=HYPERLINK("x") Élodie, "É"' });
    await addInvoice(t, owner.tokens.access, customer.id, {
      total: 77.7,
      date: '2026-05-05',
      status: 'PENDING',
    });
    const res = await api('GET', `/invoice/export?format=csv&status=PENDING,OVERDUE&min=40`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['file-name']).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...lines] = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toBe(
      'Invoice Number,Customer,Date,Due Date,Status,Services,Total,Tax,Amount Due,Paid,Balance Due',
    );
    expect(lines.map((line) => line.split(',').slice(2, 5).join(' '))).toEqual([
      '2026-02-05 2026-03-07 PENDING',
      '2026-02-20 2026-03-22 OVERDUE',
      '2026-03-15 2026-04-14 PENDING',
      expect.stringContaining('2026-05-05 2026-06-04'),
    ]);
    expect(lines[0]).toMatch(/,Nadia Haddad,.*,250\.00,13\.50,263\.50,0\.00,263\.50$/);
    // A name a spreadsheet would run as a formula starts with an apostrophe; commas and quotes are quoted.
    expect(lines[3]).toContain(`,"'=HYPERLINK(""x"") Élodie, ""É""",`);
  });

  it('as an Excel file that reads back, and only for whom may export', async () => {
    const { organisation, api } = exporter;
    const res = await api('GET', '/invoice/export?format=xlsx&status=PAID');
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Invoices');
    const values = (row: number) => (sheet?.getRow(row).values as unknown[]).slice(1);
    expect(values(1)[0]).toBe('Invoice Number');
    expect(sheet?.rowCount).toBe(3);
    expect(values(2).slice(1, 5)).toEqual(['Karim Benali', '2026-01-10', '2026-02-09', 'PAID']);
    expect(values(2).slice(6)).toEqual([100, 5.4, 105.4, 105.4, 0]);

    const user = await signedInUser(t, 'ROLE_USER', { organisationId: organisation });
    expectFailure(await as(t, user.tokens.access)('GET', '/invoice/export?format=csv'), 403);
    expectFailure(await api('GET', '/invoice/export?format=pdf'), 400, /format: Format must be csv or xlsx/);
  });
});

describe('the invoice list, filtered', () => {
  it("without filters is SPEC's list, newest first, uncapped", async () => {
    const page = await list('page=0&size=10');
    expect(totals(page)).toEqual([12.5, 250, 999.99, 40, 250, 100]);
    expect(page).toMatchObject({ totalElements: 6, totalPages: 1, capped: false });
  });

  it('by one status or several, by customer, by dates and by totals, all together', async () => {
    expect(totals(await list('status=PENDING'))).toEqual([250, 250]);
    expect(totals(await list('status=PAID,OVERDUE'))).toEqual([12.5, 40, 100]);
    const karims = await list(`customerId=${ids.karim}`);
    expect(karims.content.every((invoice) => invoice.customer.name === 'Karim Benali')).toBe(true);
    expect(karims.totalElements).toBe(3);
    expect(totals(await list('from=2026-02-05&to=2026-03-01'))).toEqual([999.99, 40, 250]);
    expect(totals(await list('min=40&max=250'))).toEqual([250, 40, 250, 100]);
    const both = await list(`status=PENDING&customerId=${ids.nadia}&from=2026-02-01&max=300`);
    expect(totals(both)).toEqual([250]);
    expect(both).toMatchObject({ totalElements: 1, totalPages: 1, capped: false });
    expect((await list('status=PAID&min=1000')).content).toEqual([]);
  });

  it('sorted by any column, both ways, ties broken by id', async () => {
    expect(totals(await list('sort=total'))).toEqual([999.99, 250, 250, 100, 40, 12.5]);
    expect(totals(await list('sort=total&order=asc'))).toEqual([12.5, 40, 100, 250, 250, 999.99]);
    expect((await list('sort=date&order=asc')).content.map((i) => i.date)).toEqual([
      '2026-01-10',
      '2026-02-05',
      '2026-02-20',
      '2026-03-01',
      '2026-03-15',
      '2026-04-01',
    ]);
    const byNumber = (await list('sort=number&order=asc')).content.map((i) => i.invoiceNumber);
    expect(byNumber).toEqual([...byNumber].sort());
    const byCustomer = (await list('sort=customer')).content.map((i) => i.customer.name);
    expect(byCustomer).toEqual([...Array(3).fill('Karim Benali'), ...Array(3).fill('Nadia Haddad')]);
    expect((await list('sort=status')).content.map((i) => i.status)).toEqual([
      'CANCELED',
      'OVERDUE',
      'PAID',
      'PAID',
      'PENDING',
      'PENDING',
    ]);
    // The balance as the answers give it: nothing for a paid or cancelled invoice, the total and tax otherwise.
    const byBalance = (await list('sort=balanceDue')).content.map((i) => i.balanceDue);
    expect(byBalance).toEqual([263.5, 263.5, 42.16, 0, 0, 0]);
    expect(byBalance).toEqual([...byBalance].sort((a, b) => b - a));
    // Filters and an order together, page by page.
    const first = await list('status=PENDING,PAID&sort=total&order=asc&size=2');
    const second = await list('status=PENDING,PAID&sort=total&order=asc&size=2&page=1');
    expect([...totals(first), ...totals(second)]).toEqual([12.5, 100, 250, 250]);
    expect(first).toMatchObject({ totalElements: 4, totalPages: 2 });
  });

  it('refuses filters it cannot read, with the reason', async () => {
    const refused = async (query: string, reason: RegExp) =>
      expectFailure(await api('GET', `/invoice/list?${query}`), 400, reason);
    await refused('status=LATE', /Status must be among PAID, PENDING, OVERDUE, CANCELED/);
    await refused('from=2026-03-01&to=2026-02-01', /to: The last day is before the first day/);
    await refused('min=300&max=200', /max: The largest total is below the smallest/);
    await refused('min=12.345', /min: The smallest total has at most 2 decimals/);
    await refused(
      'sort=services',
      /sort: Sort must be one of number, customer, status, date, total, balanceDue/,
    );
    await refused('customerId=abc', /customerId: Customer must be a customer ID/);
  });

  it(`counts a filtered list up to ${FILTERED_LIST_CAP} invoices, says there are more, and pages no further`, async () => {
    await t.database.organisation(organisationId).db.execute(sql`
      INSERT INTO invoices (customer_id, services, date, status, total)
      SELECT ${ids.nadia}, '1 Bulk 5', DATE '2025-06-01', 'PENDING', 5
      FROM generate_series(1, ${FILTERED_LIST_CAP})`);
    const pending = await list('status=PENDING');
    expect(pending).toMatchObject({
      totalElements: FILTERED_LIST_CAP,
      totalPages: FILTERED_LIST_CAP / 10,
      capped: true,
    });
    expect((await list(`status=PENDING&page=${FILTERED_LIST_CAP / 10 - 1}`)).content).toHaveLength(10);
    expectFailure(
      await api('GET', `/invoice/list?status=PENDING&page=${FILTERED_LIST_CAP / 10}`),
      400,
      `A filtered or sorted list shows its first ${FILTERED_LIST_CAP} invoices: narrow the filters to see the others`,
    );
    // Narrower, it is whole again; the whole list, newest first, is never capped.
    expect(await list('status=PENDING&min=6')).toMatchObject({ totalElements: 2, capped: false });
    expect(await list('')).toMatchObject({ totalElements: FILTERED_LIST_CAP + 6, capped: false });
  });
});
