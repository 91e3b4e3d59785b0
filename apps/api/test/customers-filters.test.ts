/**
 * GET /api/customer/search narrowed by status and type, and sorted by name, creation time or total billed (issue 24);
 * each customer's total billed, kept by triggers on invoices, compared with the sum of its invoices after every kind
 * of change; bad filters refused with the reason; a narrowed list counts and pages through its first
 * FILTERED_LIST_CAP customers and says when there are more.
 */
import { FILTERED_LIST_CAP, type CustomerSearchData, type InvoiceAddedData } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/db/orm.js';
import { newOrganisation, signedInUser } from './support/accounts.js';
import { addInvoice, as, createCustomer } from './support/customers.js';
import { expectFailure, expectSuccess } from './support/profile.js';
import { ownerRows } from './support/tables-owner.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let api: ReturnType<typeof as>;

/** Name, type, status and the invoice totals billed to each (one more, cancelled, bills nothing). */
const CUSTOMERS = [
  ['Zoé Marchand', 'INDIVIDUAL', 'ACTIVE', [120, 30]],
  ['Atelier Benali', 'INSTITUTION', 'ACTIVE', [999.99]],
  ['Éric Martin', 'INDIVIDUAL', 'PENDING', []],
  ['Mairie de Lyon', 'INSTITUTION', 'INACTIVE', [40]],
  ['Nadia Haddad', 'INDIVIDUAL', 'BANNED', [500, 0.01]],
] as const;

beforeAll(async () => {
  t = await createTestApp();
  const organisation = await newOrganisation(t, 'Librairie des Tris');
  owner = await signedInUser(t, 'ROLE_SYSADMIN', { organisationId: organisation });
  api = as(t, owner.tokens.access);
  for (const [name, type, status, totals] of CUSTOMERS) {
    const customer = await createCustomer(t, owner.tokens.access, { name, type, status });
    for (const total of totals) await addInvoice(t, owner.tokens.access, customer.id, { total });
    await addInvoice(t, owner.tokens.access, customer.id, { total: 77, status: 'CANCELED' });
  }
});
afterAll(() => t.close());

async function search(query: string) {
  return expectSuccess<CustomerSearchData>(await api('GET', `/search?${query}`), 'Customers retrieved').page;
}
const names = (page: CustomerSearchData['page']) => page.content.map((customer) => customer.name);

