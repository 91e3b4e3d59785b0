/**
 * GET /api/customer/search: a substring of the name, case- and accent-insensitive, with `%` and `_` taken
 * literally, through the GIN trigram index on the stored search_name, or, for a common name, by walking the
 * newest-first index that holds the names too (so it stays fast with 100 000 customers).
 */
import type { Customer, Page } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/db/orm.js';
import { customers } from '../src/db/schema.js';
import {
  allMatchesQuery,
  listCustomerOptions,
  newestMatchingQuery,
} from '../src/modules/customers/customers.repository.js';
import { signedInUser } from './support/accounts.js';
import { as, countRows, customerBody, rows } from './support/customers.js';
import { expectFailure, expectSuccess } from './support/profile.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let api: ReturnType<typeof as>;
beforeAll(async () => {
  t = await createTestApp();
  api = as(t, (await signedInUser(t, 'ROLE_USER')).tokens.access);
  const names = [
    'Élodie Lefèvre',
    'ELODIE LEFEBVRE',
    'Hélène Dubois',
    'Chloé Rousseau',
    'Aïcha Traoré',
    '100% Bio',
    '100 Bio',
    'Snake_Case Ltd',
    'SnakeXCase Ltd',
    'Back\\slash',
    'Institut Ibn Rochd',
  ];
  await t.database.db.insert(customers).values(
    names.map((name, i) => ({
      name,
      email: `search${i}@example.com`,
      type: 'INDIVIDUAL',
      status: 'ACTIVE',
      address: 'Lyon',
      phone: '+33 6 00 00 00 00',
      imageUrl: '/assets/avatars/person-1.svg',
    })),
  );
});
afterAll(() => t.close());

async function search(name: string): Promise<string[]> {
  const data = expectSuccess<{ page: Page<Customer> }>(
    await api('GET', `/search?name=${encodeURIComponent(name)}&size=100`),
    'Customers retrieved',
  );
  return data.page.content.map((c) => c.name).sort();
}

describe('matching', () => {
  it('ignores case and accents, on either side', async () => {
    expect(await search('elodie lefe')).toEqual(['ELODIE LEFEBVRE', 'Élodie Lefèvre']);
    expect(await search('ÉLODIE LEFÈ')).toEqual(['ELODIE LEFEBVRE', 'Élodie Lefèvre']);
    expect(await search('helene')).toEqual(['Hélène Dubois']);
    expect(await search('aicha traore')).toEqual(['Aïcha Traoré']);
    expect(await search('chloe')).toEqual(['Chloé Rousseau']);
  });

  it('finds a substring anywhere in the name', async () => {
    expect(await search('ibn')).toEqual(['Institut Ibn Rochd']);
    expect(await search('ousse')).toEqual(['Chloé Rousseau']);
  });

  it('takes %, _ and \\ literally', async () => {
    expect(await search('100%')).toEqual(['100% Bio']);
    expect(await search('%')).toEqual(['100% Bio']);
    expect(await search('e_c')).toEqual(['Snake_Case Ltd']);
    expect(await search('_')).toEqual(['Snake_Case Ltd']);
    expect(await search('k\\s')).toEqual(['Back\\slash']);
    // Full-width signs, which the search's accent removal turns into %, _ and \, are literal too.
    expect(await search('100％')).toEqual(['100% Bio']);
    expect(await search('e＿c')).toEqual(['Snake_Case Ltd']);
    expect(await search('k＼s')).toEqual(['Back\\slash']);
  });

  it('finds a renamed customer by the new name only (the stored search form follows the name)', async () => {
    const [row] = await t.database.db
      .insert(customers)
      .values({
        name: 'Zaïd Ancien',
        email: 'renamed@example.com',
        type: 'INDIVIDUAL',
        status: 'ACTIVE',
        address: 'Lyon',
        phone: '+33 6 00 00 00 01',
        imageUrl: '/assets/avatars/person-1.svg',
      })
      .returning({ id: customers.id });
    expect(await search('ancien')).toEqual(['Zaïd Ancien']);
    await t.database.db
      .update(customers)
      .set({ name: 'Zaïd Nouveau' })
      .where(sql`${customers.id} = ${row?.id}`);
    expect(await search('ancien')).toEqual([]);
    expect(await search('zaid nouv')).toEqual(['Zaïd Nouveau']);
    await t.database.db.delete(customers).where(sql`${customers.id} = ${row?.id}`);
  });

  it('finds nothing for a name nobody has, and everyone for an empty name', async () => {
    expect(await search('zzz')).toEqual([]);
    expect(await search('')).toHaveLength(11);
    expect(await search('   ')).toHaveLength(11);
  });

  it('refuses a search text longer than a name can be', async () => {
    expectFailure(await api('GET', `/search?name=${'a'.repeat(201)}`), 400, /name: Name must be at most 200/);
  });
});

