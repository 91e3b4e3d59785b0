/**
 * Order and paging of the customer and invoice lists (newest first, id as tie-break; page 0 and size 10 by
 * default, size 100 at most) and the home screen's stats, against figures computed here.
 */
import type { Customer, InvoiceWithCustomer, Page, Stats } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, invoices } from '../src/db/schema.js';
import { businessDb, signedInUser } from './support/accounts.js';
import { addInvoice, as, createCustomer } from './support/customers.js';
import { expectFailure, expectSuccess } from './support/profile.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let api: ReturnType<typeof as>;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signedInUser(t, 'ROLE_ADMIN')).tokens.access;
  api = as(t, token);
});
afterAll(() => t.close());

type ListData = { page: Page<Customer>; stats: Stats };

describe('an empty database', () => {
  it('lists nothing, with zero pages and zero stats', async () => {
    const data = expectSuccess<ListData>(await api('GET', '/list'), 'Customers retrieved');
    expect(data.page).toEqual({
      content: [],
      totalPages: 0,
      totalElements: 0,
      numberOfElements: 0,
      size: 10,
      number: 0,
    });
    expect(data.stats).toEqual({ totalCustomers: 0, totalInvoices: 0, totalBilled: 0 });
    const invoicePage = expectSuccess<{ page: Page<InvoiceWithCustomer> }>(
      await api('GET', '/invoice/list'),
      'Invoice retrieved',
    );
    expect(invoicePage.page).toMatchObject({ content: [], totalPages: 0, totalElements: 0 });
  });
});

describe('customer pages', () => {
  const TOTAL = 25;
  let expectedOrder: number[];

  beforeAll(async () => {
    // Creation instants with ties: the id decides between customers created at the same instant.
    const base = Date.UTC(2025, 0, 1);
    const rows = await (
      await businessDb(t)
    )
      .insert(customers)
      .values(
        Array.from({ length: TOTAL }, (_, i) => ({
          name: `Paged ${String(i).padStart(2, '0')}`,
          email: `paged${i}@example.com`,
          type: 'INDIVIDUAL',
          status: 'ACTIVE',
          address: 'Lyon',
          phone: '+33 6 00 00 00 00',
          imageUrl: '/assets/avatars/person-1.svg',
          createdAt: new Date(base + (i % 7) * 86_400_000),
        })),
      )
      .returning({ id: customers.id, createdAt: customers.createdAt });
    expectedOrder = [...rows]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
      .map((r) => r.id);
  });

  it('gives page 0 of size 10 by default, newest first with the id as tie-break', async () => {
    const { page } = expectSuccess<ListData>(await api('GET', '/list'), 'Customers retrieved');
    expect(page).toMatchObject({
      totalPages: 3,
      totalElements: TOTAL,
      numberOfElements: 10,
      size: 10,
      number: 0,
    });
    expect(page.content.map((c) => c.id)).toEqual(expectedOrder.slice(0, 10));
  });

  it('walks the pages without repeating or skipping a customer', async () => {
    const seen: number[] = [];
    for (let number = 0; number < 3; number++) {
      const { page } = expectSuccess<ListData>(
        await api('GET', `/list?page=${number}`),
        'Customers retrieved',
      );
      expect(page.number).toBe(number);
      expect(page.numberOfElements).toBe(number < 2 ? 10 : 5);
      seen.push(...page.content.map((c) => c.id));
    }
    expect(seen).toEqual(expectedOrder);
    const past = expectSuccess<ListData>(await api('GET', '/list?page=3'), 'Customers retrieved');
    expect(past.page).toMatchObject({
      content: [],
      numberOfElements: 0,
      totalPages: 3,
      totalElements: TOTAL,
      number: 3,
    });
  });

  it('takes any size from 1 to 100', async () => {
    const one = expectSuccess<ListData>(await api('GET', '/list?page=4&size=1'), 'Customers retrieved');
    expect(one.page).toMatchObject({ totalPages: TOTAL, size: 1, number: 4, numberOfElements: 1 });
    expect(one.page.content[0]?.id).toBe(expectedOrder[4]);
    const all = expectSuccess<ListData>(await api('GET', '/list?size=100'), 'Customers retrieved');
    expect(all.page).toMatchObject({ totalPages: 1, size: 100, numberOfElements: TOTAL });
    const blank = expectSuccess<ListData>(await api('GET', '/list?page=&size='), 'Customers retrieved');
    expect(blank.page).toMatchObject({ size: 10, number: 0 });
  });

  it('refuses a size over 100 or under 1, a negative page and text, naming the parameter', async () => {
    expectFailure(await api('GET', '/list?size=101'), 400, 'Invalid query: size: Size must be at most 100');
    expectFailure(await api('GET', '/list?size=0'), 400, 'Invalid query: size: Size must be at least 1');
    expectFailure(await api('GET', '/list?page=-1'), 400, 'Invalid query: page: Page must be 0 or more');
    expectFailure(await api('GET', '/list?page=two'), 400, /^Invalid query: page: /);
    expectFailure(await api('GET', '/search?name=a&size=500'), 400, /size: Size must be at most 100/);
    expectFailure(await api('GET', '/invoice/list?page=1.5'), 400, /page: Page must be a whole number/);
  });

  it('pages search results the same way', async () => {
    const { page } = expectSuccess<ListData>(
      await api('GET', '/search?name=paged&page=1&size=20'),
      'Customers retrieved',
    );
    expect(page).toMatchObject({
      totalPages: 2,
      totalElements: TOTAL,
      numberOfElements: 5,
      size: 20,
      number: 1,
    });
    expect(page.content.map((c) => c.id)).toEqual(expectedOrder.slice(20));
  });
});

