/**
 * The customer list's statements are planned once for all their runs (OrganisationDatabase.genericPlanDb): the plan
 * PostgreSQL keeps, not knowing the organisation, the page, the size or the name, must still read the index each one
 * is written for, as the API's role under row-level security.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../src/db/database.js';
import { API_ROLE } from '../src/db/organisation-connections.js';
import { fillPlaceholders, sql, type SQL } from '../src/db/orm.js';
import { customerListStatements } from '../src/modules/customers/customer-list.js';
import { insertOrganisation } from '../src/modules/auth/account-organisations.repository.js';
import { asTablesOwner } from './support/tables-owner.js';
import { createTestDatabase, testDriver, type TestDatabase } from './support/test-database.js';

let database: TestDatabase;
let organisationId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  organisationId = await insertOrganisation(database.db, 'Planned business');
});
afterAll(() => database.close());

type Statement = { toSQL(): { sql: string; params: unknown[] } };

const literal = (value: unknown) =>
  typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;

const planText = (explained: unknown) =>
  (explained as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r).join(' ')).join('\n');

/**
 * `explain` run on 5 000 more customers of the organisation (and `others` of another, 5 000 unless given), in a
 * transaction that is rolled back, with sequential scans ruled out: on a table of a few rows any plan costs nothing,
 * and the planner's choice between the indexes says nothing of the real one (at 100 000 customers no sequential scan
 * is chosen). The rows are written as the tables' owner; `explain` runs as the API's role, its connection set to the
 * organisation.
 */
async function planned<T>(explain: (tx: Transaction) => Promise<T>, others = 5000): Promise<T> {
  // Set before the rollback, which then rejects: that rejection is the transaction ending as intended.
  let explained: { value: T } | undefined;
  await asTablesOwner({ database }, async (tx) => {
    const other = await insertOrganisation(tx, 'Other business');
    for (const [organisation, customers] of [
      [organisationId, 5000],
      [other, others],
    ] as const) {
      await tx.execute(sql`
        INSERT INTO customers (organisation_id, name, email, type, status, address, phone, image_url)
        SELECT ${organisation}, (ARRAY['Martin','Dubois','Lefèvre','Traoré','Rousseau'])[1 + i % 5] || ' ' || i,
          'plan' || i || '@example.com', 'INDIVIDUAL', 'ACTIVE', 'Lyon', '+33 6 00 00 00 00', '/a.svg'
        FROM generate_series(1, ${customers}) AS i`);
    }
    // What autovacuum does after many inserts: the new entries move from the GIN index's pending list (which
    // a search must read in full) into the index proper, and the statistics are renewed.
    await tx.execute(sql`SELECT gin_clean_pending_list('customers_organisation_search_name_idx')`);
    await tx.execute(sql`ANALYZE customers`);
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    await tx.execute(sql.raw(`SET LOCAL ROLE ${API_ROLE}`));
    await tx.execute(sql`SELECT set_config('app.organisation_id', ${String(organisationId)}, true)`);
    explained = { value: await explain(tx) };
    tx.rollback();
  }).catch((error: unknown) => {
    if (!explained) throw error;
  });
  if (!explained) throw new Error('the explained transaction did not run');
  return explained.value;
}

/** The plan a statement keeps for all its runs (plan_cache_mode = force_generic_plan). */
function genericPlanOf(statement: Statement, values: Record<string, unknown>): Promise<string> {
  const { sql: text, params } = statement.toSQL();
  const args = fillPlaceholders(params, { organisationId, ...values })
    .map(literal)
    .join(', ');
  return planned(async (tx) => {
    await tx.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
    // A prepared statement outlives the transaction: it is deallocated before the rollback.
    await tx.execute(sql.raw(`PREPARE plan_check AS ${text}`));
    const explained = await tx.execute(sql.raw(`EXPLAIN EXECUTE plan_check(${args})`));
    await tx.execute(sql`DEALLOCATE plan_check`);
    return planText(explained);
  });
}

/**
 * The plans of the name search that the list's statements call (customers_whose_search_name_contains, drizzle/0012
 * and 0016), as the tables' owner, for a needle: its body as PostgreSQL stores it holds two statements (RETURN
 * QUERY's), the first for an organisation with most of the customers, the other for the rest; each is planned as
 * it runs, with the needle's pattern and the connection's organisation in place of the function's variables.
 * `others` is the other organisation's number of customers (planned's).
 */
function searchFunctionPlans(needle: string, others?: number) {
  return planned(async (tx) => {
    const [row] = (
      (await tx.execute(
        sql`SELECT prosrc FROM pg_proc WHERE proname = 'customers_whose_search_name_contains'`,
      )) as unknown as { rows: { prosrc: string }[] }
    ).rows;
    const statements = [...(row?.prosrc ?? '').matchAll(/RETURN QUERY\s+(SELECT[\s\S]*?);/g)].map((match) =>
      (match[1] ?? '')
        .replaceAll(/\borganisation\b/g, 'public.current_organisation_id()')
        .replaceAll(/\bpattern\b/g, literal(`%${needle}%`)),
    );
    if (statements.length !== 2) throw new Error(`expected two statements, found ${statements.length}`);
    await tx.execute(sql`SET LOCAL ROLE NONE`);
    const plans = [];
    for (const statement of statements)
      plans.push(planText(await tx.execute(sql.raw(`EXPLAIN ${statement}`))));
    const [mostCustomers = '', fewerCustomers = ''] = plans;
    return { mostCustomers, fewerCustomers };
  }, others);
}

