/**
 * Attacks on registration, confirmation and login of the /api/user calls, through the real app on a real
 * database: what is stored (hashes, hashed keys), what a stranger can learn (enumeration by answer or
 * timing), the password checked exactly as typed, lockout, the SMS code of an MFA login, rate limits and
 * injection strings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/db/orm.js';
import {
  call,
  lastMessageTo,
  linkKeyFor,
  login,
  newAddress,
  PASSWORD,
  registerAndConfirm,
  smsCodeFor,
  tokensFor,
  uniqueEmail,
} from './support/accounts.js';
import { eventCount, registerWithMfa, sqlCount, sqlRows, withoutTimeStamp } from './support/auth-helpers.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const PUBLIC_URL = 'https://coran-hadith.example.org';
const BAD_CREDENTIALS = 'Incorrect email or password';
const CODE_EXPIRED = 'This code has expired. Please login again.';
const CODE_INVALID = 'Code is invalid. Please try again.';
const LINK_NOT_VALID = 'This link is not valid.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
});
afterAll(() => t.close());

function register(
  fields: { firstName?: string; lastName?: string; email: string; password?: string },
  address?: string,
) {
  return call(t, {
    method: 'POST',
    url: '/api/user/register',
    address,
    payload: { firstName: 'Amina', lastName: 'Benali', password: PASSWORD, ...fields },
  });
}

const verifyCode = (email: string, code: string) =>
  call(t, {
    method: 'GET',
    url: `/api/user/verify/code/${encodeURIComponent(email)}/${encodeURIComponent(code)}`,
  });

const countUsers = () => sqlCount(t, sql`SELECT count(*) AS n FROM users`);
const countOutbox = (recipient?: string) =>
  recipient
    ? sqlCount(t, sql`SELECT count(*) AS n FROM outbox WHERE recipient = ${recipient}`)
    : sqlCount(t, sql`SELECT count(*) AS n FROM outbox`);

/** Makes the account's confirmation links as old as if they had been sent `minutes` ago. */
const sentMinutesAgo = (userId: number, minutes: number) =>
  t.database.db.execute(
    sql`UPDATE account_verifications SET created_at = created_at - make_interval(mins => ${minutes})
        WHERE user_id = ${userId}`,
  );

/** Another 6-digit code than `code`. */
const otherCode = (code: string, step = 1) => String((Number(code) + step) % 1_000_000).padStart(6, '0');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

