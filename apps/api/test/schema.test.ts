/** The constraints live in the database: what it refuses cannot be written by a bug. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.js';
import { sql } from '../src/db/orm.js';
import { createTestDatabase } from './support/test-database.js';

let database: DatabaseHandle;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** The SQLSTATE of the error a statement raises (drizzle wraps the driver's error as its cause). */
async function sqlState(query: ReturnType<typeof sql>): Promise<string | undefined> {
  try {
    await database.db.execute(query);
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

async function insertCustomer(name = 'Société Générale') {
  const [row] = await rows<{ id: number }>(sql`
    INSERT INTO customers (name, email, type, status, address, phone, image_url)
    VALUES (${name}, 'contact@example.com', 'INSTITUTION', 'ACTIVE', '1 rue de Paris', '0102030405', 'https://example.com/a.png')
    RETURNING id`);
  return Number(row?.id);
}

beforeAll(async () => {
  database = await createTestDatabase();
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
    expect(types.map((t) => t.type)).toEqual([
      'LOGIN_ATTEMPT',
      'LOGIN_ATTEMPT_FAILURE',
      'LOGIN_ATTEMPT_SUCCESS',
      'PROFILE_UPDATE',
      'PROFILE_PICTURE_UPDATE',
      'ROLE_UPDATE',
      'ACCOUNT_SETTINGS_UPDATE',
      'PASSWORD_UPDATE',
      'MFA_UPDATE',
    ]);
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

  it('gives a user at most one role', async () => {
    const userId = await insertUser('one-role@example.com');
    await database.db.execute(sql`INSERT INTO user_roles (user_id, role_id) VALUES (${userId}, 1)`);
    expect(await sqlState(sql`INSERT INTO user_roles (user_id, role_id) VALUES (${userId}, 2)`)).toBe(
      '23505',
    );
    expect(await sqlState(sql`INSERT INTO user_roles (user_id, role_id) VALUES (${userId + 1000}, 1)`)).toBe(
      '23503',
    );
  });

  it('stores timestamps with their time zone', async () => {
    const columns = await rows<{ table_name: string; column_name: string }>(sql`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND data_type = 'timestamp without time zone'`);
    expect(columns).toEqual([]);
  });
});

describe('customers and invoices', () => {
  it('refuses a customer type or status outside the lists', async () => {
    expect(
      await sqlState(sql`INSERT INTO customers (name, email, type, status, address, phone, image_url)
      VALUES ('X', 'x@example.com', 'ROBOT', 'ACTIVE', 'a', 'p', 'i')`),
    ).toBe('23514');
    expect(
      await sqlState(sql`INSERT INTO customers (name, email, type, status, address, phone, image_url)
      VALUES ('X', 'x@example.com', 'INDIVIDUAL', 'DELETED', 'a', 'p', 'i')`),
    ).toBe('23514');
  });

  it('numbers invoices from a sequence, uniquely, and keeps money to the cent', async () => {
    const customerId = await insertCustomer();
    const created = await rows<{ invoice_number: string; total: string }>(sql`
      INSERT INTO invoices (customer_id, services, date, status, total) VALUES
        (${customerId}, '1 Web Design 200', '2026-11-01', 'PENDING', 200.005),
        (${customerId}, '1 SEO Work 100', '2026-11-02', 'PAID', 100)
      RETURNING invoice_number, total`);
    expect(created.map((r) => r.invoice_number)).toEqual([
      expect.stringMatching(/^INV-\d{6}$/),
      expect.stringMatching(/^INV-\d{6}$/),
    ]);
    expect(created[0]?.invoice_number).not.toBe(created[1]?.invoice_number);
    expect(String(created[0]?.total)).toBe('200.01');
    const number = created[0]?.invoice_number ?? '';
    expect(
      await sqlState(sql`INSERT INTO invoices (invoice_number, customer_id, services, date, status, total)
      VALUES (${number}, ${customerId}, 's', '2026-11-03', 'PAID', 1)`),
    ).toBe('23505');
  });

  it('refuses an invoice with a bad status, a total of zero or an unknown customer', async () => {
    const customerId = await insertCustomer();
    expect(
      await sqlState(sql`INSERT INTO invoices (customer_id, services, date, status, total)
      VALUES (${customerId}, 's', '2026-11-01', 'LOST', 10)`),
    ).toBe('23514');
    expect(
      await sqlState(sql`INSERT INTO invoices (customer_id, services, date, status, total)
      VALUES (${customerId}, 's', '2026-11-01', 'PAID', 0)`),
    ).toBe('23514');
    expect(
      await sqlState(sql`INSERT INTO invoices (customer_id, services, date, status, total)
      VALUES (999999, 's', '2026-11-01', 'PAID', 10)`),
    ).toBe('23503');
  });

  it('finds customer names without regard to case or accents through the trigram index', async () => {
    await insertCustomer('Hélène Dubois');
    const found = await rows<{ name: string }>(
      sql`SELECT name FROM customers WHERE search_name LIKE '%' || search_text(${'HELENE'}) || '%'`,
    );
    expect(found.map((r) => r.name)).toContain('Hélène Dubois');

    const indexes = await rows<{ indexdef: string }>(
      sql`SELECT indexdef FROM pg_indexes WHERE indexname = 'customers_search_name_idx'`,
    );
    expect(indexes[0]?.indexdef).toMatch(/USING gin \(search_name gin_trgm_ops\)/);
    // The plans that use it are checked at a realistic size in customers-search.test.ts.
  });
});
