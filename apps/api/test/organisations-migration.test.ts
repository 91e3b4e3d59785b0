/**
 * An existing database, from before organisations, migrates with all its data into one organisation whose members
 * are its users with their roles (drizzle/0012, decision 17): nothing is lost, everyone signs in as before and sees
 * the same customers, and invoice numbers go on from the highest one.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbedded, pgliteExtensions } from '../src/db/database.js';
import { sql } from '../src/db/orm.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { PASSWORD, tokensFor } from './support/accounts.js';
import { addInvoice, as } from './support/customers.js';
import { migrationsBefore } from './support/migrations-before.js';
import { ownerRows } from './support/tables-owner.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { testDriver } from './support/test-database.js';

const FIRST_WITH_ORGANISATIONS = '0012_organisations';

let t: TestApp;

// The migration runs the same on both drivers; PGlite lets the test build the old database in memory.
describe.skipIf(testDriver === 'postgres')('a database from before organisations', () => {
  beforeAll(async () => {
    const before = migrationsBefore(FIRST_WITH_ORGANISATIONS);
    const client = await PGlite.create({ extensions: pgliteExtensions });
    await migrate(drizzle(client), { migrationsFolder: before });
    fs.rmSync(before, { recursive: true });
    const hash = await hashPassword(PASSWORD);
    await client.exec(`
      INSERT INTO users (first_name, last_name, email, password_hash, enabled, confirmed_at) VALUES
        ('Maryam', 'Laurent', 'owner@old.example', '${hash}', true, now()),
        ('Yusuf', 'Martin', 'reader@old.example', '${hash}', true, now());
      INSERT INTO user_roles (user_id, role_id) VALUES (1, 4), (2, 1);
      INSERT INTO customers (name, email, type, status, address, phone, image_url) VALUES
        ('Ancien Client', 'ancien@example.com', 'INDIVIDUAL', 'ACTIVE', 'Lyon', '+33 6 00 00 00 00', '/a.svg'),
        ('Vieille Institution', 'vieille@example.com', 'INSTITUTION', 'ACTIVE', 'Paris', '+33 1 00 00 00 00', '/b.svg');
      INSERT INTO invoices (customer_id, services, date, status, total) VALUES
        (1, '1 Old Work 100', '2025-01-01', 'PAID', 100), (2, '1 Old Work 50', '2025-02-01', 'PENDING', 50.5);
      -- A number skipped long ago (the old sequence was not gapless): numbering goes on after the highest.
      SELECT nextval('invoice_number_seq');
      INSERT INTO invoices (customer_id, services, date, status, total) VALUES (1, '1 Old Work 7', '2025-03-01', 'PAID', 7);`);
    const dump = await client.dumpDataDir('none');
    await client.close();
    // Opening it applies the rest of the migrations, as a start of the new version would.
    t = await createTestApp({ database: await openEmbedded({ loadDataDir: dump }) });
  }, 60_000);
  afterAll(() => t?.close());

  it('keeps every row, in one organisation whose members are the users with their roles', async () => {
    const organisations = await ownerRows<{ id: number; name: string }>(
      t,
      sql`SELECT id::int, name FROM organisations`,
    );
    expect(organisations).toEqual([{ id: 1, name: 'Coran-Hadith, Inc.' }]);
    const members = await ownerRows<{ email: string; role: string; current: number }>(
      t,
      sql`SELECT u.email, r.name AS role, u.current_organisation_id::int AS current
          FROM memberships m JOIN users u ON u.id = m.user_id JOIN roles r ON r.id = m.role_id ORDER BY u.id`,
    );
    expect(members).toEqual([
      { email: 'owner@old.example', role: 'ROLE_SYSADMIN', current: 1 },
      { email: 'reader@old.example', role: 'ROLE_USER', current: 1 },
    ]);
    const invoices = await ownerRows<{ organisation: number; number: string }>(
      t,
      sql`SELECT organisation_id::int AS organisation, invoice_number AS number FROM invoices ORDER BY id`,
    );
    expect(invoices).toEqual([
      { organisation: 1, number: 'INV-000001' },
      { organisation: 1, number: 'INV-000002' },
      { organisation: 1, number: 'INV-000004' },
    ]);
  });

  it('signs everyone in as before, with the same customers, totals and roles, and numbers on from the highest', async () => {
    const owner = (await tokensFor(t, 'owner@old.example')).access;
    const list = (await as(t, owner)('GET', '/list')).json().data;
    expect(list.user.roleName).toBe('ROLE_SYSADMIN');
    expect(list.stats).toEqual({ totalCustomers: 2, totalInvoices: 3, totalBilled: 157.5 });
    expect(list.page.content.map((c: { name: string }) => c.name).sort()).toEqual([
      'Ancien Client',
      'Vieille Institution',
    ]);
    const reader = (await tokensFor(t, 'reader@old.example')).access;
    const seen = (await as(t, reader)('GET', '/list')).json().data;
    expect(seen.user.roleName).toBe('ROLE_USER');
    expect(seen.stats.totalCustomers).toBe(2);

    await addInvoice(t, owner, 1, { services: '1 New Work 10', total: 10 });
    const [newest] = await ownerRows<{ number: string }>(
      t,
      sql`SELECT invoice_number AS number FROM invoices ORDER BY id DESC LIMIT 1`,
    );
    expect(newest?.number).toBe('INV-000005');
  });
});