describe('register', () => {
  it('creates a disabled account, owner of its own new organisation, without exposing the password, stored as an argon2id hash', async () => {
    const email = uniqueEmail('register');
    const res = await register({ email });

    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      statusCode: 201,
      status: 'CREATED',
      message: 'User account created for user Amina',
    });
    expect(body.reason).toBeUndefined();
    expect(body.data.user).toMatchObject({
      firstName: 'Amina',
      lastName: 'Benali',
      email,
      roleName: 'ROLE_SYSADMIN',
      permissions:
        'READ:USER,READ:CUSTOMER,UPDATE:USER,UPDATE:CUSTOMER,CREATE:USER,CREATE:CUSTOMER,DELETE:USER,DELETE:CUSTOMER',
      enabled: false,
      notLocked: true,
      usingMfa: false,
    });
    expect(Object.keys(body.data.user).filter((key) => /pass|hash/i.test(key))).toEqual([]);
    expect(res.body).not.toContain(PASSWORD);
    expect(res.body).not.toContain('argon2');

    const [row] = await sqlRows<{ password_hash: string; enabled: boolean; confirmed: boolean }>(
      t,
      sql`SELECT password_hash, enabled, confirmed_at IS NOT NULL AS confirmed FROM users WHERE id = ${body.data.user.id}`,
    );
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(row?.password_hash).not.toContain(PASSWORD);
    expect(row?.enabled).toBe(false);
    // Its organisation is new, named after it, and it is the only member.
    const memberships = await sqlRows<{ name: string; members: number; current: boolean }>(
      t,
      sql`SELECT o.name, (SELECT count(*)::int FROM memberships x WHERE x.organisation_id = o.id) AS members,
          u.current_organisation_id = o.id AS current
        FROM memberships m JOIN organisations o ON o.id = m.organisation_id JOIN users u ON u.id = m.user_id
        WHERE m.user_id = ${body.data.user.id}`,
    );
    expect(memberships).toEqual([{ name: 'Amina Benali', members: 1, current: true }]);
    expect(row?.confirmed).toBe(false);
  });

  it('e-mails a confirmation link with a 256-bit key that is stored only hashed', async () => {
    const email = uniqueEmail('register-link');
    const res = await register({ email });
    expect(res.statusCode).toBe(201);
    const userId = Number(res.json().data.user.id);

    const message = await lastMessageTo(t, email);
    expect(message.channel).toBe('EMAIL');
    const match = new RegExp(
      `${PUBLIC_URL.replaceAll('.', '\\.')}/user/verify/account/([A-Za-z0-9_-]+)`,
    ).exec(message.body);
    const key = match?.[1] ?? '';
    expect(key.length).toBeGreaterThanOrEqual(43);

    const stored = await sqlRows<{ key_hash: string }>(
      t,
      sql`SELECT key_hash FROM account_verifications WHERE user_id = ${userId}`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.key_hash).not.toBe(key);
    // No column of any row carries the clear key.
    expect(
      await sqlCount(
        t,
        sql`SELECT count(*) AS n FROM account_verifications a WHERE strpos(a::text, ${key}) > 0`,
      ),
    ).toBe(0);
  });

  it('refuses an e-mail already in use, whatever its case, and creates no second user', async () => {
    const email = uniqueEmail('duplicate');
    expect((await register({ email })).statusCode).toBe(201);
    const outboxBefore = await countOutbox();

    const res = await register({ email: email.toUpperCase(), firstName: 'Other' });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      statusCode: 400,
      status: 'BAD_REQUEST',
      reason: 'Email already in use. Please use a different email and try again.',
    });
    expect(res.json().data).toBeUndefined();
    expect(await sqlCount(t, sql`SELECT count(*) AS n FROM users WHERE lower(email) = lower(${email})`)).toBe(
      1,
    );
    expect(await countOutbox()).toBe(outboxBefore);
  });

  it('names every invalid field and writes nothing', async () => {
    const users = await countUsers();
    const outbox = await countOutbox();

    const res = await call(t, {
      method: 'POST',
      url: '/api/user/register',
      payload: { firstName: 'A', lastName: '', email: 'not-an-email', password: 'short' },
    });

    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 400, status: 'BAD_REQUEST' });
    for (const field of ['firstName', 'lastName', 'email', 'password']) expect(body.reason).toContain(field);
    expect(await countUsers()).toBe(users);
    expect(await countOutbox()).toBe(outbox);
  });
});

