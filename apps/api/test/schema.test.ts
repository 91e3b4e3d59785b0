/**
 * The constraints live in the database: what it refuses cannot be written by a bug. The statements run as the
 * tables' owner, to test the constraints themselves; row-level security is tested in organisations-rls.test.ts.
 */
import { EVENT_TYPES } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.js';
import { sql } from '../src/db/orm.js';
import { asTablesOwner, ownerRows } from './support/tables-owner.js';
import { createTestDatabase } from './support/test-database.js';

let database: DatabaseHandle;
let organisationId: number;
const rows = <T>(query: ReturnType<typeof sql>) => ownerRows<T>({ database }, query);

/** The SQLSTATE of the error a statement raises (drizzle wraps the driver's error as its cause). */
async function sqlState(query: ReturnType<typeof sql>): Promise<string | undefined> {
  try {
    await asTablesOwner({ database }, (tx) => tx.execute(query));
    return undefined;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code;
  }
}

async function insertUser(email: string) {
  const [row] = await rows<{ id: number }>(
    sql`INSERT INTO users (first_name, last_name, email, password_hash) VALUES ('Amina', 'Diallo', ${email}, 'x') RETURNING id`,
  );
  return Number(row?.id);
}

async function insertOrganisation(name: string) {
  const [row] = await rows<{ id: number }>(
    sql`INSERT INTO organisations (name) VALUES (${name}) RETURNING id`,
  );
  return Number(row?.id);
}

async function insertCustomer(name = 'Société Générale', organisation = organisationId) {
  const [row] = await rows<{ id: number }>(sql`
    INSERT INTO customers (organisation_id, name, email, type, status, address, phone, image_url)
    VALUES (${organisation}, ${name}, 'contact@example.com', 'INSTITUTION', 'ACTIVE', '1 rue de Paris', '0102030405', 'https://example.com/a.png')
    RETURNING id`);
  return Number(row?.id);
}

beforeAll(async () => {
  database = await createTestDatabase();
  organisationId = await insertOrganisation('Schema business');
});
afterAll(() => database.close());

describe('seed rows', () => {
  it('has the four roles with their permissions', async () => {
    const roles = await rows<{ name: string; permission: string }>(
      sql`SELECT name, permission FROM roles ORDER BY id`,
    );
    expect(roles.map((r) => r.name)).toEqual(['ROLE_USER', 'ROLE_MANAGER', 'ROLE_ADMIN', 'ROLE_SYSADMIN']);
    expect(roles[0]?.permission).toBe('READ:USER,READ:CUSTOMER');
    expect(roles[3]?.permission.split(',')).toHaveLength(8);
  });

  it('has the nine event types', async () => {
    const types = await rows<{ type: string }>(sql`SELECT type FROM event_types ORDER BY id`);
    // The contracts' list, in the order of their ids.
    expect(types.map((t) => t.type)).toEqual([...EVENT_TYPES]);
    expect(types).toHaveLength(9);
  });
});

describe('users', () => {
  it('refuses an e-mail that differs from an existing one only by case', async () => {
    await insertUser('amina@example.com');
    expect(
      await sqlState(sql`INSERT INTO users (first_name, last_name, email, password_hash)
      VALUES ('A', 'B', 'AMINA@Example.COM', 'x')`),
    ).toBe('23505');
  });

  it('gives a user at most one role in an organisation, and roles in several', async () => {
    const userId = await insertUser('one-role@example.com');
    const other = await insertOrganisation('Another business');
    const member = (organisation: number, role: number) =>
      sql`INSERT INTO memberships (organisation_id, user_id, role_id) VALUES (${organisation}, ${userId}, ${role})`;
    expect(await sqlState(member(organisationId, 1))).toBeUndefined();
    expect(await sqlState(member(organisationId, 2))).toBe('23505');
    expect(await sqlState(member(other, 4))).toBeUndefined();
    expect(
      await sqlState(sql`INSERT INTO memberships (organisation_id, user_id, role_id)
      VALUES (${organisationId}, ${userId + 1000}, 1)`),
    ).toBe('23503');
  });

  it("works only in an organisation it belongs to (the current one is one of the user's memberships)", async () => {
    const userId = await insertUser('current@example.com');
    const current = (organisation: number) =>
      sql`UPDATE users SET current_organisation_id = ${organisation} WHERE id = ${userId}`;
    expect(await sqlState(current(organisationId))).toBe('23503');
    await rows(
      sql`INSERT INTO memberships (organisation_id, user_id, role_id) VALUES (${organisationId}, ${userId}, 1)`,
    );
    expect(await sqlState(current(organisationId))).toBeUndefined();
    // Leaving it first means working elsewhere: the membership of the current organisation cannot go.
    expect(
      await sqlState(
        sql`DELETE FROM memberships WHERE organisation_id = ${organisationId} AND user_id = ${userId}`,
      ),
    ).toBe('23503');
  });

  it('stores timestamps with their time zone', async () => {
    const columns = await rows<{ table_name: string; column_name: string }>(sql`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND data_type = 'timestamp without time zone'`);
    expect(columns).toEqual([]);
  });
});

