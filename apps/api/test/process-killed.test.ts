/**
 * The server process killed with SIGKILL while it writes customers and invoices: afterwards every
 * acknowledged creation is in the database, nothing is half-written (each row is exactly what was sent),
 * the totals kept by triggers still match the rows, and a new process serves the same data and goes on
 * numbering invoices. Runs on the PostgreSQL server, where a process can die without taking the data with it.
 *
 * @module-tag slow
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { insertUser } from '../src/modules/auth/users.repository.js';
import { insertOrganisation } from '../src/modules/auth/account-organisations.repository.js';
import { startApiProcess, type ServerProcess } from './support/api-process.js';
import { createTestDatabase, testDriver, type TestDatabase } from './support/test-database.js';

const EMAIL = 'killed.admin@example.com';
const PASSWORD = 'correct horse battery';
const WRITERS = 10;
/** Acknowledged creations before the kill: enough that many more are in flight when it comes. */
const ACKNOWLEDGED_BEFORE_KILL = 60;

type Sent = { kind: 'customer' | 'invoice'; body: Record<string, unknown>; acknowledged: boolean };

async function logIn(server: ServerProcess): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const body = (await res.json()) as { data?: { access_token?: string } };
  if (!body.data?.access_token) throw new Error(`login failed (${res.status})`);
  return body.data.access_token;
}

