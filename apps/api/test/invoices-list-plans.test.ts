/**
 * The filtered invoice list's statements are planned once for all their runs (decision 25): the plan PostgreSQL
 * keeps, knowing none of the values, must still read the indexes each way is written for, count from invoice_days,
 * and merge the statuses' walks instead of sorting every invoice they read, as the API's role under row-level
 * security.
 */
import { FILTERED_LIST_CAP, type InvoiceListQuery } from '@app/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACT_AS_API_ROLE } from '../src/db/organisation-connections.js';
import { fillPlaceholders, sql } from '../src/db/orm.js';
import { insertOrganisation } from '../src/modules/auth/account-organisations.repository.js';
import { listShape, listValues } from '../src/modules/customers/invoice-list.js';
import { DATES_READ_BELOW, listStatement } from '../src/modules/customers/invoice-list-statements.js';
import { asTablesOwner } from './support/tables-owner.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

let database: TestDatabase;
let organisationId: number;

/**
 * 20 000 invoices of the organisation over a year, vacuumed and analysed as autovacuum leaves a table: on a few rows
 * any plan costs nothing, and the planner's choice says nothing of the real one.
 */
beforeAll(async () => {
  database = await createTestDatabase();
  organisationId = await insertOrganisation(database.db, 'Planned invoices');
  await asTablesOwner({ database }, async (tx) => {
    await tx.execute(sql`
      INSERT INTO customers (organisation_id, name, email, type, status, address, phone, image_url)
      SELECT ${organisationId}, 'Client ' || i, 'c' || i || '@example.com', 'INDIVIDUAL', 'ACTIVE', 'Lyon',
        '+33 6 00 00 00 00', '/a.svg'
      FROM generate_series(1, 200) AS i`);
    await tx.execute(sql`
      INSERT INTO invoices (organisation_id, customer_id, services, date, status, total, amount_paid, cancel_reason)
      SELECT ${organisationId}, (SELECT min(id) FROM customers WHERE organisation_id = ${organisationId}) + i % 200,
        '1 Work', DATE '2025-01-01' + i * 365 / 20000, s, 10 + i % 900,
        CASE WHEN s = 'PAID' THEN (10 + i % 900) * 1.054 ELSE 0 END, CASE WHEN s = 'CANCELED' THEN 'Twice' END
      FROM generate_series(1, 20000) AS i,
        LATERAL (SELECT (ARRAY['PAID','PENDING','OVERDUE','CANCELED'])[1 + i % 4] AS s) AS drawn`);
  });
  // As the tables' owner, outside a transaction: on the server a connection of its own, embedded the one there is.
  const vacuum = 'VACUUM (ANALYZE) customers, invoices, invoice_days';
  if (database.url) {
    const owner = new pg.Client({ connectionString: database.url });
    await owner.connect();
    await owner.query(vacuum).finally(() => owner.end());
  } else {
    await database.db.execute(sql`RESET ROLE`);
    await database.db.execute(sql.raw(vacuum));
    await database.db.execute(sql.raw(ACT_AS_API_ROLE));
  }
}, 120_000);
afterAll(() => database.close());

const literal = (value: unknown) =>
  value === undefined || value === null
    ? 'NULL'
    : typeof value === 'number'
      ? String(value)
      : `'${String(value).replaceAll("'", "''")}'`;

/** The plan the list keeps for `query`'s statement, as the API's role, its connection set to the organisation. */
async function genericPlanOf(query: InvoiceListQuery): Promise<string> {
  const { sql: text, params } = listStatement(database.db, listShape(query)).toSQL();
  const values = listValues(organisationId, query, {
    datesReadBelow: DATES_READ_BELOW,
    everyMatchUpTo: FILTERED_LIST_CAP,
  });
  const args = fillPlaceholders(params, values).map(literal).join(', ');
  const plan = await database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    await tx.execute(sql`SELECT set_config('app.organisation_id', ${String(organisationId)}, true)`);
    await tx.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`PREPARE plan_check AS ${text}`));
    const explained = (await tx.execute(sql.raw(`EXPLAIN EXECUTE plan_check(${args})`))) as unknown as {
      rows: Record<string, string>[];
    };
    await tx.execute(sql`DEALLOCATE plan_check`);
    return explained.rows.map((row) => Object.values(row).join(' ')).join('\n');
  });
  if (process.env.SHOW_PLAN) console.log(plan);
  expect(plan).not.toMatch(/Seq Scan on invoices|Parallel/);
  return plan;
}

describe("the filtered invoice list's plans, kept for every filter and page", () => {
  it('counts statuses and dates from invoice_days, and merges the walks of every status by date', async () => {
    const plan = await genericPlanOf({ page: 3, size: 10, status: ['PAID', 'PENDING'] });
    expect(plan).toContain('invoice_days');
    expect(plan).toMatch(/Merge Append[\s\S]*invoices_status_date_idx/);
  });

  it('walks the numbers from those of the dates asked', async () => {
    const plan = await genericPlanOf({
      page: 0,
      size: 10,
      from: '2025-03-01',
      to: '2025-04-01',
      sort: 'number',
    });
    expect(plan).toMatch(/Index Cond: .*invoice_number <=/);
    expect(plan).toContain('invoices_status_number_idx');
  });

  it('counts totals reading the dates or the totals, and walks a balance in its two parts', async () => {
    const plan = await genericPlanOf({ page: 0, size: 10, min: 100, sort: 'balanceDue', order: 'asc' });
    expect(plan).toMatch(/invoices_status_total_idx[^\n]*\n[^\n]*Index Cond: .*total_cents >=/);
    expect(plan).toMatch(/invoices_status_date_idx[^\n]*\n[^\n]*Index Cond: .*status = .*date >=/);
    expect(plan).not.toContain('invoices_date_idx');
    expect(plan).toContain('invoices_status_balance_unpaid_idx');
    expect(plan).toContain('invoices_status_balance_paid_idx');
  });

  it('walks each status by id from the dates asked, and the customers by the name on the invoice', async () => {
    expect(await genericPlanOf({ page: 0, size: 10, from: '2025-06-01', sort: 'status' })).toMatch(
      /invoices_status_idx[\s\S]*Index Cond: .*id >=/,
    );
    expect(await genericPlanOf({ page: 2, size: 10, sort: 'customer' })).toContain(
      'invoices_status_customer_idx',
    );
  });

  it("reads one customer's invoices through the customer", async () => {
    const plan = await genericPlanOf({ page: 0, size: 10, customerId: 1, sort: 'total' });
    expect(plan).toContain('invoices_customer_idx');
  });
});
