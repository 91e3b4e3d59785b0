/**
 * Who may make each /api/customer call, checked on the server (the template only hid buttons):
 * anonymous → 401; ROLE_USER reads; ROLE_MANAGER also updates; ROLE_ADMIN and ROLE_SYSADMIN also create
 * customers and invoices. A refused call writes nothing, and is refused before its body is even looked at.
 */
import type { RoleName } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/db/orm.js';
import { call } from './support/accounts.js';
import {
  ROLES,
  as,
  countRows,
  createCustomer,
  customerBody,
  invoiceBody,
  rows,
  signedInRoles,
} from './support/customers.js';
import { expectFailure, NO_PERMISSION, NOT_LOGGED_IN } from './support/profile.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let tokens: Record<RoleName, string>;
let customerId: number;
let invoiceId: number;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await signedInRoles(t);
  customerId = (await createCustomer(t, tokens.ROLE_ADMIN, { name: 'Matrix Customer' })).id;
  await as(t, tokens.ROLE_ADMIN)('POST', `/invoice/addtocustomer/${customerId}`, invoiceBody(customerId));
  const [row] = await rows<{ id: number }>(t, sql`SELECT id::int AS id FROM invoices LIMIT 1`);
  invoiceId = row?.id ?? 0;
});
afterAll(() => t.close());

type Call = {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  url: () => string;
  body?: () => object;
  allowed: RoleName[];
  status: number;
};

const EVERYONE = ROLES;
const EDITORS: RoleName[] = ['ROLE_MANAGER', 'ROLE_ADMIN', 'ROLE_SYSADMIN'];
const CREATORS: RoleName[] = ['ROLE_ADMIN', 'ROLE_SYSADMIN'];

const CALLS: Call[] = [
  { name: 'list', method: 'GET', url: () => '/list', allowed: EVERYONE, status: 200 },
  { name: 'get', method: 'GET', url: () => `/get/${customerId}`, allowed: EVERYONE, status: 200 },
  { name: 'search', method: 'GET', url: () => '/search?name=matrix', allowed: EVERYONE, status: 200 },
  { name: 'invoice/new', method: 'GET', url: () => '/invoice/new', allowed: EVERYONE, status: 200 },
  { name: 'invoice/list', method: 'GET', url: () => '/invoice/list', allowed: EVERYONE, status: 200 },
  {
    name: 'invoice/get',
    method: 'GET',
    url: () => `/invoice/get/${invoiceId}`,
    allowed: EVERYONE,
    status: 200,
  },
  { name: 'download/report', method: 'GET', url: () => '/download/report', allowed: EVERYONE, status: 200 },
  {
    name: 'update',
    method: 'PUT',
    url: () => '/update',
    body: () => customerBody({ id: customerId, name: 'Matrix Customer' }),
    allowed: EDITORS,
    status: 200,
  },
  {
    name: 'create',
    method: 'POST',
    url: () => '/create',
    body: () => customerBody(),
    allowed: CREATORS,
    status: 201,
  },
  {
    name: 'invoice/addtocustomer',
    method: 'POST',
    url: () => `/invoice/addtocustomer/${customerId}`,
    body: () => invoiceBody(customerId),
    allowed: CREATORS,
    status: 200,
  },
];

describe.each(CALLS)('$method /api/customer/$name', (c) => {
  it('answers 401 to an anonymous client, or a token that is not one', async () => {
    expectFailure(await as(t, undefined)(c.method, c.url(), c.body?.()), 401, NOT_LOGGED_IN);
    expectFailure(await as(t, 'not-a-token')(c.method, c.url(), c.body?.()), 401);
    const nullBearer = await call(t, {
      method: c.method,
      url: `/api/customer${c.url()}`,
      headers: { authorization: 'Bearer null' },
      payload: c.body?.(),
    });
    expectFailure(nullBearer, 401, NOT_LOGGED_IN);
  });

  it.each(ROLES)('%s', async (role) => {
    const before = { customers: await countRows(t, 'customers'), invoices: await countRows(t, 'invoices') };
    const res = await as(t, tokens[role])(c.method, c.url(), c.body?.());
    if (c.allowed.includes(role)) {
      expect(res.statusCode, res.body).toBe(c.status);
      return;
    }
    expectFailure(res, 403, NO_PERMISSION);
    expect({ customers: await countRows(t, 'customers'), invoices: await countRows(t, 'invoices') }).toEqual(
      before,
    );
  });
});

it('refuses a forbidden change before validating it: 403, not 400, for an invalid body', async () => {
  const user = as(t, tokens.ROLE_USER);
  expectFailure(await user('POST', '/create', {}), 403, NO_PERMISSION);
  expectFailure(await user('PUT', '/update', { id: 'x' }), 403, NO_PERMISSION);
  expectFailure(await user('POST', '/invoice/addtocustomer/abc', {}), 403, NO_PERMISSION);
  expectFailure(await as(t, tokens.ROLE_MANAGER)('POST', '/create', { name: '' }), 403, NO_PERMISSION);
  expectFailure(await as(t, undefined)('GET', '/get/abc'), 401, NOT_LOGGED_IN);
});

it('leaves a customer unchanged when a ROLE_USER tries to update it', async () => {
  const res = await as(t, tokens.ROLE_USER)(
    'PUT',
    '/update',
    customerBody({ id: customerId, name: 'Renamed' }),
  );
  expectFailure(res, 403, NO_PERMISSION);
  const [row] = await rows<{ name: string }>(t, sql`SELECT name FROM customers WHERE id = ${customerId}`);
  expect(row?.name).toBe('Matrix Customer');
});