describe('account confirmation', () => {
  it('refuses an unconfirmed login with the right password, telling to confirm, and sends a new link', async () => {
    const email = uniqueEmail('unconfirmed');
    const registered = await register({ email });
    expect(registered.statusCode).toBe(201);
    const firstKey = await linkKeyFor(t, email, 'account');
    const mails = await countOutbox(email);
    // A new link goes at most every 15 minutes (edges.test.ts): the registration's was sent that long ago.
    await sentMinutesAgo(Number(registered.json().data.user.id), 15);

    const res = await login(t, email);

    expect(res.statusCode).toBe(403);
    expect(res.json().reason).toMatch(/confirm/i);
    expect(res.json().data).toBeUndefined();
    expect(res.body).not.toContain('access_token');
    expect(await countOutbox(email)).toBe(mails + 1);
    const secondKey = await linkKeyFor(t, email, 'account');
    expect(secondKey).not.toBe(firstKey);

    // The new link confirms the account.
    const verified = await call(t, { method: 'GET', url: `/api/user/verify/account/${secondKey}` });
    expect(verified.json().message).toBe('Account verified');
    expect((await login(t, email)).statusCode).toBe(200);
  });

  it('answers a wrong password on an unconfirmed account with the generic refusal, and sends nothing', async () => {
    const email = uniqueEmail('unconfirmed-wrong');
    expect((await register({ email })).statusCode).toBe(201);
    const mails = await countOutbox(email);

    const res = await login(t, email, 'not the password');

    expect(res.statusCode).toBe(401);
    expect(res.json().reason).toBe(BAD_CREDENTIALS);
    expect(await countOutbox(email)).toBe(mails);
  });

  it('verifies once, then answers "already verified"; an unknown key is not valid', async () => {
    const email = uniqueEmail('verify');
    const registered = await register({ email });
    const userId = Number(registered.json().data.user.id);
    const key = await linkKeyFor(t, email, 'account');

    const first = await call(t, { method: 'GET', url: `/api/user/verify/account/${key}` });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ statusCode: 200, status: 'OK', message: 'Account verified' });
    const [row] = await sqlRows<{ enabled: boolean; confirmed: boolean }>(
      t,
      sql`SELECT enabled, confirmed_at IS NOT NULL AS confirmed FROM users WHERE id = ${userId}`,
    );
    expect(row).toEqual({ enabled: true, confirmed: true });

    const second = await call(t, { method: 'GET', url: `/api/user/verify/account/${key}` });
    expect(second.statusCode).toBe(200);
    expect(second.json().message).toBe('Account already verified');

    const unknown = await call(t, { method: 'GET', url: `/api/user/verify/account/${'A'.repeat(43)}` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ status: 'BAD_REQUEST', reason: LINK_NOT_VALID });
  });

  it('refuses an expired key and leaves the account unconfirmed', async () => {
    const email = uniqueEmail('verify-expired');
    const userId = Number((await register({ email })).json().data.user.id);
    const key = await linkKeyFor(t, email, 'account');
    await t.database.db.execute(
      sql`UPDATE account_verifications SET expires_at = now() - interval '1 minute' WHERE user_id = ${userId}`,
    );

    const res = await call(t, { method: 'GET', url: `/api/user/verify/account/${key}` });

    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toMatch(/expired/i);
    expect(
      await sqlCount(
        t,
        sql`SELECT count(*) AS n FROM users WHERE id = ${userId} AND confirmed_at IS NULL AND NOT enabled`,
      ),
    ).toBe(1);
  });

  it('does not let an older confirmation link re-enable an account disabled after its confirmation', async () => {
    const email = uniqueEmail('verify-stale');
    const userId = Number((await register({ email })).json().data.user.id);
    const firstKey = await linkKeyFor(t, email, 'account');
    await sentMinutesAgo(userId, 15);
    await login(t, email); // unconfirmed, and the first link is 15 minutes old: a second link is sent
    const secondKey = await linkKeyFor(t, email, 'account');
    expect(
      (await call(t, { method: 'GET', url: `/api/user/verify/account/${secondKey}` })).json().message,
    ).toBe('Account verified');
    // An administrator disables the account.
    await t.database.db.execute(sql`UPDATE users SET enabled = false WHERE id = ${userId}`);

    const stale = await call(t, { method: 'GET', url: `/api/user/verify/account/${firstKey}` });

    expect(stale.statusCode).toBe(200);
    expect(stale.json().message).toBe('Account already verified');
    expect(await sqlCount(t, sql`SELECT count(*) AS n FROM users WHERE id = ${userId} AND NOT enabled`)).toBe(
      1,
    );
    expect((await login(t, email)).json().reason).toBe('User account is currently disabled');
  });
});

describe('login enumeration', () => {
  it('gives an unknown e-mail and a wrong password the same envelope', async () => {
    const account = await registerAndConfirm(t);

    const unknown = await login(t, uniqueEmail('nobody'), 'some password');
    const wrong = await login(t, account.email, 'some password');

    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ statusCode: 401, status: 'UNAUTHORIZED', reason: BAD_CREDENTIALS });
    expect(withoutTimeStamp(unknown.body)).toBe(withoutTimeStamp(wrong.body));
    expect(unknown.headers['content-type']).toBe(wrong.headers['content-type']);
  });

  it('takes comparable time for an unknown e-mail and a wrong password (argon2 runs for both)', async () => {
    const account = await registerAndConfirm(t);
    const clearFailures = () =>
      t.database.db.execute(
        sql`DELETE FROM guess_counts WHERE kind = 'LOGIN' AND subject = lower(${account.email})`,
      );
    // Warm-up, so the first measure does not pay for the first hash or query plans.
    await login(t, uniqueEmail('warmup'), 'some password');
    await login(t, account.email, 'some password');
    await clearFailures();

    const unknownTimes: number[] = [];
    const wrongTimes: number[] = [];
    for (let run = 0; run < 7; run += 1) {
      let start = performance.now();
      const unknown = await login(t, uniqueEmail('ghost'), 'some password');
      unknownTimes.push(performance.now() - start);
      start = performance.now();
      const wrong = await login(t, account.email, 'some password');
      wrongTimes.push(performance.now() - start);
      expect([unknown.statusCode, wrong.statusCode]).toEqual([401, 401]);
      // Measured without the lockout that six failures would cause.
      await clearFailures();
    }

    expect(median(unknownTimes)).toBeGreaterThanOrEqual(0.4 * median(wrongTimes));
  });
});

