/**
 * The positions and counts a process remembers (customer-list-memory.ts) never change an answer: deep pages
 * started from a remembered position and remembered search counts equal what plain OFFSET and count(*)
 * give, before and after customers are added, renamed or re-dated; a search's two ways give the same pages;
 * and the customers' version moves exactly when a change could alter a search or the order. Everything happens in
 * one organisation while another's customers of the same names stand beside it, never counted or shown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { sql } from '../src/db/orm.js';
import { createCustomerList, type CustomerList } from '../src/modules/customers/customer-list.js';
import {
  allMatchesQuery,
  newestMatchingQuery,
  pageWithTotalsOf,
} from '../src/modules/customers/customers.repository.js';
import { insertOrganisation } from '../src/modules/auth/account-organisations.repository.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

let database: TestDatabase;
/** The organisation of the test, and its connections: every statement below reads and writes only its rows. */
let organisationId: number;
let db: Database;
const newList = (now?: () => number) =>
  createCustomerList({ id: organisationId, ...database.organisation(organisationId) }, now);

/**
 * 2 500 customers, two by two created at the same instant (so the id breaks ties), to the microsecond
 * (which a remembered position must keep: JavaScript's dates stop at the millisecond).
 */
async function fill() {
  await db.execute(sql`
    INSERT INTO customers (name, email, type, status, address, phone, image_url, created_at)
    SELECT CASE WHEN i % 7 = 0 THEN 'Martin ' ELSE 'Client ' END || i, 'c' || i || '@example.com',
      'INDIVIDUAL', 'ACTIVE', i || ' rue des Lilas', '+33 6 12 34 56 78', '/assets/avatars/person-1.svg',
      timestamptz '2024-01-01' + (i / 2) * interval '1 minute' + (i / 2 % 3) * interval '1 microsecond'
    FROM generate_series(1, 2500) AS i`);
}

