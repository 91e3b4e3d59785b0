/**
 * Who a business's invoices are from (issue 24): each organisation's own details, written by its owner, read into
 * every invoice answer; the organisation's name alone until then, never the sample of the demo.
 */
import { companyNamed, type BusinessDetailsData, type Company, type InvoiceData } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/db/orm.js';
import { call, newOrganisation, signedInUser } from './support/accounts.js';
import { addInvoice, createCustomer, rows } from './support/customers.js';
import { expectFailure, expectSuccess } from './support/profile.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const details = (token: string, method: 'GET' | 'PUT', payload?: object) =>
  call(t, { method, url: '/api/organisation/business-details', token, payload });

/** The smallest PNG there is: one transparent pixel. */
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const NOUR: Company = {
  name: 'Librairie An-Nour',
  addressLines: ['12 rue des Écoles', '75005 Paris'],
  phone: '+33 1 23 45 67 89',
  fax: '',
  website: 'an-nour.example',
  billingEmail: 'factures@an-nour.example',
  logo: PIXEL,
};

async function businessWithInvoice(name: string) {
  const organisationId = await newOrganisation(t, name);
  const owner = await signedInUser(t, 'ROLE_SYSADMIN', { organisationId });
  const customer = await createCustomer(t, owner.tokens.access);
  const added = await addInvoice(t, owner.tokens.access, customer.id);
  const invoiceId = (added.json().data as { invoice: { id: number } }).invoice.id;
  const invoiceOf = async (token: string) =>
    expectSuccess<InvoiceData>(
      await call(t, { method: 'GET', url: `/api/customer/invoice/get/${invoiceId}`, token }),
      'Invoice retrieved',
    );
  return { organisationId, owner, invoiceOf };
}

describe('business details', () => {
  it("are the organisation's name alone until its owner writes them: no sample is printed", async () => {
    const { owner, invoiceOf } = await businessWithInvoice('Atelier Sans Détails');
    const empty = companyNamed('Atelier Sans Détails');
    expect(empty).toEqual({
      name: 'Atelier Sans Détails',
      addressLines: [],
      phone: '',
      fax: '',
      website: '',
      billingEmail: '',
      logo: null,
    });
    expect((await invoiceOf(owner.tokens.access)).company).toEqual(empty);
    const read = expectSuccess<BusinessDetailsData>(
      await details(owner.tokens.access, 'GET'),
      'Business details retrieved',
    );
    expect(read).toMatchObject({ details: empty, editable: true });
  });

  it('are written whole by the owner, trimmed, and printed on every invoice of the organisation only', async () => {
    const { owner, invoiceOf } = await businessWithInvoice('Librairie An-Nour');
    const saved = expectSuccess<BusinessDetailsData>(
      await details(owner.tokens.access, 'PUT', {
        ...NOUR,
        name: '  Librairie An-Nour ',
        addressLines: [' 12 rue des Écoles ', '', '75005 Paris'],
      }),
      'Business details saved',
    );
    expect(saved.details).toEqual(NOUR);
    expect((await invoiceOf(owner.tokens.access)).company).toEqual(NOUR);

    // Written again over the last ones; another business keeps its own.
    const other = await businessWithInvoice('مكتبة دار السلام');
    expect((await invoiceOf(owner.tokens.access)).company.name).toBe('Librairie An-Nour');
    expect((await other.invoiceOf(other.owner.tokens.access)).company.name).toBe('مكتبة دار السلام');
    expectSuccess(
      await details(owner.tokens.access, 'PUT', { ...NOUR, logo: null, fax: '+33 1 23 45 67 80' }),
      'Business details saved',
    );
    expect((await invoiceOf(owner.tokens.access)).company).toMatchObject({
      logo: null,
      fax: '+33 1 23 45 67 80',
    });
  });

  it('are read by every member and changed by owners only: an administrator gets 403 and nothing changes', async () => {
    const { organisationId, owner } = await businessWithInvoice('Maison Barakah');
    expectSuccess(await details(owner.tokens.access, 'PUT', NOUR), 'Business details saved');
    for (const roleName of ['ROLE_USER', 'ROLE_ADMIN'] as const) {
      const member = await signedInUser(t, roleName, { organisationId });
      const read = expectSuccess<BusinessDetailsData>(
        await details(member.tokens.access, 'GET'),
        'Business details retrieved',
      );
      expect(read).toMatchObject({ details: NOUR, editable: false });
      expectFailure(await details(member.tokens.access, 'PUT', { ...NOUR, name: 'Taken over' }), 403);
    }
    const [stored] = await rows<{ name: string }>(
      t,
      sql`SELECT name FROM business_details WHERE organisation_id = ${organisationId}`,
    );
    expect(stored?.name).toBe('Librairie An-Nour');
  });

  it('refuse what cannot be printed, with the reason, and change nothing', async () => {
    const { organisationId, owner } = await businessWithInvoice('Dar Al-Kitab');
    const refused = async (changes: object, reason: RegExp) =>
      expectFailure(await details(owner.tokens.access, 'PUT', { ...NOUR, ...changes }), 400, reason);
    await refused({ name: ' ' }, /name: Business name is required/);
    await refused({ billingEmail: 'factures@' }, /billingEmail: Enter a valid e-mail address/);
    await refused(
      { addressLines: ['1', '2', '3', '4', '5', '6'] },
      /addressLines: An address has at most 5 lines/,
    );
    await refused(
      { logo: 'data:image/svg+xml;base64,PHN2Zz4=' },
      /logo: The logo must be a PNG or JPEG image/,
    );
    const tooBig = `data:image/png;base64,${'A'.repeat(140_000)}`;
    await refused({ logo: tooBig }, /logo: The logo must be at most 100 KB/);
    const stored = await rows(
      t,
      sql`SELECT 1 FROM business_details WHERE organisation_id = ${organisationId}`,
    );
    expect(stored).toEqual([]);
  });
});
