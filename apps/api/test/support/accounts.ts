/**
 * Account helpers for the API tests: register and confirm through the real calls, read what the
 * outbox would deliver (the links and codes a person would receive), log in, call with a token.
 * Each simulated client has its own network address, so the per-address limits of one test do not
 * spill into another.
 */
import type { RoleName } from '@app/contracts';
import fs from 'node:fs/promises';
import path from 'node:path';
import { asc, desc, eq } from '../../src/db/orm.js';
import { eventTypes, outbox, userEvents, users } from '../../src/db/schema.js';
import { hashPassword } from '../../src/modules/auth/passwords.js';
import { copyFileName } from '../../src/modules/outbox/outbox-copies.js';
import { findUserById, insertUser, updateUser } from '../../src/modules/auth/users.repository.js';
import { insertOrganisation } from '../../src/modules/auth/account-organisations.repository.js';
import type { TestApp } from './test-app.js';

let addressCounter = 0;
/** A new documentation-range address (RFC 5737) per client. */
export function newAddress(): string {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

let emailCounter = 0;
export function uniqueEmail(label = 'user'): string {
  emailCounter += 1;
  return `${label}.${process.pid}.${emailCounter}.${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export const PASSWORD = 'correct horse battery';

export type CallOptions = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** Sent as `Authorization: Bearer …`. */
  token?: string;
  /** The client's network address; a new one per call by default. */
  address?: string;
  payload?: string | object | Buffer;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
};

/** app.inject from one client address, with an optional bearer token. */
export function call(t: TestApp, options: CallOptions) {
  const { token, address, headers, ...rest } = options;
  return t.app.inject({
    ...rest,
    remoteAddress: address ?? newAddress(),
    headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

/** The newest message the outbox holds for a recipient. */
export async function lastMessageTo(t: TestApp, recipient: string) {
  const [message] = await t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, recipient))
    .orderBy(desc(outbox.id))
    .limit(1);
  if (!message) throw new Error(`no message to ${recipient}`);
  if (message.body !== null) return { ...message, body: message.body };
  // Sent: the outbox no longer holds its text, but outside production its copy is kept under DATA_DIR/outbox.
  const copy = await fs.readFile(path.join(t.config.dataDir, 'outbox', copyFileName(message)), 'utf8');
  return { ...message, body: copy.slice(copy.indexOf('\n\n') + 2).trimEnd() };
}

/** The key at the end of the link of the newest e-mail whose link contains `path`. */
export async function linkKeyFor(t: TestApp, email: string, path: 'account' | 'password'): Promise<string> {
  const message = await lastMessageTo(t, email);
  const match = new RegExp(`/user/verify/${path}/([A-Za-z0-9_-]+)`).exec(message.body);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${message.body}`);
  return match[1];
}

export async function smsCodeFor(t: TestApp, phone: string): Promise<string> {
  const message = await lastMessageTo(t, phone);
  const match = /\b(\d{6})\b/.exec(message.body);
  if (!match?.[1]) throw new Error(`no code in: ${message.body}`);
  return match[1];
}

export async function registerAndConfirm(
  t: TestApp,
  fields: { email?: string; password?: string; firstName?: string } = {},
) {
  const email = fields.email ?? uniqueEmail();
  const password = fields.password ?? PASSWORD;
  const res = await call(t, {
    method: 'POST',
    url: '/api/user/register',
    payload: { firstName: fields.firstName ?? 'Amina', lastName: 'Benali', email, password },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  const key = await linkKeyFor(t, email, 'account');
  const verified = await call(t, { method: 'GET', url: `/api/user/verify/account/${key}` });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  return { email, password, id: res.json().data.user.id as number };
}

/** A new account registered and confirmed through the calls, signed in: its id and access token. */
export async function newSignedInUser(t: TestApp) {
  const account = await registerAndConfirm(t);
  return { id: account.id, token: (await tokensFor(t, account.email)).access };
}

/** The organisation the accounts of createUserWithRole share in one test app, unless they name another. */
const sharedOrganisations = new WeakMap<TestApp, Promise<number>>();

export function sharedOrganisation(t: TestApp): Promise<number> {
  let organisation = sharedOrganisations.get(t);
  if (!organisation) {
    organisation = insertOrganisation(t.database.db, 'Test business');
    sharedOrganisations.set(t, organisation);
  }
  return organisation;
}

/**
 * The connections of the shared organisation (row-level security lets them read and write its rows only): for
 * tests that write customers or invoices in SQL, which land there by default.
 */
export async function businessDb(t: TestApp) {
  return t.database.organisation(await sharedOrganisation(t)).db;
}

/** A new organisation with no member yet, for accounts that must not share the test app's. */
export function newOrganisation(t: TestApp, name = 'Other business'): Promise<number> {
  return insertOrganisation(t.database.db, name);
}

/**
 * A confirmed account with the given role, created directly (as the administrator's command does), member of the
 * test app's shared organisation unless `organisationId` names another.
 */
export async function createUserWithRole(
  t: TestApp,
  roleName: RoleName,
  fields: { phone?: string; organisationId?: number } = {},
) {
  const { organisationId = await sharedOrganisation(t), ...rest } = fields;
  const email = uniqueEmail(roleName.toLowerCase());
  const user = await insertUser(t.database.db, {
    firstName: 'Test',
    lastName: roleName,
    email,
    passwordHash: await hashPassword(PASSWORD),
    organisationId,
    roleName,
    confirmed: true,
  });
  // The phone is stored too, so the account can switch MFA on (it stays off until then).
  if (rest.phone) await updateUser(t.database.db, user.id, { phone: rest.phone });
  return { id: user.id, email, password: PASSWORD, organisationId, ...rest };
}

export async function login(t: TestApp, email: string, password = PASSWORD, address?: string) {
  return call(t, { method: 'POST', url: '/api/user/login', payload: { email, password }, address });
}

/** Logs in (no MFA) and returns the two tokens. */
export async function tokensFor(t: TestApp, email: string, password = PASSWORD) {
  const res = await login(t, email, password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const data = res.json().data as { access_token: string; refresh_token: string };
  return { access: data.access_token, refresh: data.refresh_token };
}

/** A confirmed account with the given role, logged in: its ids, credentials and tokens. */
export async function signedInUser(
  t: TestApp,
  roleName: RoleName,
  fields: { phone?: string; organisationId?: number } = {},
) {
  const user = await createUserWithRole(t, roleName, fields);
  return { ...user, tokens: await tokensFor(t, user.email) };
}

/** The stored row of a user with its role (password hash included), straight from the database. */
export async function storedUser(t: TestApp, id: number) {
  const user = await findUserById(t.database.db, id);
  if (!user) throw new Error(`no user ${id}`);
  return user;
}

export async function userCount(t: TestApp): Promise<number> {
  return (await t.database.db.select({ id: users.id }).from(users)).length;
}

/** The event types recorded for a user, oldest first, straight from the database. */
export async function storedEventTypes(t: TestApp, userId: number): Promise<string[]> {
  const rows = await t.database.db
    .select({ type: eventTypes.type })
    .from(userEvents)
    .innerJoin(eventTypes, eq(eventTypes.id, userEvents.eventTypeId))
    .where(eq(userEvents.userId, userId))
    .orderBy(asc(userEvents.id));
  return rows.map((r) => r.type);
}
