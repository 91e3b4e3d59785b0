/**
 * Attacks on the "forgot password" flow: what the request tells a stranger, the reset link and its cookie,
 * the new password bound to a valid, unexpired, single-use key of the same user, and the anti-forgery
 * check when the key comes from the cookie. A reset replaces the password only: it signs nobody in and leaves the
 * second factor on, whichever it is.
 */
import { URI } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/db/orm.js';
import {
  call,
  lastMessageTo,
  linkKeyFor,
  login,
  PASSWORD,
  registerAndConfirm,
  tokensFor,
  uniqueEmail,
} from './support/accounts.js';
import { eventCount, registerWithMfa, sqlCount, sqlRows, withoutTimeStamp } from './support/auth-helpers.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const PUBLIC_URL = 'https://coran-hadith.example.org';
const EMAIL_SENT = 'Email sent. Please check your email to reset your password.';
const LINK_NOT_VALID = 'This link is not valid.';
const LINK_EXPIRED = 'This link has expired. Please reset your password again.';
const PASSWORDS_DIFFER = "Passwords don't match. Please try again.";
const NEW_PASSWORD = 'a fresh and long passphrase';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
});
afterAll(() => t.close());

const requestReset = (email: string) =>
  call(t, { method: 'GET', url: `/api/user/resetpassword/${encodeURIComponent(email)}` });
const openLink = (key: string) => call(t, { method: 'GET', url: `/api/user/verify/password/${key}` });
const setPassword = (
  body: { userId: number; password: string; confirmPassword: string; key?: string },
  extra: { cookies?: Record<string, string>; headers?: Record<string, string> } = {},
) => call(t, { method: 'PUT', url: '/api/user/new/password', payload: body, ...extra });

const passwordHashOf = async (userId: number) =>
  (await sqlRows<{ password_hash: string }>(t, sql`SELECT password_hash FROM users WHERE id = ${userId}`))[0]
    ?.password_hash;

/** A confirmed account, and the key of a reset link e-mailed to it. */
async function accountWithResetKey() {
  const account = await registerAndConfirm(t);
  expect((await requestReset(account.email)).statusCode).toBe(200);
  return { ...account, key: await linkKeyFor(t, account.email, 'password') };
}

function expectRefused(res: Awaited<ReturnType<typeof call>>, status: number, reason?: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json().message).toBeUndefined();
  if (reason) expect(res.json().reason).toBe(reason);
}

describe('reset request', () => {
  it('answers the same for an existing and an unknown e-mail, and e-mails only the existing one', async () => {
    const account = await registerAndConfirm(t);
    const unknown = uniqueEmail('nobody');
    const mails = (to: string) => sqlCount(t, sql`SELECT count(*) AS n FROM outbox WHERE recipient = ${to}`);
    const before = await mails(account.email);

    const known = await requestReset(account.email);
    const stranger = await requestReset(unknown);

    expect(known.statusCode).toBe(200);
    expect(known.json()).toMatchObject({ statusCode: 200, status: 'OK', message: EMAIL_SENT });
    expect(withoutTimeStamp(stranger.body)).toBe(withoutTimeStamp(known.body));
    expect(await mails(account.email)).toBe(before + 1);
    expect(await mails(unknown)).toBe(0);

    const message = await lastMessageTo(t, account.email);
    const match = new RegExp(
      `${PUBLIC_URL.replaceAll('.', '\\.')}/user/verify/password/([A-Za-z0-9_-]+)`,
    ).exec(message.body);
    const key = match?.[1] ?? '';
    expect(key.length).toBeGreaterThanOrEqual(43);
    expect(
      await sqlCount(t, sql`SELECT count(*) AS n FROM password_resets p WHERE strpos(p::text, ${key}) > 0`),
    ).toBe(0);
    expect(
      await sqlCount(t, sql`SELECT count(*) AS n FROM password_resets WHERE user_id = ${account.id}`),
    ).toBe(1);
  });
});

