/**
 * Helpers of the authentication attack tests (accounts-login, accounts-tokens, accounts-reset): raw SQL
 * reads of what the calls stored, envelope comparison, and an account with MFA switched on.
 */
import { sql, type SQL } from '../../src/db/orm.js';
import { call, PASSWORD, registerAndConfirm, smsCodeFor, tokensFor } from './accounts.js';
import { ownerRows } from './tables-owner.js';
import type { TestApp } from './test-app.js';

/** Rows of a raw SQL query, read as the tables' owner: every organisation's rows. */
export const sqlRows = ownerRows;

/** How many rows a `SELECT count(*) AS n …` counted. */
export async function sqlCount(t: TestApp, query: SQL): Promise<number> {
  const [row] = await sqlRows<{ n: number | string }>(t, query);
  return Number(row?.n ?? 0);
}

/** How many events of a type the user has. */
export function eventCount(t: TestApp, userId: number, type: string): Promise<number> {
  return sqlCount(
    t,
    sql`SELECT count(*) AS n FROM user_events e JOIN event_types et ON et.id = e.event_type_id
        WHERE e.user_id = ${userId} AND et.type = ${type}`,
  );
}

/** The envelope without its timeStamp, to compare two answers byte for byte. */
export function withoutTimeStamp(body: string): string {
  const { timeStamp, ...rest } = JSON.parse(body) as { timeStamp?: unknown };
  if (typeof timeStamp !== 'string') throw new Error(`no timeStamp in ${body}`);
  return JSON.stringify(rest);
}

let phoneCounter = 0;
/**
 * A French mobile number that no other test uses, so its SMS can be told apart; in E.164, the form the server
 * keeps (and sends the SMS to) whatever spelling it was given.
 */
export function uniquePhone(): string {
  phoneCounter += 1;
  return `+336${String(process.pid % 100).padStart(2, '0')}${String(phoneCounter).padStart(6, '0')}`;
}

/**
 * Turns the SMS factor on as a person does: a code sent to the saved phone (POST step-up/code), then PATCH
 * togglemfa with the password and that code. Answers with the toggle's answer.
 */
export async function turnOnSmsFactor(t: TestApp, access: string, phone: string, password = PASSWORD) {
  const sent = await call(t, { method: 'POST', url: '/api/user/step-up/code', token: access });
  if (sent.statusCode !== 200) throw new Error(`step-up code failed: ${sent.body}`);
  const code = await smsCodeFor(t, phone);
  return call(t, {
    method: 'PATCH',
    url: '/api/user/togglemfa',
    token: access,
    payload: { currentPassword: password, code },
  });
}

/** A confirmed account with a phone and MFA on, set through the real calls (PATCH update, PATCH togglemfa). */
export async function registerWithMfa(t: TestApp) {
  const account = await registerAndConfirm(t);
  const { access } = await tokensFor(t, account.email, account.password);
  const phone = uniquePhone();
  const updated = await call(t, {
    method: 'PATCH',
    url: '/api/user/update',
    token: access,
    payload: {
      id: account.id,
      firstName: 'Amina',
      lastName: 'Benali',
      email: account.email,
      phone,
      currentPassword: account.password,
    },
  });
  if (updated.statusCode !== 200) throw new Error(`update failed: ${updated.body}`);
  const toggled = await turnOnSmsFactor(t, access, phone, account.password);
  if (toggled.statusCode !== 200 || toggled.json().data.user.usingMfa !== true) {
    throw new Error(`togglemfa failed: ${toggled.body}`);
  }
  return { ...account, phone };
}