describe('the password check', () => {
  it("refuses the password with a space added or a letter's case changed, and accepts it exactly as typed", async () => {
    const account = await registerAndConfirm(t);
    expect(account.password).toBe('correct horse battery');

    for (const nearly of [' correct horse battery', 'correct horse battery ', 'Correct horse battery']) {
      const res = await login(t, account.email, nearly);
      expect(res.statusCode, nearly).toBe(401);
      expect(res.json().reason).toBe(BAD_CREDENTIALS);
    }
    const exact = await login(t, account.email, 'correct horse battery');
    expect(exact.statusCode).toBe(200);
    expect(exact.json().message).toBe('Login Success');
  });
});

describe('lockout', () => {
  /** Seven wrong passwords, then the right one; status and reason of each answer. */
  async function attack(email: string) {
    const answers: { status: number; reason: string; tokens: boolean }[] = [];
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      const res = await login(t, email, attempt <= 7 ? `wrong password ${attempt}` : PASSWORD);
      answers.push({
        status: res.statusCode,
        reason: res.json().reason,
        tokens: res.body.includes('access_token'),
      });
    }
    return answers;
  }

  it('answers 429 from the 6th failure on, even to the right password, the same for an e-mail with no account', async () => {
    const account = await registerAndConfirm(t);
    expect(await eventCount(t, account.id, 'LOGIN_ATTEMPT_FAILURE')).toBe(0);

    const existing = await attack(account.email);
    const unknown = await attack(uniqueEmail('no-account'));

    expect(existing.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    expect(existing.slice(0, 5).every((a) => a.reason === BAD_CREDENTIALS)).toBe(true);
    for (const answer of existing.slice(5)) expect(answer.reason).toMatch(/reset/i);
    expect(existing.some((a) => a.tokens)).toBe(false);
    expect(unknown).toEqual(existing);
    expect(await eventCount(t, account.id, 'LOGIN_ATTEMPT_FAILURE')).toBeGreaterThanOrEqual(6);
    expect(await eventCount(t, account.id, 'LOGIN_ATTEMPT_SUCCESS')).toBe(0);
    expect(
      await sqlCount(
        t,
        sql`SELECT count(*) AS n FROM guess_counts WHERE kind = 'LOGIN' AND subject = lower(${account.email}) AND locked_until > now()`,
      ),
    ).toBe(1);

    // The owner gets back in at once through the reset e-mail.
    const reset = await call(t, {
      method: 'GET',
      url: `/api/user/resetpassword/${encodeURIComponent(account.email)}`,
    });
    expect(reset.statusCode).toBe(200);
    const key = await linkKeyFor(t, account.email, 'password');
    const opened = await call(t, { method: 'GET', url: `/api/user/verify/password/${key}` });
    expect(opened.json().message).toBe('Please enter a new password');
    const newPassword = 'a brand new passphrase';
    const changed = await call(t, {
      method: 'PUT',
      url: '/api/user/new/password',
      payload: { userId: account.id, password: newPassword, confirmPassword: newPassword, key },
    });
    expect(changed.json().message).toBe('Password reset successfully');
    expect(
      await sqlCount(
        t,
        sql`SELECT count(*) AS n FROM guess_counts WHERE kind = 'LOGIN' AND subject = lower(${account.email})`,
      ),
    ).toBe(0);

    const back = await login(t, account.email, newPassword);
    expect(back.statusCode).toBe(200);
    expect(back.json().message).toBe('Login Success');
    expect(back.json().data.access_token).toEqual(expect.any(String));
  });

  it('counts failures per e-mail whatever its case, and lets the owner in again once the lock has passed', async () => {
    const account = await registerAndConfirm(t);
    const variants = [account.email, account.email.toUpperCase(), ` ${account.email} `];
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await login(t, variants[attempt % 3] ?? account.email, 'wrong password')).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await login(t, account.email)).statusCode).toBe(429);

    // The lock ends by itself.
    await t.database.db.execute(
      sql`UPDATE guess_counts SET locked_until = now() - interval '1 second' WHERE kind = 'LOGIN' AND subject = lower(${account.email})`,
    );
    const back = await login(t, account.email.toUpperCase());
    expect(back.statusCode).toBe(200);
    expect(back.json().message).toBe('Login Success');
    // The success cleared the count: one more failure is an ordinary refusal.
    expect((await login(t, account.email, 'wrong password')).statusCode).toBe(401);
  });
});

