/**
 * Customers from a CSV file (issue 24): all rows imported in one go, or none with a report of each refused row;
 * a file that cannot be read refused with the reason; only for whom may create customers.
 */
import type { Customer, ImportReport } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from '../src/db/orm.js';
import { customers } from '../src/db/schema.js';
import { newOrganisation, signedInUser } from './support/accounts.js';
import { as } from './support/customers.js';
import { expectFailure, expectSuccess } from './support/profile.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let api: ReturnType<typeof as>;
let organisationId: number;
beforeAll(async () => {
  t = await createTestApp();
  organisationId = await newOrganisation(t, 'Librairie des Imports');
  const owner = await signedInUser(t, 'ROLE_SYSADMIN', { organisationId });
  api = as(t, owner.tokens.access);
});
afterAll(() => t.close());

const HEADER = 'Name,Email,Address,Phone,Type,Status,Image URL';
const importing = (csv: string) => api('POST', '/import', { csv });
const names = () =>
  t.database
    .organisation(organisationId)
    .db.select({ name: customers.name })
    .from(customers)
    .where(eq(customers.organisationId, organisationId))
    .orderBy(asc(customers.id));

describe('POST /api/customer/import', () => {
  it('refuses the whole file when a row is wrong, naming each refused line and why', async () => {
    const csv = [
      HEADER,
      'Élodie Lefèvre,elodie@example.fr,"12 rue de la Paix, 75002 Paris",+33 6 12 34 56 78,INDIVIDUAL,ACTIVE,/assets/avatars/person-1.svg',
      '',
      'Karim,karim@,3 place Bellecour,+33 6 11 22 33 44,PERSON,ACTIVE,/assets/avatars/person-2.svg',
      'Nadia Haddad,nadia@example.com,Lyon,+33 6 00 00 00 00,INSTITUTION,GONE,/assets/avatars/person-3.svg',
    ].join('\r\n');
    const { report } = expectSuccess<{ report: ImportReport }>(
      await importing(csv),
      'Nothing imported: 2 rows are refused',
    );
    expect(report.imported).toBe(0);
    expect(report.refused.map((row) => row.line)).toEqual([4, 5]);
    expect(report.refused[0]?.problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Email: /), expect.stringMatching(/^Type: /)]),
    );
    expect(report.refused[1]?.problems).toEqual([expect.stringMatching(/^Status: /)]);
    expect(await names()).toEqual([]);
  });

  it('imports every row of a good file, columns in any order, with accents, quotes and a byte-order mark', async () => {
    const csv = [
      '\uFEFFstatus,NAME,email,Address,phone,type,image url',
      'ACTIVE,Élodie Lefèvre,elodie@example.fr,"12 rue de la Paix, 75002 Paris",+33 6 12 34 56 78,INDIVIDUAL,/assets/avatars/person-1.svg',
      'PENDING,"مكتبة ""دار السلام""",dar@example.com,Casablanca,+212 5 22 00 00 00,INSTITUTION,/assets/avatars/person-3.svg',
    ].join('\n');
    const { report } = expectSuccess<{ report: ImportReport }>(await importing(csv), '2 customers imported');
    expect(report).toEqual({ imported: 2, refused: [] });
    expect(await names()).toEqual([{ name: 'Élodie Lefèvre' }, { name: 'مكتبة "دار السلام"' }]);
    const search = expectSuccess<{ page: { content: Customer[] } }>(
      await api('GET', '/search?name=elodie'),
      'Customers retrieved',
    );
    expect(search.page.content[0]).toMatchObject({
      address: '12 rue de la Paix, 75002 Paris',
      status: 'ACTIVE',
    });
  });

  it('refuses a file it cannot use, with the reason, and imports nothing', async () => {
    expectFailure(
      await importing('Name,Email\nA,a@example.com'),
      400,
      /missing: Address, Phone, Type, Status, Image URL$/,
    );
    expectFailure(await importing(HEADER), 400, 'The file has no customer after its first line');
    expectFailure(
      await importing(`${HEADER}\n"unclosed,x`),
      400,
      /^The file is not a CSV file that can be read/,
    );
    expectFailure(await importing(''), 400, /csv: The file is empty/);
    expect(await names()).toHaveLength(2);
  });

  it('is for whom may create customers', async () => {
    const manager = await signedInUser(t, 'ROLE_MANAGER', { organisationId });
    expectFailure(await as(t, manager.tokens.access)('POST', '/import', { csv: HEADER }), 403);
  });
});