describe('invoice pages and stats', () => {
  const TOTALS = [0.1, 0.2, 19.99, 1234567.89, 9999999999.99, 9999999999.99, 0.01, 42, 310.5, 7.35, 1, 2.5];

  it('lists invoices newest first with the id as tie-break, paged', async () => {
    const customer = await createCustomer(t, token, { name: 'Billed Customer' });
    const base = Date.UTC(2025, 5, 1);
    const rows = await (
      await businessDb(t)
    )
      .insert(invoices)
      .values(
        TOTALS.map((total, i) => ({
          customerId: customer.id,
          services: `1 Item Number ${total}`,
          date: '2025-06-01',
          status: 'PAID',
          total: total.toFixed(2),
          createdAt: new Date(base + (i % 4) * 60_000),
        })),
      )
      .returning({ id: invoices.id, createdAt: invoices.createdAt });
    const expected = [...rows]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
      .map((r) => r.id);
    const first = expectSuccess<{ page: Page<InvoiceWithCustomer> }>(
      await api('GET', '/invoice/list'),
      'Invoice retrieved',
    );
    expect(first.page).toMatchObject({
      totalPages: 2,
      totalElements: TOTALS.length,
      numberOfElements: 10,
      size: 10,
    });
    const second = expectSuccess<{ page: Page<InvoiceWithCustomer> }>(
      await api('GET', '/invoice/list?page=1'),
      'Invoice retrieved',
    );
    expect([...first.page.content, ...second.page.content].map((i) => i.id)).toEqual(expected);
    expect(second.page.content.every((i) => i.customer.name === 'Billed Customer')).toBe(true);
  });

  it('sums the stats in the database: counts, and the total billed to the cent', async () => {
    const other = await createCustomer(t, token);
    await addInvoice(t, token, other.id, { total: '0.07' });
    const cents = [...TOTALS, 0.07].reduce((sum, total) => sum + Math.round(total * 100), 0);
    const { stats } = expectSuccess<ListData>(await api('GET', '/list'), 'Customers retrieved');
    expect(stats).toEqual({
      totalCustomers: 25 + 2,
      totalInvoices: TOTALS.length + 1,
      totalBilled: cents / 100,
    });
    expect(Number.isInteger(Math.round(stats.totalBilled * 100))).toBe(true);
    expect(String(stats.totalBilled)).toMatch(/^\d+(\.\d{1,2})?$/);
  });
});