function send(server: ServerProcess, token: string, url: string, body: object) {
  return fetch(`${server.baseUrl}/api/customer${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

describe.skipIf(testDriver !== 'postgres')('the server killed in the middle of writes', () => {
  let database: TestDatabase;
  let db: pg.Client;
  let firstCustomerId: number;
  const sent: Sent[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    await insertUser(database.db, {
      firstName: 'Killed',
      lastName: 'Admin',
      email: EMAIL,
      passwordHash: await hashPassword(PASSWORD),
      organisationId: await insertOrganisation(database.db, 'Killed business'),
      roleName: 'ROLE_ADMIN',
      confirmed: true,
    });
    db = new pg.Client({ connectionString: database.url });
    await db.connect();

    const server = await startApiProcess({ DATABASE_URL: database.url ?? '' });
    try {
      const token = await logIn(server);
      const first = await send(server, token, '/create', customerBody(0));
      firstCustomerId = ((await first.json()) as { data: { customer: { id: number } } }).data.customer.id;

      // Writers create customers and invoices back to back until the process dies under them.
      let next = 1;
      let acknowledged = 0;
      let killed = false;
      const writer = async () => {
        while (!killed) {
          const n = next++;
          const entry: Sent =
            n % 2 === 0
              ? { kind: 'customer', body: customerBody(n), acknowledged: false }
              : { kind: 'invoice', body: invoiceBody(firstCustomerId, n), acknowledged: false };
          sent.push(entry);
          const url = entry.kind === 'customer' ? '/create' : `/invoice/addtocustomer/${firstCustomerId}`;
          try {
            const res = await send(server, token, url, entry.body);
            // 201 for a customer, 200 for an invoice (REFERENCE §1).
            entry.acknowledged = res.ok;
            if (entry.acknowledged) acknowledged += 1;
          } catch {
            // the connection died with the process: this creation was not acknowledged
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, writer);
      while (acknowledged < ACKNOWLEDGED_BEFORE_KILL) await new Promise((r) => setTimeout(r, 5));
      killed = true;
      await server.kill();
      await Promise.all(writers);
    } finally {
      await server.kill();
    }
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await database?.close();
  });

  it('keeps every acknowledged creation, and each row is exactly what was sent', async () => {
    const customers = await db.query(
      `SELECT name, email, address, phone, type, status, image_url FROM customers WHERE name LIKE 'Killed %'`,
    );
    const invoices = await db.query(
      `SELECT services, customer_id::int AS customer_id, total::text AS total, to_char(date, 'YYYY-MM-DD') AS date, status
       FROM invoices WHERE services LIKE '1 Killed job %'`,
    );
    const sentCustomers = new Map(
      sent.filter((s) => s.kind === 'customer').map((s) => [s.body.name as string, s]),
    );
    const sentInvoices = new Map(
      sent.filter((s) => s.kind === 'invoice').map((s) => [s.body.services as string, s]),
    );

    for (const row of customers.rows) {
      const body = row.name === 'Killed 0' ? customerBody(0) : sentCustomers.get(row.name)?.body;
      expect(body, row.name).toBeDefined();
      expect(row).toEqual({
        name: body?.name,
        email: body?.email,
        address: body?.address,
        phone: body?.phone,
        type: body?.type,
        status: body?.status,
        image_url: body?.imageUrl,
      });
    }
    for (const row of invoices.rows) {
      const body = sentInvoices.get(row.services)?.body;
      expect(body, row.services).toBeDefined();
      expect(row).toEqual({
        services: body?.services,
        customer_id: firstCustomerId,
        total: Number(body?.total).toFixed(2),
        date: body?.date,
        status: body?.status,
      });
    }

    // Acknowledged means committed; some in flight at the kill may have committed too, none beyond those sent.
    const stored = new Set([...customers.rows.map((r) => r.name), ...invoices.rows.map((r) => r.services)]);
    const acknowledged = sent.filter((s) => s.acknowledged);
    expect(acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);
    for (const s of acknowledged) {
      expect(stored.has((s.kind === 'customer' ? s.body.name : s.body.services) as string)).toBe(true);
    }
    expect(customers.rows.length + invoices.rows.length).toBeLessThanOrEqual(sent.length + 1);
    // Some were cut off: the kill did come in the middle of the writes.
    expect(sent.length).toBeGreaterThan(acknowledged.length);
  });

  it('leaves the totals kept by triggers equal to the rows', async () => {
    const { rows } = await db.query(`
      SELECT t.customers = (SELECT count(*) FROM customers) AS customers,
             t.invoices = (SELECT count(*) FROM invoices) AS invoices,
             t.billed = (SELECT coalesce(sum(total), 0) FROM invoices) AS billed
      FROM customer_totals t`);
    expect(rows).toEqual([{ customers: true, invoices: true, billed: true }]);
  });

  it('starts again on the same data and goes on numbering invoices', async () => {
    const server = await startApiProcess({ DATABASE_URL: database.url ?? '' });
    try {
      const token = await logIn(server);
      const before = await db.query<{ n: string }>('SELECT count(*) AS n FROM invoices');
      const res = await send(server, token, `/invoice/addtocustomer/${firstCustomerId}`, {
        ...invoiceBody(firstCustomerId, 0),
        services: '1 After the restart 80',
        total: 80,
      });
      expect(res.status).toBe(200);
      const after = await db.query<{ n: string; distinct_numbers: string }>(
        'SELECT count(*) AS n, count(DISTINCT invoice_number) AS distinct_numbers FROM invoices',
      );
      expect(Number(after.rows[0]?.n)).toBe(Number(before.rows[0]?.n) + 1);
      expect(after.rows[0]?.distinct_numbers).toBe(after.rows[0]?.n);
    } finally {
      await server.stop();
    }
  });
});

function customerBody(n: number) {
  return {
    name: `Killed ${n}`,
    email: `killed.${n}@example.com`,
    address: `${n} rue des Lilas, 69003 Lyon`,
    phone: '+33 6 12 34 56 78',
    type: n % 4 === 0 ? 'INSTITUTION' : 'INDIVIDUAL',
    status: 'ACTIVE',
    imageUrl: '/assets/avatars/person-1.svg',
  };
}

function invoiceBody(customerId: number, n: number) {
  return {
    services: `1 Killed job ${n} ${100 + n}`,
    customerId,
    total: 100 + n,
    date: '2026-03-15',
    status: 'PENDING',
  };
}