/** The ids of a page as plain OFFSET gives them: what every answer must equal. */
async function expectedIds(offset: number, limit = 10): Promise<number[]> {
  const result = (await db.execute(
    sql`SELECT id FROM customers ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
  )) as unknown as { rows: { id: number | string }[] };
  return result.rows.map((r) => Number(r.id));
}

async function matching(pattern: string): Promise<number> {
  const result = (await db.execute(
    sql`SELECT count(*)::int AS n FROM customers WHERE name ILIKE ${pattern}`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n);
}

async function version(): Promise<number> {
  const result = (await db.execute(sql`SELECT customers_version AS v FROM customer_totals`)) as unknown as {
    rows: { v: number | string }[];
  };
  return Number(result.rows[0]?.v);
}

const pageIds = async (list: CustomerList, page: number) =>
  (await list.page({ page, size: 10 })).page.content.map((c) => c.id);

beforeAll(async () => {
  database = await createTestDatabase();
  // Another organisation first, with the same customers: its ids come first, and nothing of it may show.
  const other = await insertOrganisation(database.db, 'Other business');
  db = database.organisation(other).db;
  await fill();
  organisationId = await insertOrganisation(database.db, 'Memory test');
  db = database.organisation(organisationId).db;
  await fill();
});
afterAll(() => database.close());

describe('deep pages from remembered positions', () => {
  it('equal plain OFFSET, before and after the list changes', async () => {
    let clock = 0;
    const list = newList(() => clock);
    const deepPages = [100, 150, 151, 199, 249];

    // The first deep page reads the positions; from then on the deep pages start from them.
    for (const page of deepPages) expect(await pageIds(list, page)).toEqual(await expectedIds(page * 10));
    expect(list.memory.anchorAtOrBefore(1500)?.position).toBe(1000);
    expect(list.memory.anchorAtOrBefore(2000)?.position).toBe(2000);

    // A new customer, newest: every page moves by one. The positions are stale until read again.
    await db.execute(sql`
      INSERT INTO customers (name, email, type, status, address, phone, image_url)
      VALUES ('Nouveau', 'n@example.com', 'INDIVIDUAL', 'ACTIVE', '1 rue', '+33 6 12 34 56 78', '/a.svg')`);
    for (const page of deepPages) expect(await pageIds(list, page)).toEqual(await expectedIds(page * 10));
    clock += 10_000;
    for (const page of deepPages) expect(await pageIds(list, page)).toEqual(await expectedIds(page * 10));

    // A customer re-dated to the oldest of all: the pages after its old place move back by one.
    await db.execute(
      sql`UPDATE customers SET created_at = timestamptz '2000-01-01' WHERE name = 'Client 1201'`,
    );
    clock += 10_000;
    for (const page of [...deepPages, 0, 1]) {
      expect(await pageIds(list, page)).toEqual(await expectedIds(page * 10));
    }
    const last = Math.floor(2500 / 10);
    expect(await pageIds(list, last)).toEqual(await expectedIds(last * 10));
  });
});

describe('remembered search counts', () => {
  it('equal count(*) after customers matching it are added or renamed', async () => {
    const list = newList();
    const total = async () => (await list.search('martin', { page: 0, size: 10 })).totalElements;
    expect(await total()).toBe(await matching('%martin%'));
    expect(list.memory.knownSearch('martin')?.count).toBe(await matching('%martin%'));
    // Counted again only when the page shows the customers have changed.
    expect(await total()).toBe(await matching('%martin%'));

    await db.execute(sql`
      INSERT INTO customers (name, email, type, status, address, phone, image_url)
      VALUES ('Élodie Martin', 'em@example.com', 'INDIVIDUAL', 'ACTIVE', '1 rue', '+33 6 12 34 56 78', '/a.svg')`);
    expect(await total()).toBe(await matching('%martin%'));
    await db.execute(sql`UPDATE customers SET name = 'Martine ' || id WHERE name = 'Client 2'`);
    expect(await total()).toBe(await matching('%martin%'));
    await db.execute(sql`UPDATE customers SET name = 'Client 14 bis' WHERE name = 'Martin 14'`);
    expect(await total()).toBe(await matching('%martin%'));
  });
});

describe("a search's two ways", () => {
  /** The ids and count of a search as plain SQL gives them: what both ways must equal. */
  async function expectedSearch(text: string, offset: number) {
    const where = sql`strpos(lower(name), lower(${text})) > 0`;
    const ids = (await db.execute(
      sql`SELECT id FROM customers WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT 10 OFFSET ${offset}`,
    )) as unknown as { rows: { id: number | string }[] };
    const total = (await db.execute(
      sql`SELECT count(*)::int AS n FROM customers WHERE ${where}`,
    )) as unknown as { rows: { n: number }[] };
    return { ids: ids.rows.map((r) => Number(r.id)), count: Number(total.rows[0]?.n) };
  }

  it('give the same pages, newest first, for common, rare and absent names', async () => {
    // "martin": one customer in seven; "client 12": a few dozen; "client 2498": one; "zzz": none.
    for (const name of ['martin', 'MARTIN', 'client 12', 'client 2498', 'zzz']) {
      for (const offset of [0, 10, 30, 350]) {
        const expected = await expectedSearch(name, offset);
        const allRows = await allMatchesQuery(db, organisationId, name, 10, offset);
        const all = pageWithTotalsOf(allRows);
        // The walk compares the name as searched, which the other way gives.
        const needle = allRows[0]?.needle ?? '';
        expect(needle).toBe(name.toLowerCase());
        const walked = pageWithTotalsOf(await newestMatchingQuery(db, organisationId, needle, 10, offset));
        expect(walked.content.map((c) => c.id)).toEqual(expected.ids);
        expect(all.content.map((c) => c.id)).toEqual(expected.ids);
        expect(allRows[0]?.matches).toBe(expected.count);
      }
    }
  });

  it('are both taken by the list: a page of a rare name, then pages of a common name it knows', async () => {
    const list = newList();
    for (const [name, page] of [
      ['client 2498', 0],
      ['martin', 0],
      ['martin', 1],
      ['martin', 20],
      // Known by its own count, and walked with the name as searched ("martin"), not as typed.
      ['MARTIN', 0],
      ['MARTIN', 1],
    ] as const) {
      const expected = await expectedSearch(name, page * 10);
      const found = await list.search(name, { page, size: 10 });
      expect(found.content.map((c) => c.id)).toEqual(expected.ids);
      expect(found.totalElements).toBe(expected.count);
    }
  });
});

describe("the customers' version", () => {
  it('moves with a new, removed, renamed or re-dated customer, and not with a new phone number', async () => {
    const before = await version();
    await db.execute(sql`UPDATE customers SET phone = '+33 7 00 00 00 00' WHERE name = 'Client 3'`);
    expect(await version()).toBe(before);
    await db.execute(sql`UPDATE customers SET name = 'Client 3 bis' WHERE name = 'Client 3'`);
    expect(await version()).toBe(before + 1);
    await db.execute(sql`UPDATE customers SET created_at = now() WHERE name = 'Client 4'`);
    expect(await version()).toBe(before + 2);
    await db.execute(sql`DELETE FROM customers WHERE name = 'Client 5'`);
    expect(await version()).toBe(before + 3);
    // A statement that changes nothing leaves it alone.
    await db.execute(sql`DELETE FROM customers WHERE name = 'nobody'`);
    expect(await version()).toBe(before + 3);
  });
});
