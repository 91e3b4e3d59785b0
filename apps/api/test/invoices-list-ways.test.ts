/**
 * The invoice list's ways to a page (decision 25) change no answer: for random filters, orders and pages, each page
 * and count equals what plain SQL gives (the filters, ORDER BY the column and the id, OFFSET, count(*)), whichever
 * way the list takes (one customer's invoices, every match sorted, the walks merged, by status each walked; counted
 * from invoice_days, reading the dates or reading the totals), before and after invoices are paid, cancelled,
 * re-dated, re-totalled, moved to another customer, deleted and added, and customers renamed. invoice_days keeps
 * each day's count exact and its ids and numbers around the day's invoices, and each invoice its customer's name.
 * Another organisation's invoices stand beside them, never counted or shown.
 *
 * @module-tag slow
 */
import {
  DEFAULT_SORT_ORDER,
  FILTERED_DEFAULT_SORT,
  FILTERED_LIST_CAP,
  INVOICE_SORTS,
  INVOICE_STATUSES,
  type InvoiceListQuery,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { asc, count, desc, sql, type SQLWrapper } from '../src/db/orm.js';
import { customers, invoices } from '../src/db/schema.js';
import { insertOrganisation } from '../src/modules/auth/account-organisations.repository.js';
import { balanceDueSql } from '../src/modules/customers/invoice-amounts.js';
import { conditionsOf, listInvoices, type ListTuning } from '../src/modules/customers/invoice-list.js';
import { invoiceCustomer } from '../src/modules/customers/invoices.repository.js';
import { asTablesOwner } from './support/tables-owner.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

let database: TestDatabase;
let organisationId: number;
let otherId: number;
/** The organisation's connections: what the API writes and reads through, under row-level security. */
let db: Database;
let customerIds: number[] = [];

const INVOICES = 2400;

/**
 * Customers (some of one name, so the id breaks ties), and invoices over 14 months, mostly dated in the order they
 * are made (as people write them: ids and numbers grow with the dates), some back-dated, in every status: paid in
 * full, partly paid, cancelled, with totals in cents.
 */
async function fill(into: Database, invoiceCount: number, seed: number) {
  await into.execute(sql`
    INSERT INTO customers (name, email, type, status, address, phone, image_url)
    SELECT CASE WHEN i % 5 = 0 THEN 'Amine Benali' ELSE 'Client ' || (${seed} + i) END, 'c' || i || '@example.com',
      'INDIVIDUAL', 'ACTIVE', i || ' rue des Lilas', '+33 6 12 34 56 78', '/assets/avatars/person-1.svg'
    FROM generate_series(1, 30) AS i`);
  await into.execute(sql`
    INSERT INTO invoices (customer_id, services, date, status, total, amount_paid, cancel_reason)
    SELECT customer_id, '1 Work ' || total, date, status, total,
      CASE WHEN status = 'PAID' THEN total + round(total * 0.054, 2) WHEN i % 9 = 0 AND status <> 'CANCELED'
        THEN round(total / 3, 2) ELSE 0 END,
      CASE WHEN status = 'CANCELED' THEN 'Ordered twice' END
    FROM (
      SELECT i, (SELECT min(id) FROM customers) + (i * 7 + ${seed}) % 30 AS customer_id,
        DATE '2025-01-01' + CASE WHEN i % 11 = 0 THEN (i * 37) % 420 ELSE i * 420 / ${invoiceCount} END AS date,
        (ARRAY['PAID','PAID','PENDING','OVERDUE','CANCELED','PAID','PENDING'])[1 + (i * 3 + ${seed}) % 7] AS status,
        (5 + (i * 7919) % 2000 + (i % 13) * 0.07)::numeric(12,2) AS total
      FROM generate_series(1, ${invoiceCount}) AS i
    ) AS drawn`);
}

beforeAll(async () => {
  database = await createTestDatabase();
  organisationId = await insertOrganisation(database.db, 'Ways business');
  otherId = await insertOrganisation(database.db, 'Other business');
  db = database.organisation(organisationId).db;
  await fill(database.organisation(otherId).db, 600, 3);
  await fill(db, INVOICES, 0);
  customerIds = (await db.select({ id: customers.id }).from(customers)).map((row) => row.id);
});
afterAll(() => database.close());

/** seededRandom of the benchmarks (mulberry32). */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const day = (offset: number) =>
  new Date(Date.UTC(2025, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);

/** A random list query: any subset of statuses, a customer, dates (either end or both), totals, order, page. */
function randomQuery(random: () => number): InvoiceListQuery {
  const maybe = (share: number) => random() < share;
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const query: InvoiceListQuery = { page: Math.floor(random() * 10), size: pick([10, 10, 10, 25]) };
  if (query.page * query.size + query.size > FILTERED_LIST_CAP) query.page = 0;
  if (maybe(0.5)) {
    const statuses = INVOICE_STATUSES.filter(() => maybe(0.5));
    if (statuses.length > 0) query.status = statuses;
  }
  if (maybe(0.15)) query.customerId = pick(customerIds);
  if (maybe(0.45)) {
    const start = Math.floor(random() * 440) - 10;
    if (maybe(0.8)) query.from = day(start);
    if (maybe(0.8)) query.to = day(start + Math.floor(random() * 300));
  }
  if (maybe(0.4)) {
    const min = Math.floor(random() * 1800);
    if (maybe(0.8)) query.min = min + pick([0, 0.07, 0.5]);
    if (maybe(0.8)) query.max = min + 20 + Math.floor(random() * 900);
  }
  if (maybe(0.85)) {
    query.sort = pick(INVOICE_SORTS);
    if (maybe(0.6)) query.order = maybe(0.5) ? 'asc' : 'desc';
  }
  // SPEC's list, without filters or order, is another call (newest first, uncapped).
  if (Object.keys(query).length === 2) query.order = 'asc';
  return query;
}

const randomQueries = (seed: number, count: number) => {
  const random = seeded(seed);
  return Array.from({ length: count }, () => randomQuery(random));
};

/** What the list was before its ways: the customer's name as its row has it, the balance as the answers give it. */
const PLAIN_ORDER: Record<(typeof INVOICE_SORTS)[number], SQLWrapper> = {
  number: invoices.invoiceNumber,
  customer: customers.name,
  status: invoices.status,
  date: invoices.date,
  total: invoices.totalCents,
  balanceDue: balanceDueSql,
};

/** The page's ids, its count and whether it is capped, as plain SQL gives them. */
async function plainPage(query: InvoiceListQuery) {
  const sort = query.sort ?? FILTERED_DEFAULT_SORT;
  const direction = (query.order ?? DEFAULT_SORT_ORDER[sort]) === 'asc' ? asc : desc;
  const where = conditionsOf(organisationId, query);
  const page = await db
    .select({ id: invoices.id })
    .from(invoices)
    .innerJoin(customers, invoiceCustomer)
    .where(where)
    .orderBy(direction(PLAIN_ORDER[sort]), direction(invoices.id))
    .limit(query.size)
    .offset(query.page * query.size);
  const [counted] = await db.select({ n: count() }).from(invoices).where(where);
  const matches = counted?.n ?? 0;
  return {
    ids: page.map((row) => row.id),
    totalElements: Math.min(matches, FILTERED_LIST_CAP),
    capped: matches > FILTERED_LIST_CAP,
  };
}

/**
 * Every order both ways, for the open statuses, the closed ones and all, with dates, totals from or up to an unpaid
 * invoice's, both or neither, on a first page or a later one.
 */
async function gridQueries(): Promise<InvoiceListQuery[]> {
  // The smallest and largest totals of the unpaid open invoices: where a walk by balance up and down starts, the
  // invoices with them first on the page.
  const unpaid = (order: typeof asc) =>
    db
      .select({ total: invoices.total })
      .from(invoices)
      .where(sql`${invoices.status} IN ('PENDING', 'OVERDUE') AND ${invoices.amountPaid} = 0`)
      .orderBy(order(invoices.total))
      .limit(1);
  const [[lowest], [highest]] = await Promise.all([unpaid(asc), unpaid(desc)]);
  const low = Number(lowest?.total ?? 0);
  const high = Number(highest?.total ?? 0);
  const filters = [
    {},
    { from: '2025-03-01', to: '2025-10-31' },
    { min: low },
    { max: high },
    { from: '2025-05-10', min: Math.min(low, high), max: Math.max(low, high) },
  ];
  return INVOICE_SORTS.flatMap((sort) =>
    (['asc', 'desc'] as const).flatMap((order) =>
      [undefined, ['PENDING', 'OVERDUE'] as const, ['PAID', 'CANCELED'] as const].flatMap((status) =>
        filters.map((filter, i) => ({
          page: i % 2 === 0 ? 0 : 3,
          size: 25,
          sort,
          order,
          ...filter,
          ...(status && { status: [...status] }),
        })),
      ),
    ),
  );
}

/** The list's answer to each query equals plain SQL's, each way of counting and of reading the page tried. */
async function expectPlainAnswers(queries: InvoiceListQuery[]) {
  const scope = { id: organisationId, ...database.organisation(organisationId) };
  // At this size the dates always hold fewer invoices than the list's threshold, and a narrow filter matches few:
  // the thresholds are lowered too, so that the totals are read and the order walked under every filter.
  const tunings: ListTuning[] = [
    { datesReadBelow: 20_000, everyMatchUpTo: FILTERED_LIST_CAP },
    { datesReadBelow: 300, everyMatchUpTo: FILTERED_LIST_CAP },
    { datesReadBelow: 20_000, everyMatchUpTo: 0 },
    { datesReadBelow: 300, everyMatchUpTo: 0 },
  ];
  for (const query of queries) {
    const expected = await plainPage(query);
    for (const tuning of tunings) {
      const answer = await listInvoices(scope, query, tuning);
      expect(
        { ids: answer.content.map((invoice) => invoice.id), ...answer },
        `${JSON.stringify(query)} ${JSON.stringify(tuning)}`,
      ).toMatchObject(expected);
    }
  }
}

/** invoice_days against the invoices: exact counts, ids and numbers around each day's. */
async function expectDaysKept() {
  const { days, actual } = await asTablesOwner({ database }, async (tx) => {
    const read = async (query: ReturnType<typeof sql>) =>
      ((await tx.execute(query)) as unknown as { rows: Record<string, string | number>[] }).rows;
    return {
      days: await read(sql`SELECT organisation_id::text || ' ' || status || ' ' || date AS day, invoices,
          first_id::text AS first_id, last_id::text AS last_id, first_number, last_number
        FROM invoice_days WHERE invoices > 0 ORDER BY 1`),
      actual: await read(sql`SELECT organisation_id::text || ' ' || status || ' ' || date AS day,
          count(*)::int AS invoices, min(id)::text AS first_id, max(id)::text AS last_id,
          min(invoice_number) AS first_number, max(invoice_number) AS last_number
        FROM invoices GROUP BY organisation_id, status, date ORDER BY 1`),
    };
  });
  expect(days.map((d) => [d.day, Number(d.invoices)])).toEqual(
    actual.map((a) => [a.day, Number(a.invoices)]),
  );
  actual.forEach((a, i) => {
    const kept = days[i];
    expect(Number(kept?.first_id), String(a.day)).toBeLessThanOrEqual(Number(a.first_id));
    expect(Number(kept?.last_id), String(a.day)).toBeGreaterThanOrEqual(Number(a.last_id));
    expect(String(kept?.first_number) <= String(a.first_number), String(a.day)).toBe(true);
    expect(String(kept?.last_number) >= String(a.last_number), String(a.day)).toBe(true);
  });
}

async function expectCustomerNamesKept() {
  const differing = await db.execute(sql`
    SELECT count(*)::int AS n FROM invoices i JOIN customers c ON c.organisation_id = i.organisation_id
      AND c.id = i.customer_id WHERE i.customer_name IS DISTINCT FROM c.name`);
  expect((differing as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
}

describe('the invoice list, whichever way it takes', () => {
  it('answers as plain SQL does', async () => {
    await expectDaysKept();
    await expectCustomerNamesKept();
    await expectPlainAnswers([...(await gridQueries()), ...randomQueries(1, 150)]);
  }, 180_000);

  it('answers as plain SQL does after invoices and customers change', async () => {
    // Paid in full, partly paid, cancelled, re-dated (a day left empty, another joined), re-totalled, moved to
    // another customer, deleted; new invoices dated among the old ones; customers renamed.
    await db.execute(sql`UPDATE invoices SET status = 'PAID', amount_paid = total + round(total * 0.054, 2)
      WHERE id % 17 = 0 AND status IN ('PENDING', 'OVERDUE')`);
    await db.execute(
      sql`UPDATE invoices SET amount_paid = round(total / 2, 2) WHERE id % 13 = 0 AND status = 'OVERDUE'`,
    );
    await db.execute(sql`UPDATE invoices SET status = 'CANCELED', cancel_reason = 'Sent twice'
      WHERE id % 19 = 0 AND status <> 'CANCELED'`);
    await db.execute(sql`UPDATE invoices SET date = date + 45 WHERE id % 7 = 0`);
    await db.execute(sql`UPDATE invoices SET date = DATE '2024-12-25' WHERE id % 101 = 0`);
    await db.execute(sql`UPDATE invoices SET total = total + 0.99 WHERE id % 29 = 0`);
    await db.execute(sql`UPDATE invoices SET customer_id = ${customerIds[1]} WHERE id % 31 = 0`);
    await db.execute(sql`DELETE FROM invoices WHERE id % 23 = 0`);
    await fill(db, 200, 5);
    await db.execute(sql`UPDATE customers SET name = 'Zoé ' || name WHERE id % 4 = 0`);
    await db.execute(sql`UPDATE customers SET name = 'Amine Benali' WHERE id % 6 = 1`);
    customerIds = (await db.select({ id: customers.id }).from(customers)).map((row) => row.id);
    await expectDaysKept();
    await expectCustomerNamesKept();
    await expectPlainAnswers([...(await gridQueries()), ...randomQueries(2, 150)]);
  }, 180_000);

  it("keeps another organisation's invoices out of every count and page", async () => {
    const scope = { id: organisationId, ...database.organisation(organisationId) };
    const all = await listInvoices(scope, { page: 0, size: 10, sort: 'total' });
    const [own] = await db.select({ n: count() }).from(invoices);
    expect(all.totalElements).toBe(Math.min(own?.n ?? 0, FILTERED_LIST_CAP));
    const other = { id: otherId, ...database.organisation(otherId) };
    const theirs = await listInvoices(other, { page: 0, size: 10, status: ['PAID'], sort: 'number' });
    expect(theirs.content.length).toBe(10);
    expect(theirs.totalElements).toBeLessThan(600);
  });
});
