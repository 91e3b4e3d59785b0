/** The demo accounts of the embedded database: one per role, usable at once, created only once. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import pino from 'pino';
import { count, sql } from '../src/db/orm.js';
import { users } from '../src/db/schema.js';
import {
  DEMO_ACCOUNTS,
  DEMO_BUSINESS_DETAILS,
  DEMO_ORGANISATION_NAME,
  DEMO_PASSWORD,
  seedDemoData,
} from '../src/demo/seed-demo.js';
import { DEMO_CUSTOMER_COUNT, DEMO_INVOICE_COUNT } from '../src/demo/demo-customers.js';
import { sqlRows } from './support/auth-helpers.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { call, login } from './support/accounts.js';

let t: TestApp;
const silent = pino({ level: 'silent' });
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('creates one confirmed account per role, all members of the demo organisation, that logs in with the documented password', async () => {
  await seedDemoData(t.database.db, silent);
  expect(DEMO_ACCOUNTS.map((a) => a.roleName)).toEqual([
    'ROLE_USER',
    'ROLE_MANAGER',
    'ROLE_ADMIN',
    'ROLE_SYSADMIN',
  ]);
  for (const account of DEMO_ACCOUNTS) {
    const res = await login(t, account.email, DEMO_PASSWORD);
    expect(res.statusCode, account.email).toBe(200);
    expect(res.json().data.user.roleName).toBe(account.roleName);
  }
  // One organisation, shared by the four accounts, which holds every demo customer and invoice.
  const organisations = await sqlRows<{ name: string; members: number; customers: number; invoices: number }>(
    t,
    sql`SELECT o.name, (SELECT count(*)::int FROM memberships m WHERE m.organisation_id = o.id) AS members,
          (SELECT count(*)::int FROM customers c WHERE c.organisation_id = o.id) AS customers,
          (SELECT count(*)::int FROM invoices i WHERE i.organisation_id = o.id) AS invoices
        FROM organisations o`,
  );
  expect(organisations).toEqual([
    {
      name: DEMO_ORGANISATION_NAME,
      members: 4,
      customers: DEMO_CUSTOMER_COUNT,
      invoices: DEMO_INVOICE_COUNT,
    },
  ]);
});

it("prints REFERENCE's sample 'from' block on the demo business's invoices, as its own details", async () => {
  const res = await login(t, 'admin@example.com', DEMO_PASSWORD);
  const token = (res.json().data as { access_token: string }).access_token;
  const answer = await call(t, { method: 'GET', url: '/api/organisation/business-details', token });
  expect(answer.json().data.details).toEqual(DEMO_BUSINESS_DETAILS);
  expect(DEMO_BUSINESS_DETAILS).toMatchObject({
    name: 'Coran-Hadith, Inc.',
    addressLines: ['123 Main Steet', 'Philadelphia, Pennsylvania 15886'],
    phone: '(123) 456-7890',
    fax: '(123) 456-7890',
  });
});

it('adds nothing to a database that already has users', async () => {
  await seedDemoData(t.database.db, silent);
  const [row] = await t.database.db.select({ value: count() }).from(users);
  expect(row?.value).toBe(DEMO_ACCOUNTS.length);
});
