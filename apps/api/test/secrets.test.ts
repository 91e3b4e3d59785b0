/**
 * Secrets stay secret (issue 19, point 5), on a server configured as production: e-mails go to a real SMTP server
 * on 127.0.0.1 and SMS to a fake Twilio, and everything the server logs is kept. After a registration and its
 * confirmation, a password reset, an SMS login, an invitation and its sign-up, and an authenticator app with its
 * recovery codes, none of the keys, codes and recovery codes that reached a person is in the logs (the request log
 * names their routes with [REDACTED] segments), nor in any text column of any table once the messages have gone,
 * and no copy of a message was written to the disk.
 */
import fs from 'node:fs';
import path from 'node:path';
import { URI } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, loggerOptions } from '../src/app.js';
import { sql } from '../src/db/orm.js';
import { call, PASSWORD, uniqueEmail } from './support/accounts.js';
import { uniquePhone } from './support/auth-helpers.js';
import { startFakeTwilio, type FakeTwilio } from './support/fake-twilio.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { ownerRows } from './support/tables-owner.js';
import { testConfig, type TestApp } from './support/test-app.js';
import { createTestDatabase } from './support/test-database.js';

let sink: SmtpSink;
let twilio: FakeTwilio;
let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  [sink, twilio] = await Promise.all([startSmtpSink(), startFakeTwilio()]);
  const config = testConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
    MFA_ENCRYPTION_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    PUBLIC_URL: 'https://coran-hadith.example',
    SMTP_URL: sink.url,
    TWILIO_ACCOUNT_SID: 'AC0123456789',
    TWILIO_AUTH_TOKEN: 'twilio-secret-token',
    TWILIO_FROM_NUMBER: '+15005550006',
    TWILIO_API_URL: twilio.url,
  });
  const database = await createTestDatabase();
  // The server's own logger settings, writing to this test instead of standard output.
  const logger = {
    ...(loggerOptions(config) as object),
    stream: { write: (line: string) => logLines.push(line) },
  };
  const app = await buildApp({ config, database }, { logger });
  await app.ready();
  t = {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
});
afterAll(async () => {
  await t?.close();
  await Promise.all([sink?.close(), twilio?.close()]);
});

/** The text of the newest e-mail to `to`, once the server has sent it. */
async function emailTo(to: string, count = 1): Promise<string> {
  await vi.waitFor(() => expect(sink.messages.filter((m) => m.envelopeTo.includes(to)).length).toBe(count), {
    timeout: 15_000,
    interval: 50,
  });
  return sink.messages.filter((m) => m.envelopeTo.includes(to)).at(-1)?.text ?? '';
}

function keyOf(text: string, linkPath: string): string {
  const key = new RegExp(`${linkPath}/([A-Za-z0-9_-]{16,})`).exec(text)?.[1];
  if (!key) throw new Error(`no ${linkPath} link in: ${text}`);
  return key;
}

/** The 6-digit code of the newest SMS to `phone`, once sent. */
async function smsCodeTo(phone: string, count: number): Promise<string> {
  await vi.waitFor(() => expect(twilio.calls.filter((c) => c.form.To === phone).length).toBe(count), {
    timeout: 15_000,
    interval: 50,
  });
  const code = /\b(\d{6})\b/.exec(
    twilio.calls.filter((c) => c.form.To === phone).at(-1)?.form.Body ?? '',
  )?.[1];
  if (!code) throw new Error(`no code in the SMS to ${phone}`);
  return code;
}

