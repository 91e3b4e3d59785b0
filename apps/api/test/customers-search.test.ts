/**
 * GET /api/customer/search: a substring of the name, case- and accent-insensitive, with `%` and `_` taken
 * literally, through the GIN trigram index on the stored search_name, or, for a common name, by walking the
 * newest-first index that holds the names too (so it stays fast with 100 000 customers; the plans are checked in
 * customers-list-plans.test.ts).
 */
import type { Customer, Page } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/db/orm.js';
import { customers } from '../src/db/schema.js';
import { listCustomerOptions } from '../src/modules/customers/customers.repository.js';
import { businessDb, sharedOrganisation, signedInUser } from './support/accounts.js';
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
  await (await businessDb(t)).insert(customers).values(
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
    const [row] = await (
      await businessDb(t)
    )
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
    await (
      await businessDb(t)
    )
      .update(customers)
      .set({ name: 'Zaïd Nouveau' })
      .where(sql`${customers.id} = ${row?.id}`);
    expect(await search('ancien')).toEqual([]);
    expect(await search('zaid nouv')).toEqual(['Zaïd Nouveau']);
    await (await businessDb(t)).delete(customers).where(sql`${customers.id} = ${row?.id}`);
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
  it('is also what the invoice form select uses when narrowed by name', async () => {
    expect(
      (
        await listCustomerOptions(await businessDb(t), await sharedOrganisation(t), {
          name: 'rochd',
          limit: 500,
        })
      ).map((c) => c.name),
    ).toEqual(['Institut Ibn Rochd']);
    const [definition] = await rows<{ indexdef: string }>(
      t,
      sql`SELECT indexdef FROM pg_indexes WHERE indexname = 'customers_organisation_search_name_idx'`,
    );
    expect(definition?.indexdef).toMatch(/USING gin \(organisation_id, search_name gin_trgm_ops\)/);
  });
});
