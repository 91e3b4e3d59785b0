/**
 * Each organisation's totals and invoice numbers (decision 17) stay exact while both organisations write at once:
 * the dashboard's stats and the list's page count are the organisation's own rows, and its invoice numbers run
 * from 1 without a gap.
 */
import type { Stats } from '@app/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from '../src/db/orm.js';
import { newOrganisation, signedInUser } from './support/accounts.js';
import { addInvoice, as, createCustomer, rows } from './support/customers.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** 12 customers and 24 invoices written at once by the owner of a new organisation. */
async function busyOrganisation(name: string) {
  const organisationId = await newOrganisation(t, name);
  const owner = await signedInUser(t, 'ROLE_SYSADMIN', { organisationId });
  const token = owner.tokens.access;
  const customers = await Promise.all(
    Array.from({ length: 12 }, (_, i) => createCustomer(t, token, { name: `${name} customer ${i}` })),
  );
  await Promise.all(
    customers.flatMap((customer, i) => [
      addInvoice(t, token, customer.id, { total: 10.05 + i }),
      addInvoice(t, token, customer.id, { total: 0.95 }),
    ]),
  );
  return { organisationId, token };
}

it('keeps each organisation’s stats, page count and invoice numbers exact under concurrent writes of both', async () => {
  const [first, second] = await Promise.all([busyOrganisation('North'), busyOrganisation('South')]);
  for (const { organisationId, token } of [first, second]) {
    const [stored] = await rows<{ customers: number; invoices: number; billed: string }>(
      t,
      sql`SELECT (SELECT count(*)::int FROM customers WHERE organisation_id = ${organisationId}) AS customers,
                 (SELECT count(*)::int FROM invoices WHERE organisation_id = ${organisationId}) AS invoices,
                 (SELECT sum(total)::text FROM invoices WHERE organisation_id = ${organisationId}) AS billed`,
    );
    expect(stored).toEqual({ customers: 12, invoices: 24, billed: expect.any(String) });
    const data = (await as(t, token)('GET', '/list?page=0&size=5')).json().data as {
      stats: Stats;
      page: { totalElements: number; totalPages: number };
    };
    expect(data.stats).toEqual({
      totalCustomers: 12,
      totalInvoices: 24,
      totalBilled: Number(stored?.billed),
    });
    expect(data.page).toMatchObject({ totalElements: 12, totalPages: 3 });
    const numbers = await rows<{ n: number }>(
      t,
      sql`SELECT substring(invoice_number FROM 5)::int AS n FROM invoices WHERE organisation_id = ${organisationId} ORDER BY 1`,
    );
    expect(numbers.map((r) => r.n)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
  }
});