function expectStatus(res: Awaited<ReturnType<typeof call>>, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

/** Every secret that reached a person during the journeys, by what it is. */
const secrets: Record<string, string> = {};
/** The address a code was sent for: it appears in the path of the second step of the login. */
let codeOwner = '';

async function journeys() {
  // Registration and the confirmation link.
  const email = uniqueEmail('secrets');
  codeOwner = email;
  const names = { firstName: 'Amina', lastName: 'Benali' };
  expectStatus(
    await call(t, {
      method: 'POST',
      url: '/api/user/register',
      payload: { ...names, email, password: PASSWORD },
    }),
    201,
  );
  secrets.accountKey = keyOf(await emailTo(email), '/user/verify/account');
  // The link opens the web app's page first, whose script then calls the API: both reach the server.
  await call(t, { method: 'GET', url: `/user/verify/account/${secrets.accountKey}` });
  expectStatus(await call(t, { method: 'GET', url: `/api/user/verify/account/${secrets.accountKey}` }), 200);

  // A password reset.
  expectStatus(
    await call(t, { method: 'GET', url: `/api/user/resetpassword/${encodeURIComponent(email)}` }),
    200,
  );
  secrets.resetKey = keyOf(await emailTo(email, 2), '/user/verify/password');
  const checked = expectStatus(
    await call(t, { method: 'GET', url: `/api/user/verify/password/${secrets.resetKey}` }),
    200,
  );
  const password = 'a fresh and long passphrase';
  expectStatus(
    await call(t, {
      method: 'PUT',
      url: '/api/user/new/password',
      payload: { userId: checked.data.user.id, password, confirmPassword: password, key: secrets.resetKey },
    }),
    200,
  );

  // The SMS code of a login's second step (and the "this wasn't me" link of the phone's change notice).
  const login = () => call(t, { method: 'POST', url: '/api/user/login', payload: { email, password } });
  const access = expectStatus(await login(), 200).data.access_token as string;
  const phone = uniquePhone();
  expectStatus(
    await call(t, {
      method: 'PATCH',
      url: '/api/user/update',
      token: access,
      payload: { id: checked.data.user.id, ...names, email, phone, currentPassword: password },
    }),
    200,
  );
  secrets.reportKey = keyOf(await emailTo(email, 3), '/user/report/change');
  expectStatus(await call(t, { method: 'POST', url: '/api/user/step-up/code', token: access }), 200);
  secrets.phoneProofCode = await smsCodeTo(phone, 1);
  expectStatus(
    await call(t, {
      method: 'PATCH',
      url: '/api/user/togglemfa',
      token: access,
      payload: { currentPassword: password, code: secrets.phoneProofCode },
    }),
    200,
  );
  expectStatus(await login(), 200);
  secrets.smsCode = await smsCodeTo(phone, 2);
  expectStatus(
    await call(t, {
      method: 'GET',
      url: `/api/user/verify/code/${encodeURIComponent(email)}/${secrets.smsCode}`,
    }),
    200,
  );

  // An invitation, its page and the account made from it.
  const invited = uniqueEmail('secrets-invited');
  expectStatus(
    await call(t, {
      method: 'POST',
      url: '/api/organisation/invitations',
      token: access,
      payload: { email: invited, roleName: 'ROLE_USER' },
    }),
    201,
  );
  secrets.invitationKey = keyOf(await emailTo(invited), '/invitation');
  await call(t, { method: 'GET', url: `/invitation/${secrets.invitationKey}` });
  expectStatus(
    await call(t, { method: 'GET', url: `/api/organisation/invitation/${secrets.invitationKey}` }),
    200,
  );
  expectStatus(
    await call(t, {
      method: 'POST',
      url: `/api/organisation/invitation/${secrets.invitationKey}/signup`,
      payload: { firstName: 'Karim', lastName: 'Haddad', password: PASSWORD },
    }),
    201,
  );

  // The invited account sets up an authenticator app and receives its recovery codes.
  const invitedAccess = expectStatus(
    await call(t, {
      method: 'POST',
      url: '/api/user/login',
      payload: { email: invited, password: PASSWORD },
    }),
    200,
  ).data.access_token as string;
  const started = expectStatus(
    await call(t, {
      method: 'POST',
      url: '/api/user/mfa/totp/start',
      token: invitedAccess,
      payload: { currentPassword: PASSWORD },
    }),
    200,
  );
  secrets.totpSecret = started.data.secret;
  const confirmed = expectStatus(
    await call(t, {
      method: 'POST',
      url: '/api/user/mfa/totp/confirm',
      token: invitedAccess,
      payload: { code: URI.parse(started.data.uri).generate() },
    }),
    200,
  );
  (confirmed.data.recoveryCodes as string[]).forEach((code, i) => {
    secrets[`recoveryCode${i}`] = code;
    secrets[`recoveryCode${i}Bare`] = code.replaceAll('-', '');
  });

  // Every message has gone out.
  await vi.waitFor(
    async () =>
      expect(await ownerRows(t, sql`SELECT id FROM outbox WHERE state <> 'SENT' OR sent_at IS NULL`)).toEqual(
        [],
      ),
    { timeout: 15_000, interval: 100 },
  );
}

/** Where a secret appears in `text`: a code of digits only counts as itself, not inside a longer number. */
function containsSecret(text: string, secret: string): boolean {
  if (!/^\d+$/.test(secret)) return text.includes(secret);
  return new RegExp(`(?<![0-9A-Za-z])${secret}(?![0-9A-Za-z])`).test(text);
}

/** The tables and columns (schema public) whose values are text: every place a secret could be kept readable. */
async function textColumns() {
  return ownerRows<{ table_name: string; column_name: string }>(
    t,
    sql`SELECT c.table_name, c.column_name FROM information_schema.columns c
        JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
        WHERE c.table_schema = 'public' AND tb.table_type = 'BASE TABLE'
          AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')
        ORDER BY c.table_name, c.column_name`,
  );
}

/**
 * For each named value, the "table.column" places whose stored text contains it: one query per column for all the
 * values. A value of digits only counts as itself, not inside a longer number (a phone, an id).
 */
async function placesHolding(values: Record<string, string>): Promise<Record<string, string[]>> {
  const wanted = sql.join(
    Object.entries(values).map(([what, value]) => sql`(${what}, ${value})`),
    sql`, `,
  );
  const found: Record<string, string[]> = {};
  for (const { table_name: table, column_name: column } of await textColumns()) {
    const text = sql`${sql.identifier(column)}::text`;
    const holders = await ownerRows<{ what: string }>(
      t,
      sql`SELECT v.what FROM (VALUES ${wanted}) AS v(what, value)
          WHERE EXISTS (SELECT 1 FROM ${sql.identifier(table)} WHERE CASE
            WHEN v.value ~ '^[0-9]+$' THEN ${text} ~ ('(^|[^0-9A-Za-z])' || v.value || '([^0-9A-Za-z]|$)')
            ELSE strpos(${text}, v.value) > 0 END)`,
    );
    for (const { what } of holders) (found[what] ??= []).push(`${table}.${column}`);
  }
  return found;
}

describe('secrets after the journeys of a production server', () => {
  beforeAll(journeys, 120_000);

  it('keeps the request log free of every key and code, and of the address of a login code', () => {
    const logged = logLines.join('\n');
    const urls = logLines
      .map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url)
      .filter(Boolean);
    // The calls were logged, with their secret segments redacted.
    expect(urls).toEqual(
      expect.arrayContaining([
        '/user/verify/account/[REDACTED]',
        '/api/user/verify/account/[REDACTED]',
        '/api/user/resetpassword/[REDACTED]',
        '/api/user/verify/password/[REDACTED]',
        '/api/user/verify/code/[REDACTED]/[REDACTED]',
        '/invitation/[REDACTED]',
        '/api/organisation/invitation/[REDACTED]',
        '/api/organisation/invitation/[REDACTED]/signup',
      ]),
    );
    for (const [what, secret] of Object.entries(secrets)) {
      expect(containsSecret(logged, secret), `${what} in the log`).toBe(false);
    }
    expect(logged).not.toContain(codeOwner);
    expect(logged).not.toContain(encodeURIComponent(codeOwner));
  });

  it('keeps no key, code or recovery code readable in any table once the messages are sent', async () => {
    const found = await placesHolding({ ...secrets, address: codeOwner });
    // The search finds what is stored in clear (the address is), so finding nothing else means something.
    expect(found.address).toContain('users.email');
    delete found.address;
    expect(found).toEqual({});
    // What the outbox keeps of a sent message: who and when, not what it said.
    expect(await ownerRows(t, sql`SELECT id FROM outbox WHERE body IS NOT NULL`)).toEqual([]);
  });

  it('writes no copy of the messages to the disk in production', () => {
    expect(sink.messages.length).toBeGreaterThanOrEqual(5);
    expect(fs.existsSync(path.join(t.config.dataDir, 'outbox'))).toBe(false);
  });
});