/**
 * Whether the search function takes the organisation for one with most of the customers (drizzle/0016), and what it
 * finds for a name as the API's role: the ids, against those the tables' owner finds in the organisation.
 */
function searchFunctionChoice(others: number) {
  return planned(async (tx) => {
    const ids = async (query: SQL) =>
      ((await tx.execute(query)) as unknown as { rows: { id: string }[] }).rows
        .map((r) => Number(r.id))
        .sort();
    const [choice] = (
      (await tx.execute(
        sql`SELECT organisation_holds_most_customers(${organisationId}) AS most`,
      )) as unknown as { rows: { most: boolean }[] }
    ).rows;
    const found = await ids(sql`SELECT id FROM customers_whose_search_name_contains('martin 12')`);
    await tx.execute(sql`SET LOCAL ROLE NONE`);
    const expected = await ids(
      sql`SELECT id FROM customers WHERE organisation_id = ${organisationId} AND search_name LIKE '%martin 12%'`,
    );
    return { most: choice?.most, found, expected };
  }, others);
}

const page = { limit: 10, offset: 20 };

describe("the customer list's plans, kept for every page, size and name", () => {
  const statements = () => customerListStatements(database.db);

  it('are generic plans: the values stay parameters in them', async () => {
    const from = { ...page, createdAt: '2025-06-01T00:00:00Z', id: 99 };
    expect(await genericPlanOf(statements().fromRememberedKey, from)).toMatch(/Index Cond: .*\$\d.*\$\d/);
    const needle = { ...page, needle: 'dubois' };
    expect(await genericPlanOf(statements().newestMatching, needle)).toMatch(/strpos\(.*\$\d\)/);
  });

  it("read a page of every customer in customers_recent_idx, skipping the offset's rows in the index", async () => {
    for (const statement of [statements().fromTop, statements().fromRememberedKey]) {
      const plan = await genericPlanOf(statement, { ...page, createdAt: '2025-06-01T00:00:00Z', id: 99 });
      expect(plan).toMatch(/Index Only Scan (Backward )?using customers_recent_idx/);
      // Only the page's own rows are read, one by one through the primary key.
      expect(plan).toMatch(/Index Scan using customers_pkey on customers\s/);
      expect(plan).not.toMatch(/Seq Scan on customers|Bitmap Heap Scan on customers/);
    }
  });

  it("walk customers_recent_idx for a common name's page, reading the names from the index", async () => {
    const plan = await genericPlanOf(statements().newestMatching, { ...page, needle: 'dubois' });
    expect(plan).toMatch(/Index Only Scan (Backward )?using customers_recent_idx/);
    expect(plan).not.toContain('customers_organisation_search_name_idx');
  });

  it("read a rare name's every match through the trigram index, within the organisation", async () => {
    // Under row-level security the index cannot serve LIKE, so the statement asks the search function for the
    // matches, which reads the index as the tables' owner.
    const plan = await genericPlanOf(statements().allMatches, { ...page, name: 'elodie lefe' });
    expect(plan).toContain('Function Scan on customers_whose_search_name_contains');
    expect(plan).not.toMatch(/Seq Scan on customers/);
    const { fewerCustomers } = await searchFunctionPlans('elodie lefe');
    expect(fewerCustomers).toContain('customers_organisation_search_name_idx');
    // The organisation is read in the index with the trigrams: the other organisations' names are no candidates.
    expect(fewerCustomers).toMatch(/Index Cond: \(\(organisation_id = /);
    expect(fewerCustomers).not.toMatch(/Seq Scan on customers/);
  });

  it('read only the trigrams in the index for an organisation with most of the customers', async () => {
    const { mostCustomers } = await searchFunctionPlans('elodie lefe', 500);
    expect(mostCustomers).toContain('customers_organisation_search_name_idx');
    expect(mostCustomers).toMatch(/Index Cond: \(search_name ~~ '%elodie lefe%'::text\)/);
    expect(mostCustomers).toMatch(/(Filter|Recheck Cond): .*\(organisation_id \+ 0\) = /);
    expect(mostCustomers).not.toMatch(/Seq Scan on customers/);
  });

  it("choose the search's way by the organisation's share of the customers, and find the same either way", async () => {
    for (const [others, most] of [
      [500, true],
      [5000, false],
    ] as const) {
      const choice = await searchFunctionChoice(others);
      expect(choice.most).toBe(most);
      // Every fifth customer is a Martin: Martin 120, 125 and 1200 to 1295, 22 of the organisation's own.
      expect(choice.found).toHaveLength(22);
      expect(choice.found).toEqual(choice.expected);
    }
  });
});

describe.runIf(testDriver === 'postgres')(
  'the connections of the list and the guard (PostgreSQL server)',
  () => {
    const setting = async (db: TestDatabase['db']) => {
      const result = (await db.execute(sql`SHOW plan_cache_mode`)) as unknown as {
        rows: { plan_cache_mode: string }[];
      };
      return result.rows[0]?.plan_cache_mode;
    };

    it('keep the first plan of each prepared statement; the other connections plan as PostgreSQL chooses', async () => {
      expect(await setting(database.genericPlanDb)).toBe('force_generic_plan');
      expect(await setting(database.db)).toBe('auto');
    });
  },
);
