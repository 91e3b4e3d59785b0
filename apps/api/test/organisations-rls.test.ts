/**
 * The second wall between businesses (decision 17): PostgreSQL's row-level security. The API works as a role that
 * is not the tables' owner and does not bypass it; a connection set to one organisation reads, changes and writes
 * that organisation's business rows only, even with a statement that names no organisation at all, and a
 * connection set to none sees no business row. On both drivers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.js';
import { API_ROLE } from '../src/db/organisation-connections.js';
import { sql, type SQL } from '../src/db/orm.js';
import { customers, invoices } from '../src/db/schema.js';
import { insertOrganisation } from '../src/modules/auth/account-organisations.repository.js';
import { ownerRows } from './support/tables-owner.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

let database: TestDatabase;
let mine: number;
let theirs: number;
let theirCustomer: number;

const rowsOf = async <T>(db: Database, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The SQLSTATE of the error a statement raises (drizzle wraps the driver's error as its cause). */
async function sqlState(run: Promise<unknown>): Promise<string | undefined> {
  try {
    await run;
    return undefined;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code;
  }
}

const newCustomer = (name: string) => ({
  name,
  email: `${name.toLowerCase().replaceAll(' ', '.')}@example.com`,
  type: 'INDIVIDUAL',
  status: 'ACTIVE',
  address: '1 rue de la Paix, Lyon',
  phone: '+33 6 00 00 00 00',
  imageUrl: '/assets/avatars/person-1.svg',
});

beforeAll(async () => {
  database = await createTestDatabase();
  mine = await insertOrganisation(database.db, 'Mine');
  theirs = await insertOrganisation(database.db, 'Theirs');
  const own = database.organisation(mine).db;
  const other = database.organisation(theirs).db;
  const [mineCustomer] = await own.insert(customers).values(newCustomer('My Customer')).returning();
  const [theirsCustomer] = await other.insert(customers).values(newCustomer('Their Customer')).returning();
  theirCustomer = theirsCustomer?.id ?? 0;
  await own.insert(invoices).values({
    customerId: mineCustomer?.id ?? 0,
    services: '1 Web Design 200',
    date: '2026-03-01',
    status: 'PAID',
    total: '200.00',
  });
  await other.insert(invoices).values({
    customerId: theirCustomer,
    services: '1 Their Secret 999',
    date: '2026-03-01',
    status: 'PAID',
    total: '999.00',
  });
});
afterAll(() => database.close());

describe('row-level security on the business tables', () => {
  it("is the API's role, which owns no table and does not bypass the policies", async () => {
    const [who] = await rowsOf<{ current_user: string; bypass: boolean; owns: boolean }>(
      database.db,
      sql`SELECT current_user,
            (SELECT rolbypassrls OR rolsuper FROM pg_roles WHERE rolname = current_user) AS bypass,
            EXISTS (SELECT 1 FROM pg_tables WHERE tableowner = current_user) AS owns`,
    );
    expect(who).toEqual({ current_user: API_ROLE, bypass: false, owns: false });
    const policies = await ownerRows<{ tablename: string }>(
      { database },
      sql`SELECT c.relname AS tablename FROM pg_class c
          WHERE c.relrowsecurity AND c.relname IN ('customers', 'invoices', 'customer_totals') ORDER BY 1`,
    );
    expect(policies.map((p) => p.tablename)).toEqual(['customer_totals', 'customers', 'invoices']);
  });

  it('gives a statement that names no organisation only the rows of the connection’s', async () => {
    const own = database.organisation(mine).db;
    expect((await own.select().from(customers)).map((c) => c.name)).toEqual(['My Customer']);
    expect((await own.select().from(invoices)).map((i) => i.services)).toEqual(['1 Web Design 200']);
    const totals = await rowsOf<{ organisation_id: number | string }>(
      own,
      sql`SELECT * FROM customer_totals`,
    );
    expect(totals.map((t) => Number(t.organisation_id))).toEqual([mine]);
    // Asked by id, another organisation's customer is not there.
    expect(
      await own
        .select()
        .from(customers)
        .where(sql`id = ${theirCustomer}`),
    ).toEqual([]);
    // The name search function answers within the connection's organisation too.
    const found = await rowsOf(own, sql`SELECT * FROM customers_whose_search_name_contains('customer')`);
    expect(found).toHaveLength(1);
  });

  it('changes and removes nothing of another organisation, and writes nothing into it', async () => {
    const own = database.organisation(mine).db;
    const changed = await own.update(customers).set({ name: 'Taken over' }).returning();
    expect(changed.map((c) => c.name)).toEqual(['Taken over']);
    expect(
      await own
        .delete(invoices)
        .where(sql`services LIKE '%Secret%'`)
        .returning(),
    ).toEqual([]);
    expect(
      await sqlState(own.insert(customers).values({ ...newCustomer('Planted'), organisationId: theirs })),
    ).toBe('42501');
    // Refused by the invoice number's trigger, which cannot see the other organisation's counter, or else by the policy.
    expect(
      await sqlState(
        own.insert(invoices).values({
          organisationId: theirs,
          customerId: theirCustomer,
          services: '1 Planted 1',
          date: '2026-03-02',
          status: 'PAID',
          total: '1.00',
        }),
      ),
    ).toMatch(/^(42501|P0001)$/);
    // Moving one's own customer into another organisation is refused as well.
    expect(await sqlState(own.update(customers).set({ organisationId: theirs }))).toBe('42501');
    const theirRows = await ownerRows<{ name: string }>(
      { database },
      sql`SELECT name FROM customers WHERE organisation_id = ${theirs}`,
    );
    expect(theirRows.map((r) => r.name)).toEqual(['Their Customer']);
  });

  it('shows no business row at all on a connection set to no organisation', async () => {
    expect(await database.db.select().from(customers)).toEqual([]);
    expect(await database.db.select().from(invoices)).toEqual([]);
    expect(await rowsOf(database.db, sql`SELECT * FROM customer_totals`)).toEqual([]);
    expect(await sqlState(database.db.insert(customers).values(newCustomer('Nobody’s')))).toBe('42501');
    // After an organisation's calls, a pooled connection handed out for none is set back to none.
    await database.organisation(mine).db.select().from(customers);
    expect(await database.db.select().from(customers)).toEqual([]);
  });
});