describe('customers and invoices', () => {
  it('refuses a customer type or status outside the lists, and a customer of no organisation', async () => {
    expect(
      await sqlState(sql`INSERT INTO customers (organisation_id, name, email, type, status, address, phone, image_url)
      VALUES (${organisationId}, 'X', 'x@example.com', 'ROBOT', 'ACTIVE', 'a', 'p', 'i')`),
    ).toBe('23514');
    expect(
      await sqlState(sql`INSERT INTO customers (organisation_id, name, email, type, status, address, phone, image_url)
      VALUES (${organisationId}, 'X', 'x@example.com', 'INDIVIDUAL', 'DELETED', 'a', 'p', 'i')`),
    ).toBe('23514');
    // No organisation named and none set on the connection: NOT NULL.
    expect(
      await sqlState(sql`INSERT INTO customers (name, email, type, status, address, phone, image_url)
      VALUES ('X', 'x@example.com', 'INDIVIDUAL', 'ACTIVE', 'a', 'p', 'i')`),
    ).toBe('23502');
  });

  it("numbers each organisation's invoices from 1 without gaps, uniquely, and keeps money to the cent", async () => {
    const own = await insertOrganisation('Numbered business');
    const other = await insertOrganisation('Other numbered business');
    const invoice = (organisation: number, customerId: number, total: number | string) =>
      sql`INSERT INTO invoices (organisation_id, customer_id, services, date, status, total)
      VALUES (${organisation}, ${customerId}, '1 Web Design 200', '2026-11-01', 'PENDING', ${total})
      RETURNING invoice_number, total`;
    const customerId = await insertCustomer('Numbered', own);
    const otherCustomerId = await insertCustomer('Other numbered', other);
    const [first] = await rows<{ invoice_number: string; total: string }>(invoice(own, customerId, 200.005));
    expect(first).toEqual({ invoice_number: 'INV-000001', total: expect.anything() });
    expect(String(first?.total)).toBe('200.01');
    // A refused invoice (a total of zero) gives its number back: the next one is 2, not 3.
    expect(await sqlState(invoice(own, customerId, 0))).toBe('23514');
    const [second] = await rows<{ invoice_number: string }>(invoice(own, customerId, 100));
    expect(second?.invoice_number).toBe('INV-000002');
    // Another organisation counts from 1 too.
    const [otherFirst] = await rows<{ invoice_number: string }>(invoice(other, otherCustomerId, 10));
    expect(otherFirst?.invoice_number).toBe('INV-000001');
    expect(
      await sqlState(sql`INSERT INTO invoices (organisation_id, invoice_number, customer_id, services, date, status, total)
      VALUES (${own}, 'INV-000001', ${customerId}, 's', '2026-11-03', 'PAID', 1)`),
    ).toBe('23505');
  });

  it("refuses an invoice with a bad status, a total of zero, an unknown customer or another organisation's", async () => {
    const customerId = await insertCustomer();
    const invoice = (organisation: number, customer: number, status: string, total: number) =>
      sql`INSERT INTO invoices (organisation_id, customer_id, services, date, status, total)
      VALUES (${organisation}, ${customer}, 's', '2026-11-01', ${status}, ${total})`;
    expect(await sqlState(invoice(organisationId, customerId, 'LOST', 10))).toBe('23514');
    expect(await sqlState(invoice(organisationId, customerId, 'PAID', 0))).toBe('23514');
    expect(await sqlState(invoice(organisationId, 999999, 'PAID', 10))).toBe('23503');
    const other = await insertOrganisation('Not the customer’s business');
    expect(await sqlState(invoice(other, customerId, 'PAID', 10))).toBe('23503');
  });

  it('finds customer names without regard to case or accents through the trigram index', async () => {
    await insertCustomer('Hélène Dubois');
    const found = await rows<{ name: string }>(
      sql`SELECT name FROM customers WHERE search_name LIKE '%' || search_text(${'HELENE'}) || '%'`,
    );
    expect(found.map((r) => r.name)).toContain('Hélène Dubois');

    const indexes = await rows<{ indexdef: string }>(
      sql`SELECT indexdef FROM pg_indexes WHERE indexname = 'customers_organisation_search_name_idx'`,
    );
    expect(indexes[0]?.indexdef).toMatch(/USING gin \(organisation_id, search_name gin_trgm_ops\)/);
    // The plans that use it are checked at a realistic size in customers-search.test.ts.
  });
});
