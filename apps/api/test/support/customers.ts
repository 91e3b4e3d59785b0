/**
 * Helpers of the customer and invoice tests: valid request bodies, calls made as a signed-in user,
 * and reads straight from the database to check what was (or was not) written.
 */
import { ROLE_NAMES, type CreateCustomer, type Customer, type Invoice, type RoleName } from '@app/contracts';
import { expect } from 'vitest';
import { sql } from '../../src/db/orm.js';
import { call, signedInUser, type CallOptions } from './accounts.js';
import { ownerRows } from './tables-owner.js';
import type { TestApp } from './test-app.js';

/** Every role, lowest first (the contracts' list). */
export const ROLES: RoleName[] = [...ROLE_NAMES];

let counter = 0;

/** A valid body of POST /api/customer/create, with some fields changed. */
/** `changes` may also add fields (the `id` of the update call) or remove one (undefined). */
export function customerBody(changes: Partial<Record<keyof CreateCustomer | 'id', unknown>> = {}) {
  counter += 1;
  return {
    name: `Client ${counter}`,
    email: `client.${counter}@example.com`,
    address: `${counter} rue des Lilas, 69003 Lyon`,
    phone: '+33 6 12 34 56 78',
    type: 'INDIVIDUAL',
    status: 'ACTIVE',
    imageUrl: '/assets/avatars/person-1.svg',
    ...changes,
  };
}

/**
 * A valid body of POST /api/customer/invoice/addtocustomer/{id}, with some fields changed. Its services add up to
 * its total, as the server requires: a total given alone is billed as one service.
 */
export function invoiceBody(customerId: number, changes: Record<string, unknown> = {}) {
  const totalAlone = 'total' in changes && !('services' in changes);
  return {
    services: totalAlone ? `1 Services ${String(changes.total).trim()}` : '1 Web Design 200,2 SEO Work 100',
    customerId,
    total: 300,
    date: '2026-03-15',
    status: 'PENDING',
    ...changes,
  };
}

/** Calls with the bearer token of `token`. */
export function as(t: TestApp, token: string | undefined) {
  return (method: CallOptions['method'], url: string, payload?: object) =>
    call(t, { method, url: `/api/customer${url}`, token, payload });
}

/** One signed-in user per role, and their access tokens. */
export async function signedInRoles(t: TestApp): Promise<Record<RoleName, string>> {
  const entries = await Promise.all(
    ROLES.map(async (role) => [role, (await signedInUser(t, role)).tokens.access] as const),
  );
  return Object.fromEntries(entries) as Record<RoleName, string>;
}

export async function createCustomer(
  t: TestApp,
  token: string,
  changes: Parameters<typeof customerBody>[0] = {},
) {
  const res = await as(t, token)('POST', '/create', customerBody(changes));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.customer as Customer & { invoices: Invoice[] };
}

export async function addInvoice(
  t: TestApp,
  token: string,
  customerId: number,
  changes: Record<string, unknown> = {},
) {
  const res = await as(t, token)(
    'POST',
    `/invoice/addtocustomer/${customerId}`,
    invoiceBody(customerId, changes),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/**
 * Rows of a raw SQL query over every organisation's rows: a test that checks what was (or was not) written reads
 * as the tables' owner, since the API's connections see only one organisation's (row-level security).
 */
export const rows = ownerRows;

export async function countRows(t: TestApp, table: 'customers' | 'invoices'): Promise<number> {
  const [row] = await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);
  return row?.n ?? 0;
}