describe('throttling a stranger can trigger', () => {
  /*
   * KNOWN DEFECTS, outside the files these tests may fix (accounts.routes.ts): the per-account rate limits
   * of /login (20 per 15 min) and /verify/code (10 per 15 min) are keyed by the e-mail alone and kept in
   * memory, so anyone who knows an address can use them up from many addresses, and the password reset
   * does not clear them. `it.fails` keeps the run green while the defect stands; drop `.fails` once fixed.
   */
  it('lets the owner in at once after a reset, even after 20 attempts by a stranger', async () => {
    const account = await registerAndConfirm(t);
    for (let attempt = 1; attempt <= 20; attempt += 1) await login(t, account.email, 'stranger guess');
    await call(t, { method: 'GET', url: `/api/user/resetpassword/${encodeURIComponent(account.email)}` });
    const key = await linkKeyFor(t, account.email, 'password');
    const newPassword = 'a brand new passphrase';
    const changed = await call(t, {
      method: 'PUT',
      url: '/api/user/new/password',
      payload: { userId: account.id, password: newPassword, confirmPassword: newPassword, key },
    });
    expect(changed.statusCode).toBe(200);

    const back = await login(t, account.email, newPassword);

    expect(back.json().reason).toBeUndefined();
    expect(back.statusCode).toBe(200);
  });

  it('lets the owner finish an MFA login after a stranger sent wrong codes for the address', async () => {
    const account = await registerWithMfa(t);
    for (let attempt = 1; attempt <= 10; attempt += 1) await verifyCode(account.email, '000000');
    expect((await login(t, account.email)).json().message).toBe('Verification Code Sent');

    const res = await verifyCode(account.email, await smsCodeFor(t, account.phone));

    expect(res.json().reason).toBeUndefined();
    expect(res.statusCode).toBe(200);
  });
});