describe('the customer list narrowed and sorted', () => {
  it('by status and type, newest first, each customer with what it was billed', async () => {
    const active = await search('status=ACTIVE');
    expect(names(active)).toEqual(['Atelier Benali', 'Zoé Marchand']);
    expect(active.content.map((customer) => customer.totalBilled)).toEqual([999.99, 150]);
    expect(active).toMatchObject({ totalElements: 2, capped: false });
    expect(names(await search('status=ACTIVE,BANNED&type=INDIVIDUAL'))).toEqual([
      'Nadia Haddad',
      'Zoé Marchand',
    ]);
    expect(names(await search('type=INSTITUTION'))).toEqual(['Mairie de Lyon', 'Atelier Benali']);
    expect(names(await search('status=PENDING&type=INSTITUTION'))).toEqual([]);
  });

  it('by name, creation time or total billed, either way, with the name searched', async () => {
    const byName = ['Atelier Benali', 'Éric Martin', 'Mairie de Lyon', 'Nadia Haddad', 'Zoé Marchand'];
    expect(names(await search('sort=name'))).toEqual(byName);
    expect(names(await search('sort=name&order=desc'))).toEqual([...byName].reverse());
    expect(names(await search('sort=created&order=asc'))).toEqual(CUSTOMERS.map(([name]) => name));
    expect(names(await search('sort=totalBilled'))).toEqual([
      'Atelier Benali',
      'Nadia Haddad',
      'Zoé Marchand',
      'Mairie de Lyon',
      'Éric Martin',
    ]);
    expect(names(await search('sort=totalBilled&order=asc&type=INDIVIDUAL'))).toEqual([
      'Éric Martin',
      'Zoé Marchand',
      'Nadia Haddad',
    ]);
    // Accents and case ignored, as SPEC's search.
    expect(names(await search('name=MAR&sort=name'))).toEqual(['Éric Martin', 'Zoé Marchand']);
    expect(names(await search('name=mar&status=PENDING'))).toEqual(['Éric Martin']);
  });

  it("keeps SPEC's search newest first when nothing narrows it, and pages a narrowed list", async () => {
    const spec = await search('name=&sort=created&order=desc');
    expect(names(spec)).toEqual(CUSTOMERS.map(([name]) => name).reverse());
    expect(spec.capped).toBe(false);
    const second = await search('sort=name&size=2&page=1');
    expect(names(second)).toEqual(['Mairie de Lyon', 'Nadia Haddad']);
    expect(second).toMatchObject({ totalElements: 5, totalPages: 3, number: 1, size: 2 });
  });

  it("shows none of another business's customers", async () => {
    const other = await newOrganisation(t, 'Autre Commerce');
    const stranger = await signedInUser(t, 'ROLE_SYSADMIN', { organisationId: other });
    await createCustomer(t, stranger.tokens.access, { name: 'Client Étranger', status: 'ACTIVE' });
    const page = expectSuccess<CustomerSearchData>(
      await as(t, stranger.tokens.access)('GET', '/search?status=ACTIVE&sort=totalBilled'),
      'Customers retrieved',
    ).page;
    expect(names(page)).toEqual(['Client Étranger']);
  });

  it('refuses bad filters with the reason, and pages beyond the cap', async () => {
    for (const [query, reason] of [
      ['status=GONE', /Status must be among ACTIVE, PENDING, BANNED, INACTIVE/],
      ['type=ACTIVE', /Type must be among INDIVIDUAL, INSTITUTION/],
      ['sort=email', /sort: Sort must be one of created, name, totalBilled/],
      ['sort=name&order=up', /order: Order must be asc or desc/],
      [
        `sort=name&size=10&page=${FILTERED_LIST_CAP / 10}`,
        /^A filtered or sorted list shows its first 1000 customers: narrow the filters to see the others$/,
      ],
    ] as const) {
      expectFailure(await api('GET', `/search?${query}`), 400, reason);
    }
  });
});

describe('what each customer was billed', () => {
  /** Each customer's kept total beside the sum of its invoices that are not cancelled, in cents. */
  const keptAndSummed = () =>
    ownerRows<{ id: number; kept: string; summed: string }>(
      t,
      sql`SELECT c.id, c.billed_cents::text AS kept,
            coalesce((SELECT sum(total_cents) FROM invoices i WHERE i.customer_id = c.id AND i.status <> 'CANCELED'), 0)::text AS summed
          FROM customers c ORDER BY c.id`,
    );

  it('follows new invoices, payments, cancelling and deleted invoices', async () => {
    const customer = await createCustomer(t, owner.tokens.access, { name: 'Suivi des Montants' });
    const added = await addInvoice(t, owner.tokens.access, customer.id, { total: 200 });
    const first = (added.json().data as InvoiceAddedData).invoice;
    await addInvoice(t, owner.tokens.access, customer.id, { total: 15.5 });
    const billed = async () =>
      expectSuccess<{ customer: { totalBilled: number } }>(
        await api('GET', `/get/${customer.id}`),
        'Customer retrieved',
      ).customer.totalBilled;
    expect(await billed()).toBe(215.5);

    // Money received, then given back: neither changes what was billed.
    for (const kind of ['payments', 'refunds']) {
      const moved = await api('POST', `/invoice/${first.id}/${kind}`, {
        date: '2026-04-02',
        amount: 50,
        method: 'CASH',
        note: '',
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await billed()).toBe(215.5);
    }
    const cancelled = await api('POST', `/invoice/${first.id}/cancel`, { reason: 'Ordered twice' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await billed()).toBe(15.5);

    await ownerRows(t, sql`DELETE FROM invoices WHERE customer_id = ${customer.id} AND status <> 'CANCELED'`);
    expect(await billed()).toBe(0);
    for (const row of await keptAndSummed()) expect(row.kept, `customer ${row.id}`).toBe(row.summed);
  });
});