describe('a NUL character (U+0000), which the database cannot store', () => {
  const NOT_ALLOWED = 'The request contains a character that is not allowed (U+0000).';

  it('is refused in the search text with 400', async () => {
    expectFailure(await api('GET', '/search?name=elo%00die&size=100'), 400, NOT_ALLOWED);
  });

  it('is refused in the name of a new customer with 400, and nothing is written', async () => {
    const admin = as(t, (await signedInUser(t, 'ROLE_ADMIN')).tokens.access);
    const before = await countRows(t, 'customers');
    expectFailure(
      await admin('POST', '/create', customerBody({ name: 'Nul\u0000 Client' })),
      400,
      NOT_ALLOWED,
    );
    expect(await countRows(t, 'customers')).toBe(before);
  });
});

describe('the trigram index', () => {
  /**
   * The plan of a query on 5 000 more customers, in a transaction that is rolled back, with sequential scans
   * ruled out: on a table of a few rows any plan costs nothing, and the planner's choice between the indexes
   * says nothing of the real one (at 100 000 customers no sequential scan is chosen).
   */
  async function planOf(query: { getSQL(): unknown }): Promise<string> {
    let plan = '';
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`
          INSERT INTO customers (name, email, type, status, address, phone, image_url)
          SELECT (ARRAY['Martin','Dubois','Lefèvre','Traoré','Rousseau'])[1 + i % 5] || ' ' || i,
            'plan' || i || '@example.com', 'INDIVIDUAL', 'ACTIVE', 'Lyon', '+33 6 00 00 00 00', '/a.svg'
          FROM generate_series(1, 5000) AS i`);
        // What autovacuum does after many inserts: the new entries move from the GIN index's pending list (which
        // a search must read in full) into the index proper, and the statistics are renewed.
        await tx.execute(sql`SELECT gin_clean_pending_list('customers_search_name_idx')`);
        await tx.execute(sql`ANALYZE customers`);
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const explained = (await tx.execute(sql`EXPLAIN ${query}`)) as unknown as {
          rows: Record<string, string>[];
        };
        plan = explained.rows.map((r) => Object.values(r).join(' ')).join('\n');
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!plan) throw error;
      });
    return plan;
  }

  it('is what a search that reads every match uses', async () => {
    const plan = await planOf(allMatchesQuery(t.database.db, 'elodie lefe', 10, 0));
    expect(plan).toContain('customers_search_name_idx');
  });

  it('is not needed by a search walking newest first, which reads the names from customers_recent_idx', async () => {
    const plan = await planOf(newestMatchingQuery(t.database.db, 'dubois', 10, 0));
    expect(plan).toMatch(/Index Only Scan using customers_recent_idx/);
    expect(plan).not.toContain('customers_search_name_idx');
  });

  it('is also what the invoice form select uses when narrowed by name', async () => {
    expect(
      (await listCustomerOptions(t.database.db, { name: 'rochd', limit: 500 })).map((c) => c.name),
    ).toEqual(['Institut Ibn Rochd']);
    const [definition] = await rows<{ indexdef: string }>(
      t,
      sql`SELECT indexdef FROM pg_indexes WHERE indexname = 'customers_search_name_idx'`,
    );
    expect(definition?.indexdef).toMatch(/USING gin \(search_name gin_trgm_ops\)/);
  });
});