describe('MFA login', () => {
  it('sends a 6-digit SMS code instead of tokens; the code logs in once', async () => {
    const account = await registerWithMfa(t);
    const texts = await countOutbox(account.phone);

    const res = await login(t, account.email);

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Verification Code Sent');
    expect(body.data.user).toMatchObject({ id: account.id, email: account.email, usingMfa: true });
    expect(Object.keys(body.data)).toEqual(['user']);
    expect(res.body).not.toMatch(/access_token|refresh_token/);
    expect(await countOutbox(account.phone)).toBe(texts + 1);
    const sms = await lastMessageTo(t, account.phone);
    expect(sms.channel).toBe('SMS');
    const code = await smsCodeFor(t, account.phone);
    expect(code).toMatch(/^\d{6}$/);
    // Only a hash of the code is kept.
    expect(
      await sqlCount(t, sql`SELECT count(*) AS n FROM mfa_codes m WHERE strpos(m::text, ${code}) > 0`),
    ).toBe(0);

    const verified = await verifyCode(account.email, code);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe('Login Success');
    const { access_token: access, refresh_token: refresh, user } = verified.json().data;
    expect(user.id).toBe(account.id);
    expect(refresh).toEqual(expect.any(String));
    const profile = await call(t, { method: 'GET', url: '/api/user/profile', token: access });
    expect(profile.statusCode).toBe(200);

    const again = await verifyCode(account.email, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().reason).toBe(CODE_EXPIRED);
    expect(again.body).not.toContain('access_token');
  });

  it('refuses a code older than 10 minutes', async () => {
    const account = await registerWithMfa(t);
    await login(t, account.email);
    const code = await smsCodeFor(t, account.phone);
    await t.database.db.execute(
      sql`UPDATE mfa_codes SET created_at = created_at - interval '11 minutes',
                               expires_at = expires_at - interval '11 minutes'
          WHERE user_id = ${account.id}`,
    );

    const res = await verifyCode(account.email, code);

    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toBe(CODE_EXPIRED);
    expect(res.body).not.toContain('access_token');
  });

  it('voids the code after 5 wrong tries; a new login sends a new code that works', async () => {
    const account = await registerWithMfa(t);
    await login(t, account.email);
    const code = await smsCodeFor(t, account.phone);

    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await verifyCode(account.email, otherCode(code, attempt));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().reason).toBe(CODE_INVALID);
    }
    const right = await verifyCode(account.email, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().reason).toBe(CODE_EXPIRED);
    expect(await eventCount(t, account.id, 'LOGIN_ATTEMPT_FAILURE')).toBeGreaterThanOrEqual(5);

    const relogin = await login(t, account.email);
    expect(relogin.json().message).toBe('Verification Code Sent');
    const next = await verifyCode(account.email, await smsCodeFor(t, account.phone));
    expect(next.statusCode).toBe(200);
    expect(next.json().message).toBe('Login Success');
  });

  it("refuses malformed codes and another user's code, without using up the real one", async () => {
    const account = await registerWithMfa(t);
    const other = await registerWithMfa(t);
    await login(t, account.email);
    await login(t, other.email);
    const code = await smsCodeFor(t, account.phone);
    const otherUsersCode = await smsCodeFor(t, other.phone);

    for (const malformed of ['12345', '1234567', 'abcdef', '12 456', '-12345']) {
      const res = await verifyCode(account.email, malformed);
      expect(res.statusCode, malformed).toBe(400);
      expect(res.json()).toMatchObject({ status: 'BAD_REQUEST', reason: expect.stringMatching(/code/) });
    }
    if (otherUsersCode !== code) {
      const stolen = await verifyCode(account.email, otherUsersCode);
      expect(stolen.statusCode).toBe(400);
      expect(stolen.json().reason).toBe(CODE_INVALID);
    }

    expect((await verifyCode(account.email, code)).json().message).toBe('Login Success');
    expect((await verifyCode(other.email, otherUsersCode)).json().message).toBe('Login Success');
  });

  it('counts concurrent wrong guesses one by one: at most 5 before the code is void', async () => {
    const account = await registerWithMfa(t);
    await login(t, account.email);
    const code = await smsCodeFor(t, account.phone);

    const guesses = await Promise.all(
      Array.from({ length: 7 }, (_, index) => verifyCode(account.email, otherCode(code, index + 1))),
    );

    const reasons = guesses.map((res) => res.json().reason);
    expect(guesses.every((res) => res.statusCode === 400)).toBe(true);
    expect(reasons.filter((reason) => reason === CODE_INVALID).length).toBeLessThanOrEqual(5);
    expect(reasons.filter((reason) => reason === CODE_INVALID || reason === CODE_EXPIRED)).toHaveLength(7);
    expect((await verifyCode(account.email, code)).json().reason).toBe(CODE_EXPIRED);
  });

  it('lets only one of two concurrent uses of the right code log in', async () => {
    const account = await registerWithMfa(t);
    await login(t, account.email);
    const code = await smsCodeFor(t, account.phone);

    const answers = await Promise.all([verifyCode(account.email, code), verifyCode(account.email, code)]);

    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((res) => res.statusCode === 400)?.json().reason).toBe(CODE_EXPIRED);
  });
});

describe('rate limits', () => {
  it('refuses a 4th registration of one e-mail within the hour, from any address', async () => {
    const email = uniqueEmail('flood');
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) statuses.push((await register({ email })).statusCode);
    expect(statuses).toEqual([201, 400, 400]);

    const res = await register({ email: email.toUpperCase() });

    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      statusCode: 429,
      status: 'TOO_MANY_REQUESTS',
      reason: expect.stringMatching(/too many/i),
      timeStamp: expect.any(String),
    });
    expect(await sqlCount(t, sql`SELECT count(*) AS n FROM users WHERE lower(email) = lower(${email})`)).toBe(
      1,
    );
  });

  it('refuses the 31st login from one address within 15 minutes, even with the right password', async () => {
    const account = await registerAndConfirm(t);
    const address = newAddress();
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      const res = await login(t, uniqueEmail('spray'), 'wrong password', address);
      expect(res.statusCode).toBe(401);
    }

    const blocked = await login(t, account.email, PASSWORD, address);

    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      status: 'TOO_MANY_REQUESTS',
      reason: expect.stringMatching(/too many/i),
    });
    expect(blocked.body).not.toContain('access_token');
    // The limit is per address: the owner elsewhere is not blocked.
    expect((await login(t, account.email, PASSWORD, newAddress())).statusCode).toBe(200);
  });
});

