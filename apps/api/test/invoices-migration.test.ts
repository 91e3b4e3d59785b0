/**
 * Invoices written before lines, payments and history (drizzle/0018, decision 24) migrate with nothing printed
 * changed and nothing lost: their services text read as lines where it adds up, else kept whole as one line;
 * PAID ones paid in full; CANCELED ones with a reason, and out of Total Billed; a first line in each history.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { InvoiceData, Stats } from '@app/contracts';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbedded, pgliteExtensions } from '../src/db/database.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { PASSWORD, tokensFor } from './support/accounts.js';
import { as } from './support/customers.js';
import { migrationsBefore } from './support/migrations-before.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { testDriver } from './support/test-database.js';

let t: TestApp;
let api: ReturnType<typeof as>;

// The migration runs the same on both drivers; PGlite lets the test build the old database in memory.
describe.skipIf(testDriver === 'postgres')('invoices from before lines, payments and history', () => {
  beforeAll(async () => {
    const before = migrationsBefore('0018_invoice_life');
    const client = await PGlite.create({ extensions: pgliteExtensions });
    await migrate(drizzle(client), { migrationsFolder: before });
    fs.rmSync(before, { recursive: true });
    const hash = await hashPassword(PASSWORD);
    await client.exec(`
      INSERT INTO organisations (name) VALUES ('Ancienne Maison');
      INSERT INTO users (first_name, last_name, email, password_hash, enabled, confirmed_at)
        VALUES ('Maryam', 'Laurent', 'owner@old.example', '${hash}', true, now());
      INSERT INTO memberships (organisation_id, user_id, role_id) VALUES (1, 1, 4);
      UPDATE users SET current_organisation_id = 1;
      INSERT INTO customers (organisation_id, name, email, type, status, address, phone, image_url)
        VALUES (1, 'Ancien Client', 'ancien@example.com', 'INDIVIDUAL', 'ACTIVE', 'Lyon', '+33 6 00 00 00 00', '/a.svg');
      INSERT INTO invoices (organisation_id, customer_id, services, date, status, total) VALUES
        (1, 1, '1 Web Design 200,2 SEO Work 100', '2025-01-01', 'PAID', 300),
        (1, 1, 'Conseil, audit et suivi', '2025-02-01', 'PENDING', 120),
        (1, 1, '1 Web Design 200,2 SEO Work 50', '2025-03-01', 'CANCELED', 300),
        (1, 1, '1 Design 10, Conseil', '2025-04-01', 'OVERDUE', 10);`);
    const dump = await client.dumpDataDir('none');
    await client.close();
    // Opening it applies the rest of the migrations, as a start of the new version would.
    t = await createTestApp({ database: await openEmbedded({ loadDataDir: dump }) });
    api = as(t, (await tokensFor(t, 'owner@old.example')).access);
  }, 60_000);
  afterAll(() => t?.close());

  const invoice = async (id: number) => {
    const res = await api('GET', `/invoice/get/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as InvoiceData).invoice;
  };

  it('reads a services text that adds up as its lines, and keeps any other whole as one line', async () => {
    expect((await invoice(1)).lines).toEqual([
      { position: 1, description: 'Web Design', quantity: 1, unitPrice: 200, amount: 200 },
      { position: 2, description: 'SEO Work', quantity: 1, unitPrice: 100, amount: 100 },
    ]);
    expect((await invoice(2)).lines).toEqual([
      { position: 1, description: 'Conseil, audit et suivi', quantity: 1, unitPrice: 120, amount: 120 },
    ]);
    // 200 + 50 is not its total of 300: printed as it always was, one text at 300.
    expect((await invoice(3)).lines).toEqual([
      {
        position: 1,
        description: '1 Web Design 200,2 SEO Work 50',
        quantity: 1,
        unitPrice: 300,
        amount: 300,
      },
    ]);
    expect((await invoice(4)).lines).toMatchObject([{ description: '1 Design 10, Conseil', amount: 10 }]);
    for (const id of [1, 2, 3, 4]) expect((await invoice(id)).services).not.toBe('');
  });

  it('pays PAID invoices in full, gives CANCELED ones a reason, and starts each history', async () => {
    const paid = await invoice(1);
    expect(paid).toMatchObject({ status: 'PAID', amountDue: 316.2, amountPaid: 316.2, balanceDue: 0 });
    expect(paid.payments).toMatchObject([
      { kind: 'PAYMENT', date: '2025-01-01', amount: 316.2, method: 'OTHER' },
    ]);
    expect(paid.history).toMatchObject([
      { action: 'CREATED', actor: null, description: 'Created as PAID, before the history was kept' },
    ]);
    expect(await invoice(3)).toMatchObject({
      status: 'CANCELED',
      cancelReason: 'Cancelled before reasons were recorded',
      balanceDue: 0,
    });
    expect(await invoice(4)).toMatchObject({ status: 'OVERDUE', amountPaid: 0, balanceDue: 10.54 });
  });

  it('leaves the cancelled invoice out of Total Billed', async () => {
    const stats = (await api('GET', '/list')).json().data.stats as Stats;
    expect(stats).toEqual({ totalCustomers: 1, totalInvoices: 4, totalBilled: 430 });
  });
});
