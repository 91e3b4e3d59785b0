/**
 * Every field of the customer and invoice bodies is checked on the server: a wrong value gives 400 with a
 * reason that names the field, and nothing is written. Text that looks like SQL or script is data: it is
 * stored and given back exactly as sent.
 */
import type { Customer, Invoice } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/db/orm.js';
import { call, signedInUser } from './support/accounts.js';
import { as, countRows, createCustomer, customerBody, invoiceBody, rows } from './support/customers.js';
import { expectFailure, expectSuccess } from './support/profile.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let token: string;
let api: ReturnType<typeof as>;
let customer: Customer;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signedInUser(t, 'ROLE_ADMIN')).tokens.access;
  api = as(t, token);
  customer = await createCustomer(t, token, { name: 'Valid Customer' });
});
afterAll(() => t.close());

type Case = [field: string, value: unknown, reason: RegExp];

const IMAGE_URL_REFUSED =
  /^Invalid body: imageUrl: Enter an https:\/\/ address of a picture on another site, or one of this site's pictures \(\/assets\/avatars\/\.\.\.\)$/;

const CUSTOMER_CASES: Case[] = [
  ['name', '', /name: Name is required/],
  ['name', '   ', /name: Name is required/],
  ['name', undefined, /name: Name is required/],
  ['name', 'x'.repeat(201), /name: Name must be at most 200 characters/],
  ['name', 42, /name: Name is required/],
  ['email', 'not-an-email', /email: Enter a valid e-mail address/],
  ['email', 'a@b', /email: Enter a valid e-mail address/],
  ['email', '', /email: /],
  ['email', undefined, /email: Email is required/],
  ['address', '', /address: Address is required/],
  ['address', 'x'.repeat(301), /address: Address must be at most 300 characters/],
  ['phone', 'call me', /phone: Enter a phone number/],
  ['phone', '12', /phone: Enter a phone number/],
  ['phone', '+33 6 12 34 56 78 <b>', /phone: Enter a phone number/],
  ['phone', '', /phone: Phone is required/],
  ['type', 'COMPANY', /type: Type must be one of INDIVIDUAL, INSTITUTION/],
  ['type', 'individual', /type: Type must be one of INDIVIDUAL, INSTITUTION/],
  ['type', undefined, /type: Type must be one of/],
  ['status', 'DELETED', /status: Status must be one of ACTIVE, PENDING, BANNED, INACTIVE/],
  ['status', null, /status: Status must be one of/],
  ['imageUrl', 'javascript:alert(1)', IMAGE_URL_REFUSED],
  ['imageUrl', 'data:image/svg+xml,<svg/>', IMAGE_URL_REFUSED],
  ['imageUrl', '//evil.example/a.png', IMAGE_URL_REFUSED],
  ['imageUrl', '/\\evil.example/a.png', IMAGE_URL_REFUSED],
  ['imageUrl', 'avatar.png', IMAGE_URL_REFUSED],
  ['imageUrl', 'ftp://files.example.com/a.png', IMAGE_URL_REFUSED],
  // Plain http (readable and changeable on the way), and any address the API answers, on any host.
  ['imageUrl', 'http://cdn.example.com/a.png', IMAGE_URL_REFUSED],
  ['imageUrl', '/api/user/image/0123456789abcdef0123456789abcdef.png', IMAGE_URL_REFUSED],
  ['imageUrl', 'https://coran-hadith.example.com/api/user/logout', IMAGE_URL_REFUSED],
  ['imageUrl', 'https://coran-hadith.example.com/API/user/profile', IMAGE_URL_REFUSED],
  ['imageUrl', 'https://coran-hadith.example.com/%61pi/user/profile', IMAGE_URL_REFUSED],
  ['imageUrl', 'https://coran-hadith.example.com/assets/../api/health', IMAGE_URL_REFUSED],
  // This site's pictures only under their public path.
  ['imageUrl', '/assets/avatars/../../api/health', IMAGE_URL_REFUSED],
  ['imageUrl', '/user/profile', IMAGE_URL_REFUSED],
  ['imageUrl', '', /imageUrl: Image URL is required/],
];