describe('injection strings', () => {
  const attacks = [
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    "Robert'); DELETE FROM users;--",
    "admin'--",
  ];

  it('refuses them in login e-mails (400) and passwords (401), with the envelope', async () => {
    const account = await registerAndConfirm(t);
    const users = await countUsers();

    for (const attack of attacks) {
      const badEmail = await login(t, attack, PASSWORD);
      expect(badEmail.statusCode, attack).toBe(400);
      expect(badEmail.json()).toMatchObject({
        statusCode: 400,
        status: 'BAD_REQUEST',
        reason: expect.stringContaining('email'),
      });

      const badPassword = await login(t, uniqueEmail('inject'), attack);
      expect(badPassword.statusCode, attack).toBe(401);
      expect(badPassword.json().reason).toBe(BAD_CREDENTIALS);
    }
    // Valid addresses may hold quotes and dashes: they are data, not SQL.
    const quoted = await login(t, "admin'--@example.com", "' OR '1'='1");
    expect(quoted.statusCode).toBe(401);
    expect(quoted.json().reason).toBe(BAD_CREDENTIALS);

    expect(await countUsers()).toBe(users);
    expect((await login(t, account.email)).statusCode).toBe(200);
  });

  it('stores and returns names holding them verbatim', async () => {
    const cases = [
      { firstName: '<script>alert(1)</script>', lastName: "Robert'); DELETE FROM users;--" },
      { firstName: "' OR 1=1 --", lastName: '"; DROP TABLE users; --' },
    ];
    const users = await countUsers();
    for (const names of cases) {
      const email = uniqueEmail("o'neil");
      const res = await register({ ...names, email });
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe(`User account created for user ${names.firstName}`);
      expect(res.json().data.user).toMatchObject({ ...names, email });
      const [row] = await sqlRows<{ first_name: string; last_name: string; email: string }>(
        t,
        sql`SELECT first_name, last_name, email FROM users WHERE id = ${res.json().data.user.id}`,
      );
      expect(row).toEqual({ first_name: names.firstName, last_name: names.lastName, email });

      // Confirmed and signed in, the profile still shows them as typed.
      const key = await linkKeyFor(t, email, 'account');
      await call(t, { method: 'GET', url: `/api/user/verify/account/${key}` });
      const { access } = await tokensFor(t, email);
      const profile = await call(t, { method: 'GET', url: '/api/user/profile', token: access });
      expect(profile.json().data.user).toMatchObject(names);
    }
    expect(await countUsers()).toBe(users + cases.length);
  });

  it('refuses them in the reset e-mail, verify-code and link parameters, and the tables stay intact', async () => {
    const users = await countUsers();
    const outbox = await countOutbox();
    for (const attack of attacks) {
      const encoded = encodeURIComponent(attack);
      const reset = await call(t, { method: 'GET', url: `/api/user/resetpassword/${encoded}` });
      expect(reset.statusCode, attack).toBe(400);
      expect(reset.json()).toMatchObject({ status: 'BAD_REQUEST', reason: expect.any(String) });

      const code = await call(t, { method: 'GET', url: `/api/user/verify/code/${encoded}/${encoded}` });
      expect(code.statusCode, attack).toBe(400);
      expect(code.json()).toMatchObject({
        status: 'BAD_REQUEST',
        reason: expect.stringMatching(/email.*code/s),
      });

      const codeOnly = await call(t, {
        method: 'GET',
        url: `/api/user/verify/code/a%40example.com/${encoded}`,
      });
      expect(codeOnly.statusCode, attack).toBe(400);

      const link = await call(t, {
        method: 'GET',
        url: `/api/user/verify/account/${encodeURIComponent(`${attack} xxxxxxxxxxxxxxxx`)}`,
      });
      expect(link.statusCode, attack).toBe(400);
      expect(link.json().reason).toBe(LINK_NOT_VALID);
    }
    expect(await countUsers()).toBe(users);
    expect(await countOutbox()).toBe(outbox);
    expect(
      await sqlCount(
        t,
        sql`SELECT count(*) AS n FROM information_schema.tables WHERE table_name IN ('users', 'memberships', 'outbox')`,
      ),
    ).toBe(3);
  });
});