describe('reset link', () => {
  it('asks for a new password and keeps the key in an HttpOnly, SameSite=Strict cookie for the new-password call', async () => {
    const { id, email, key } = await accountWithResetKey();

    const res = await openLink(key);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Please enter a new password',
      data: { user: { id, email } },
    });
    expect(res.body).not.toContain('password_hash');
    const cookie = res.cookies.find((c) => c.name === 'reset_key');
    expect(cookie).toMatchObject({
      value: key,
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/user/new/password',
    });
    expect(cookie?.maxAge).toBeGreaterThan(0);

    // Opening the link does not use it up.
    expect((await openLink(key)).statusCode).toBe(200);
  });

  it('refuses an unknown key', async () => {
    expectRefused(await openLink('B'.repeat(43)), 400, LINK_NOT_VALID);
  });
});

describe('new password', () => {
  it('is set once with the key: old password refused, new one accepted, every session ended', async () => {
    const account = await registerAndConfirm(t);
    const sessionA = await tokensFor(t, account.email);
    const sessionB = await tokensFor(t, account.email);
    await requestReset(account.email);
    const key = await linkKeyFor(t, account.email, 'password');

    const res = await setPassword({
      userId: account.id,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      key,
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      statusCode: 200,
      status: 'OK',
      message: 'Password reset successfully',
    });
    expect(await passwordHashOf(account.id)).toMatch(/^\$argon2id\$/);
    expect(
      await sqlCount(
        t,
        sql`SELECT count(*) AS n FROM refresh_tokens WHERE user_id = ${account.id} AND revoked_at IS NULL`,
      ),
    ).toBe(0);
    for (const session of [sessionA, sessionB]) {
      expect(
        (await call(t, { method: 'GET', url: '/api/user/refresh/token', token: session.refresh })).statusCode,
      ).toBe(401);
      expect(
        (await call(t, { method: 'GET', url: '/api/user/profile', token: session.access })).statusCode,
      ).toBe(401);
    }
    expect(await eventCount(t, account.id, 'PASSWORD_UPDATE')).toBe(1);

    const old = await login(t, account.email, PASSWORD);
    expectRefused(old, 401, 'Incorrect email or password');
    expect((await login(t, account.email, NEW_PASSWORD)).json().message).toBe('Login Success');

    // The link is single use.
    const hash = await passwordHashOf(account.id);
    const again = await setPassword({
      userId: account.id,
      password: 'yet another passphrase',
      confirmPassword: 'yet another passphrase',
      key,
    });
    expectRefused(again, 400);
    expect(await passwordHashOf(account.id)).toBe(hash);
    expectRefused(await openLink(key), 400, LINK_NOT_VALID);
  });

  it('makes the other reset links of the user useless once a new password is set', async () => {
    const account = await registerAndConfirm(t);
    await requestReset(account.email);
    const firstKey = await linkKeyFor(t, account.email, 'password');
    await requestReset(account.email);
    const secondKey = await linkKeyFor(t, account.email, 'password');
    expect(secondKey).not.toBe(firstKey);

    expect(
      (
        await setPassword({
          userId: account.id,
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
          key: secondKey,
        })
      ).statusCode,
    ).toBe(200);

    const hash = await passwordHashOf(account.id);
    expectRefused(
      await setPassword({ userId: account.id, password: PASSWORD, confirmPassword: PASSWORD, key: firstKey }),
      400,
    );
    expect(await passwordHashOf(account.id)).toBe(hash);
  });

  it('refuses a bare userId, without key or reset cookie, and leaves the password as it was', async () => {
    const account = await registerAndConfirm(t);
    const hash = await passwordHashOf(account.id);
    const body = { userId: account.id, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };

    // Nothing at all: no key, so not a valid link.
    const bare = await setPassword(body);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().reason).toBe('This link is not valid.');
    // With a valid anti-forgery pair but no reset cookie: no key, so not a valid link.
    const xsrf = 'x'.repeat(43);
    expectRefused(
      await setPassword(body, { cookies: { 'XSRF-TOKEN': xsrf }, headers: { 'x-xsrf-token': xsrf } }),
      400,
      LINK_NOT_VALID,
    );
    // An empty key is no key either.
    expectRefused(
      await setPassword(
        { ...body, key: '' },
        { cookies: { 'XSRF-TOKEN': xsrf }, headers: { 'x-xsrf-token': xsrf } },
      ),
      400,
    );

    expect(await passwordHashOf(account.id)).toBe(hash);
    expect((await login(t, account.email, PASSWORD)).statusCode).toBe(200);
  });

  it("refuses user A's key with user B's id: B unchanged, A's key still usable by A", async () => {
    const a = await accountWithResetKey();
    const b = await registerAndConfirm(t);
    const hashA = await passwordHashOf(a.id);
    const hashB = await passwordHashOf(b.id);

    const res = await setPassword({
      userId: b.id,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      key: a.key,
    });

    expectRefused(res, 400);
    expect(await passwordHashOf(b.id)).toBe(hashB);
    expect(await passwordHashOf(a.id)).toBe(hashA);
    expect((await login(t, b.email, PASSWORD)).statusCode).toBe(200);
    expect(
      (await setPassword({ userId: a.id, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, key: a.key }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses passwords that do not match, without using up the key', async () => {
    const account = await accountWithResetKey();
    const hash = await passwordHashOf(account.id);

    const res = await setPassword({
      userId: account.id,
      password: NEW_PASSWORD,
      confirmPassword: `${NEW_PASSWORD}!`,
      key: account.key,
    });

    expectRefused(res, 400, PASSWORDS_DIFFER);
    expect(await passwordHashOf(account.id)).toBe(hash);
    expect(
      (
        await setPassword({
          userId: account.id,
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
          key: account.key,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses an expired key, on the link and on the new-password call', async () => {
    const account = await accountWithResetKey();
    const hash = await passwordHashOf(account.id);
    await t.database.db.execute(
      sql`UPDATE password_resets SET expires_at = now() - interval '1 minute' WHERE user_id = ${account.id}`,
    );

    expectRefused(await openLink(account.key), 400, LINK_EXPIRED);
    expectRefused(
      await setPassword({
        userId: account.id,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
        key: account.key,
      }),
      400,
      LINK_EXPIRED,
    );
    expect(await passwordHashOf(account.id)).toBe(hash);
  });

  it('accepts the key from the reset cookie only with the anti-forgery header matching its cookie', async () => {
    const account = await accountWithResetKey();
    const opened = await openLink(account.key);
    const resetCookie = opened.cookies.find((c) => c.name === 'reset_key')?.value;
    const xsrf = opened.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
    expect(resetCookie).toBe(account.key);
    expect(xsrf).toEqual(expect.any(String));
    const cookies = { reset_key: resetCookie ?? '', 'XSRF-TOKEN': xsrf ?? '' };
    const body = { userId: account.id, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const hash = await passwordHashOf(account.id);

    expectRefused(await setPassword(body, { cookies }), 403);
    expectRefused(await setPassword(body, { cookies, headers: { 'x-xsrf-token': `${xsrf}x` } }), 403);
    expectRefused(
      await setPassword(body, {
        cookies: { reset_key: resetCookie ?? '' },
        headers: { 'x-xsrf-token': xsrf ?? '' },
      }),
      403,
    );
    expect(await passwordHashOf(account.id)).toBe(hash);

    const res = await setPassword(body, { cookies, headers: { 'x-xsrf-token': xsrf ?? '' } });

    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Password reset successfully');
    // The used key is cleared from the browser.
    const cleared = res.cookies.find((c) => c.name === 'reset_key');
    expect(cleared?.value ?? '').toBe('');
    expect((await login(t, account.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('lets only one of two concurrent uses of a key set the password', async () => {
    const account = await accountWithResetKey();
    const passwords = ['first racing passphrase', 'second racing passphrase'];

    const answers = await Promise.all(
      passwords.map((password) =>
        setPassword({ userId: account.id, password, confirmPassword: password, key: account.key }),
      ),
    );

    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    const winner = passwords[answers.findIndex((res) => res.statusCode === 200)] ?? '';
    const loser = passwords.find((password) => password !== winner) ?? '';
    expect((await login(t, account.email, loser)).statusCode).toBe(401);
    expect((await login(t, account.email, winner)).statusCode).toBe(200);
  });

  it('neither re-enables a disabled account nor unlocks an account locked by an administrator', async () => {
    const disabled = await accountWithResetKey();
    const locked = await accountWithResetKey();
    await t.database.db.execute(sql`UPDATE users SET enabled = false WHERE id = ${disabled.id}`);
    await t.database.db.execute(sql`UPDATE users SET not_locked = false WHERE id = ${locked.id}`);

    for (const account of [disabled, locked]) {
      const res = await setPassword({
        userId: account.id,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
        key: account.key,
      });
      expect(res.statusCode).toBe(200);
    }

    expectRefused(await login(t, disabled.email, NEW_PASSWORD), 403, 'User account is currently disabled');
    expectRefused(await login(t, locked.email, NEW_PASSWORD), 403, 'User account is currently locked');
  });

  it('confirms an account that was never confirmed (the reset e-mail proves the address)', async () => {
    const email = uniqueEmail('unconfirmed-reset');
    const registered = await call(t, {
      method: 'POST',
      url: '/api/user/register',
      payload: { firstName: 'Amina', lastName: 'Benali', email, password: PASSWORD },
    });
    const userId = Number(registered.json().data.user.id);
    await requestReset(email);
    const key = await linkKeyFor(t, email, 'password');

    expect(
      (await setPassword({ userId, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, key })).statusCode,
    ).toBe(200);

    expect((await login(t, email, NEW_PASSWORD)).json().message).toBe('Login Success');
  });
});

describe('a reset of an account with a second factor', () => {
  const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;
  const liveSessionsOf = (userId: number) =>
    sqlCount(t, sql`SELECT count(*) AS n FROM sessions WHERE user_id = ${userId} AND ended_at IS NULL`);

  /** The three calls of a reset, from the request to the new password: none may sign the account in. */
  async function resetWithoutTokens(account: { id: number; email: string }) {
    const answers = [await requestReset(account.email)];
    const key = await linkKeyFor(t, account.email, 'password');
    answers.push(await openLink(key));
    answers.push(
      await setPassword({ userId: account.id, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, key }),
    );
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toMatch(/access_token|refresh_token/);
      expect(res.body).not.toMatch(JWT);
      expect(JSON.stringify(res.headers)).not.toMatch(JWT);
    }
    expect(await liveSessionsOf(account.id)).toBe(0);
  }

  it('with the SMS code on: no answer of the reset gives tokens, and the next login sends a code instead', async () => {
    const account = await registerWithMfa(t);
    const texts = () => sqlCount(t, sql`SELECT count(*) AS n FROM outbox WHERE recipient = ${account.phone}`);

    await resetWithoutTokens(account);

    const before = await texts();
    const res = await login(t, account.email, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Verification Code Sent');
    expect(Object.keys(res.json().data)).toEqual(['user']);
    expect(res.body).not.toMatch(/access_token|refresh_token/);
    expect(await texts()).toBe(before + 1);
    expect(await liveSessionsOf(account.id)).toBe(0);
  });

  it('with the authenticator app on: no answer of the reset gives tokens, and the next login asks for its code', async () => {
    const account = await registerAndConfirm(t);
    const { access } = await tokensFor(t, account.email);
    const mfa = (step: string, payload: object) =>
      call(t, { method: 'POST', url: `/api/user/mfa/totp/${step}`, token: access, payload });
    const started = await mfa('start', { currentPassword: account.password });
    expect(started.statusCode, started.body).toBe(200);
    const code = URI.parse(started.json().data.uri).generate();
    expect((await mfa('confirm', { code })).statusCode).toBe(200);

    await resetWithoutTokens(account);

    const res = await login(t, account.email, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Authenticator Code Required');
    expect(res.json().data).toMatchObject({ factor: 'TOTP', user: { id: account.id } });
    expect(res.body).not.toMatch(/access_token|refresh_token/);
    expect(await liveSessionsOf(account.id)).toBe(0);
  });
});