describe('POST /api/customer/create', () => {
  it.each(CUSTOMER_CASES)(
    'refuses %s = %j, naming the field, and writes nothing',
    async (field, value, reason) => {
      const before = await countRows(t, 'customers');
      const reasonText = expectFailure(
        await api('POST', '/create', customerBody({ [field]: value })),
        400,
        reason,
      );
      expect(reasonText).toMatch(/^Invalid body: /);
      expect(await countRows(t, 'customers')).toBe(before);
    },
  );

  it('names every wrong field at once', async () => {
    const reason = expectFailure(await api('POST', '/create', {}), 400);
    for (const field of ['name', 'email', 'address', 'phone', 'type', 'status', 'imageUrl']) {
      expect(reason).toContain(`${field}: `);
    }
  });

  it('refuses a body that is not JSON', async () => {
    const res = await call(t, {
      method: 'POST',
      url: '/api/customer/create',
      token,
      payload: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expectFailure(res, 400, 'The request body is not valid JSON.');
  });
});

describe('PUT /api/customer/update', () => {
  it.each(CUSTOMER_CASES)(
    'refuses %s = %j and leaves the customer as it was',
    async (field, value, reason) => {
      const res = await api('PUT', '/update', customerBody({ id: customer.id, [field]: value }));
      expectFailure(res, 400, reason);
      const [row] = await rows<{ name: string }>(
        t,
        sql`SELECT name FROM customers WHERE id = ${customer.id}`,
      );
      expect(row?.name).toBe('Valid Customer');
    },
  );

  it.each([
    [undefined, /id: ID must be a number/],
    ['abc', /id: ID must be a number/],
    [-3, /id: ID must be a positive number/],
    [2.5, /id: ID must be a whole number/],
  ])('refuses id = %j', async (id, reason) => {
    expectFailure(await api('PUT', '/update', customerBody({ id })), 400, reason);
  });
});

const INVOICE_CASES: Case[] = [
  ['services', '', /services: Services is required/],
  ['services', 'x'.repeat(2001), /services: Services must be at most 2000 characters/],
  ['total', 0, /total: Total must be greater than 0/],
  ['total', -10, /total: Total must be greater than 0/],
  ['total', '0.00', /total: Total must be greater than 0/],
  ['total', 12.345, /total: Total can have at most 2 decimals/],
  ['total', '12.345', /total: Total can have at most 2 decimals/],
  ['total', 0.001, /total: Total can have at most 2 decimals/],
  ['total', 10_000_000_000, /total: Total must be at most 9 999 999 999.99/],
  ['total', 'twelve', /total: Total must be a number/],
  ['total', '', /total: Total must be a number/],
  ['total', null, /total: Total must be a number/],
  ['date', '2026-02-30', /date: Date must be a real calendar date written YYYY-MM-DD/],
  ['date', '2025-02-29', /date: Date must be a real calendar date/],
  ['date', '2026-13-01', /date: Date must be a real calendar date/],
  ['date', '15/03/2026', /date: Date must be a real calendar date/],
  ['date', '0000-01-01', /date: Date must be between 1900 and 2999/],
  ['date', '', /date: Date must be a real calendar date/],
  ['status', 'DRAFT', /status: Status must be one of PAID, PENDING, OVERDUE, CANCELED/],
  ['status', 'paid', /status: Status must be one of PAID, PENDING, OVERDUE, CANCELED/],
  ['customerId', 'abc', /customerId: /],
];

describe('POST /api/customer/invoice/addtocustomer/{id}', () => {
  it.each(INVOICE_CASES)(
    'refuses %s = %j, naming the field, and writes nothing',
    async (field, value, reason) => {
      const before = await countRows(t, 'invoices');
      const res = await api(
        'POST',
        `/invoice/addtocustomer/${customer.id}`,
        invoiceBody(customer.id, { [field]: value }),
      );
      expectFailure(res, 400, reason);
      expect(await countRows(t, 'invoices')).toBe(before);
    },
  );

  it('refuses an unknown customer with a reason naming it, and writes nothing', async () => {
    const before = await countRows(t, 'invoices');
    expectFailure(
      await api('POST', '/invoice/addtocustomer/987654321', invoiceBody(987654321)),
      404,
      'No customer with ID 987654321',
    );
    expect(await countRows(t, 'invoices')).toBe(before);
  });

  it.each([
    [9_999_999_999.99, '9999999999.99'],
    ['0.01', '0.01'],
    [' 75.5 ', '75.50'],
    [19.99, '19.99'],
  ])('accepts a total of %j, stored as %s', async (total, stored) => {
    const res = await api(
      'POST',
      `/invoice/addtocustomer/${customer.id}`,
      invoiceBody(customer.id, { total }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await rows<{ total: string }>(
      t,
      sql`SELECT total::text AS total FROM invoices WHERE customer_id = ${customer.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(row?.total).toBe(stored);
  });
});

describe('text that looks like SQL or script', () => {
  const NASTY = [
    "Robert'); DROP TABLE customers;--",
    '<script>alert("x")</script>',
    "' OR '1'='1",
    '%_\\ \u00e9\u0301 مريم العلوي 🚀',
  ];

  it.each(NASTY)('stores and gives back %j exactly', async (text) => {
    const created = await createCustomer(t, token, { name: text, address: text });
    const res = await api(
      'POST',
      `/invoice/addtocustomer/${created.id}`,
      invoiceBody(created.id, { services: text }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = expectSuccess<{ customer: Customer & { invoices: Invoice[] } }>(
      await api('GET', `/get/${created.id}`),
      'Customer retrieved',
    );
    expect(data.customer.name).toBe(text);
    expect(data.customer.address).toBe(text);
    expect(data.customer.invoices[0]?.services).toBe(text);
    const found = expectSuccess<{ page: { content: Customer[] } }>(
      await api('GET', `/search?name=${encodeURIComponent(text)}`),
      'Customers retrieved',
    );
    expect(found.page.content.map((c) => c.id)).toContain(created.id);
    expect(await countRows(t, 'customers')).toBeGreaterThan(0);
  });
});
