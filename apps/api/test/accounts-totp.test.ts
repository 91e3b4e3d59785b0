/**
 * The authenticator-app second factor (TOTP, RFC 6238) through the real calls: setting it up needs the password
 * and a first code; the secret is kept encrypted and the recovery codes hashed, shown once; a login then asks for
 * the app's code, each code logs in once, only after the password, within the account's cap on wrong codes; turning
 * it off needs the password and a code. The codes are computed here from the secret the start call answered.
 *
 * The clock of the app's codes is this process's Date, faked (and only Date: timers and the database's clock run
 * on), so each test knows which 30-second step the server is in and moves to the next one when it needs to.
 */
import { RECOVERY_CODE_COUNT } from '@app/contracts';
import { URI } from 'otpauth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from '../src/db/orm.js';
import {
  call,
  lastMessageTo,
  login,
  PASSWORD,
  registerAndConfirm,
  smsCodeFor,
  tokensFor,
} from './support/accounts.js';
import { eventCount, registerWithMfa, sqlCount, sqlRows } from './support/auth-helpers.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const CODE_REQUIRED = 'Authenticator Code Required';
const CODE_EXPIRED = 'This code has expired. Please login again.';
const CODE_INVALID = 'Code is invalid. Please try again.';
const WRONG_PASSWORD = 'Incorrect current password. Please try again.';
const APP_CODE_INVALID = 'The code is wrong or was already used. Enter the current code of your app.';
const STEP_MS = 30_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The faked time: the middle of a 30-second step, so a code made for "now" is of that step on the server too. */
let clock: number;
beforeEach(() => {
  clock = Math.floor(Date.now() / STEP_MS) * STEP_MS + STEP_MS / 2;
  vi.useFakeTimers({ toFake: ['Date'], now: clock });
});
afterEach(() => vi.useRealTimers());

/** Moves the clock to the next step (the app then shows a new code). */
function nextStep() {
  clock += STEP_MS;
  vi.setSystemTime(clock);
}

type Account = Awaited<ReturnType<typeof registerAndConfirm>> & { access: string };

async function signedIn(): Promise<Account> {
  const account = await registerAndConfirm(t);
  return { ...account, access: (await tokensFor(t, account.email)).access };
}

const mfa = (token: string) => call(t, { method: 'GET', url: '/api/user/mfa', token });
const post = (url: string, token: string, payload: object) =>
  call(t, { method: 'POST', url: `/api/user/mfa/${url}`, token, payload });
const start = (account: Account, currentPassword = account.password) =>
  post('totp/start', account.access, { currentPassword });
const confirm = (account: Account, code: string) => post('totp/confirm', account.access, { code });
const verifyCode = (email: string, code: string) =>
  call(t, {
    method: 'GET',
    url: `/api/user/verify/code/${encodeURIComponent(email)}/${encodeURIComponent(code)}`,
  });

/** The app's code at the faked time (or `steps` steps from it), from the URI the start call answered. */
const appCode = (uri: string, steps = 0) => URI.parse(uri).generate({ timestamp: clock + steps * STEP_MS });

/** Another 6-digit code than `code`. */
const otherCode = (code: string, step = 1) => String((Number(code) + step) % 1_000_000).padStart(6, '0');

const storedFactor = async (userId: number) =>
  (
    await sqlRows<{ encrypted_secret: string; confirmed: boolean; row: string }>(
      t,
      sql`SELECT encrypted_secret, confirmed_at IS NOT NULL AS confirmed, f::text AS row
          FROM totp_factors f WHERE user_id = ${userId}`,
    )
  )[0];
const recoveryRows = (userId: number) =>
  sqlRows<{ row: string; used: boolean }>(
    t,
    sql`SELECT r::text AS row, used_at IS NOT NULL AS used FROM recovery_codes r WHERE user_id = ${userId}`,
  );

/** An account with the app set up and confirmed at the current step: its URI and recovery codes. */
async function enrolled(account?: Account) {
  const me = account ?? (await signedIn());
  const started = await start(me);
  expect(started.statusCode, started.body).toBe(200);
  const { uri, secret } = started.json().data as { uri: string; secret: string };
  const confirmed = await confirm(me, appCode(uri));
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { ...me, uri, secret, recoveryCodes: confirmed.json().data.recoveryCodes as string[] };
}

function expectNoTokens(res: Awaited<ReturnType<typeof call>>) {
  expect(res.body).not.toMatch(/access_token|refresh_token/);
}

describe('setting up the authenticator app', () => {
  it('needs the current password: a stolen session alone starts nothing', async () => {
    const me = await signedIn();

    const wrong = await start(me, 'not my password');
    const missing = await post('totp/start', me.access, {});

    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().reason).toBe(WRONG_PASSWORD);
    expect(missing.statusCode).toBe(400);
    expect(wrong.body + missing.body).not.toMatch(/otpauth|secret/);
    expect(await storedFactor(me.id)).toBeUndefined();

    const started = await start(me);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().message).toBe('Scan the QR code with your authenticator app');
    const { uri, secret, qrCode } = started.json().data;
    const app = URI.parse(uri);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(app).toMatchObject({ issuer: 'Coran-Hadith', label: me.email, digits: 6, period: 30 });
    expect(app.secret.base32).toBe(secret);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    // Started, not on: logins still go straight in until a first code confirms it.
    expect((await mfa(me.access)).json().data).toEqual({ sms: false, totp: false, recoveryCodesLeft: 0 });
    expect((await login(t, me.email)).json().message).toBe('Login Success');
  });

  it('keeps the secret encrypted: the stored row never holds it in clear', async () => {
    const me = await enrolled();
    const row = await storedFactor(me.id);

    expect(row?.confirmed).toBe(true);
    expect(row?.encrypted_secret).toMatch(/^v1\./);
    for (const form of [me.secret, me.secret.toLowerCase(), Buffer.from(me.secret).toString('base64')]) {
      expect(row?.row).not.toContain(form);
    }
    expect(
      await sqlCount(
        t,
        sql`SELECT count(*) AS n FROM totp_factors WHERE strpos(upper(encrypted_secret), ${me.secret}) > 0`,
      ),
    ).toBe(0);
  });

  it('turns on with a first right code only: a wrong one enables nothing', async () => {
    const me = await signedIn();
    expect((await confirm(me, '123456')).json().reason).toBe('Start setting up the authenticator app first.');
    const { uri } = (await start(me)).json().data;

    const wrong = await confirm(me, otherCode(appCode(uri)));
    const nextAfter = await confirm(me, appCode(uri, 2));

    for (const res of [wrong, nextAfter]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().reason).toBe(APP_CODE_INVALID);
      expect(res.body).not.toContain('recoveryCodes');
    }
    expect((await storedFactor(me.id))?.confirmed).toBe(false);
    expect(await recoveryRows(me.id)).toEqual([]);
    expect(await eventCount(t, me.id, 'MFA_UPDATE')).toBe(0);
    expect((await mfa(me.access)).json().data.totp).toBe(false);
    const res = await login(t, me.email);
    expect(res.json().message).toBe('Login Success');
    expect(res.json().data.factor).toBeUndefined();
  });

  it('shows ten recovery codes once and keeps only their hashes; the owner is told by e-mail', async () => {
    const me = await signedIn();
    const { uri } = (await start(me)).json().data;

    const confirmed = await confirm(me, appCode(uri));

    expect(confirmed.json().message).toBe('Authenticator app turned on');
    const { recoveryCodes, status } = confirmed.json().data;
    expect(status).toEqual({ sms: false, totp: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    // 24 base-32 characters: 120 bits, over the 112 below which a plain hash would not do (ASVS 6.5.2).
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{6}(-[a-z2-7]{6}){3}$/);
    const rows = await recoveryRows(me.id);
    expect(rows).toHaveLength(RECOVERY_CODE_COUNT);
    const stored = rows.map((r) => r.row).join('\n');
    for (const code of recoveryCodes as string[]) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replaceAll('-', ''));
      expect(stored.toLowerCase()).not.toContain(code.slice(0, 9));
    }
    // Never readable again: not in the status, and not from a second confirmation.
    const later = await mfa(me.access);
    expect(later.json().data).toEqual({ sms: false, totp: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });
    const again = await confirm(me, appCode(uri, 1));
    expect(again.statusCode).toBe(400);
    for (const code of recoveryCodes as string[]) expect(later.body + again.body).not.toContain(code);
    expect(await eventCount(t, me.id, 'MFA_UPDATE')).toBe(1);
    const notice = await lastMessageTo(t, me.email);
    expect(notice.subject).toMatch(/multi-factor authentication/);
  });

  it('replaces a setup never confirmed; refuses to replace one that is on', async () => {
    const me = await signedIn();
    const first = (await start(me)).json().data;
    const second = (await start(me)).json().data;
    expect(second.secret).not.toBe(first.secret);
    expect((await confirm(me, appCode(first.uri))).statusCode).toBe(400);
    expect((await confirm(me, appCode(second.uri))).statusCode).toBe(200);

    const third = await start(me);

    expect(third.statusCode).toBe(400);
    expect(third.json().reason).toMatch(/already on/);
    expect(third.body).not.toContain('otpauth');
    nextStep();
    const res = await login(t, me.email);
    expect((await verifyCode(me.email, appCode(second.uri))).statusCode, res.body).toBe(200);
  });
});

describe('logging in with the authenticator app', () => {
  it('asks for the code instead of giving tokens, and sends no SMS even with the SMS factor on too', async () => {
    const sms = await registerWithMfa(t);
    const me = await enrolled({ ...sms, access: (await verifiedTokens(sms)).access });
    const texts = await sqlCount(t, sql`SELECT count(*) AS n FROM outbox WHERE recipient = ${sms.phone}`);

    const res = await login(t, me.email);

    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(CODE_REQUIRED);
    expect(res.json().data).toMatchObject({ factor: 'TOTP', user: { id: me.id, email: me.email } });
    expect(Object.keys(res.json().data).sort()).toEqual(['factor', 'user']);
    expectNoTokens(res);
    expect(await sqlCount(t, sql`SELECT count(*) AS n FROM outbox WHERE recipient = ${sms.phone}`)).toBe(
      texts,
    );
    const [pending] = await sqlRows<{ factor: string; code_hash: string | null }>(
      t,
      sql`SELECT factor, code_hash FROM mfa_codes WHERE user_id = ${me.id}`,
    );
    expect(pending).toEqual({ factor: 'TOTP', code_hash: null });
    expect((await mfa(me.access)).json().data).toMatchObject({ sms: true, totp: true });
  });

  it('lets the right code in once: the same code again, or an older one, is refused', async () => {
    const me = await enrolled();
    nextStep();
    await login(t, me.email);

    const res = await verifyCode(me.email, appCode(me.uri));

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Login Success');
    const profile = await call(t, {
      method: 'GET',
      url: '/api/user/profile',
      token: res.json().data.access_token,
    });
    expect(profile.statusCode).toBe(200);
    for (const used of [appCode(me.uri), appCode(me.uri, -1)]) {
      expect((await login(t, me.email)).json().message).toBe(CODE_REQUIRED);
      const replay = await verifyCode(me.email, used);
      expect(replay.statusCode).toBe(400);
      expect(replay.json().reason).toBe(CODE_INVALID);
      expectNoTokens(replay);
    }
    // The next step's code is a new code: it works.
    nextStep();
    expect((await verifyCode(me.email, appCode(me.uri))).json().message).toBe('Login Success');
  });

  it('refuses a code without the password step, and after that step expired', async () => {
    const me = await enrolled();
    nextStep();

    const alone = await verifyCode(me.email, appCode(me.uri));

    expect(alone.statusCode).toBe(400);
    expect(alone.json().reason).toBe(CODE_EXPIRED);
    expectNoTokens(alone);
    await login(t, me.email);
    await t.database.db.execute(
      sql`UPDATE mfa_codes SET expires_at = now() - interval '1 second' WHERE user_id = ${me.id}`,
    );
    const late = await verifyCode(me.email, appCode(me.uri));
    expect(late.json().reason).toBe(CODE_EXPIRED);
    expectNoTokens(late);
    const recovery = await verifyCode(me.email, me.recoveryCodes[0] ?? '');
    expect(recovery.json().reason).toBe(CODE_EXPIRED);
    // Neither attempt used the code: after the password it still logs in.
    await login(t, me.email);
    expect((await verifyCode(me.email, appCode(me.uri))).json().message).toBe('Login Success');
  });

  it('lets a recovery code in once, typed in any case and with or without dashes', async () => {
    const me = await enrolled();
    const [first = '', second = ''] = me.recoveryCodes;
    await login(t, me.email);

    const res = await verifyCode(me.email, first);

    expect(res.statusCode, res.body).toBe(200);
    expect((await mfa(me.access)).json().data.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 1);
    await login(t, me.email);
    const again = await verifyCode(me.email, first);
    expect(again.statusCode).toBe(400);
    expect(again.json().reason).toBe(CODE_INVALID);
    expectNoTokens(again);
    const typed = await verifyCode(me.email, second.replaceAll('-', '').toUpperCase());
    expect(typed.json().message).toBe('Login Success');
    expect((await recoveryRows(me.id)).filter((r) => r.used)).toHaveLength(2);
  });

  it("refuses another account's codes", async () => {
    const me = await enrolled();
    const other = await enrolled();
    nextStep();
    await login(t, me.email);

    const theirs = await verifyCode(me.email, other.recoveryCodes[0] ?? '');
    expect(theirs.json().reason).toBe(CODE_INVALID);
    const theirApp = appCode(other.uri);
    if (theirApp !== appCode(me.uri)) expect((await verifyCode(me.email, theirApp)).statusCode).toBe(400);
    expect((await verifyCode(me.email, appCode(me.uri))).json().message).toBe('Login Success');
  });

  it('caps wrong codes per account across logins: the 10th locks, even the right code, until the lock ends', async () => {
    const me = await enrolled();
    nextStep();
    const right = appCode(me.uri);

    let failures = 0;
    for (const tries of [5, 4]) {
      expect((await login(t, me.email)).json().message).toBe(CODE_REQUIRED);
      for (let i = 0; i < tries; i += 1) {
        failures += 1;
        const wrong = await verifyCode(me.email, otherCode(right, failures));
        expect(wrong.json().reason, `wrong code ${failures}`).toBe(CODE_INVALID);
      }
    }
    const tenth = await verifyCode(me.email, otherCode(right, 10));
    expect(tenth.statusCode).toBe(429);

    expect((await login(t, me.email)).json().message).toBe(CODE_REQUIRED);
    const locked = await verifyCode(me.email, right);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().reason).toMatch(/Too many wrong codes/);
    expectNoTokens(locked);
    // The lock also holds for the recovery codes.
    expect((await verifyCode(me.email, me.recoveryCodes[0] ?? '')).statusCode).toBe(429);

    await t.database.db.execute(
      sql`UPDATE guess_counts SET locked_until = now() - interval '1 second'
          WHERE kind = 'CODE' AND subject = ${String(me.id)}`,
    );
    expect((await verifyCode(me.email, right)).json().message).toBe('Login Success');
  });
});

describe('changing the factor', () => {
  const disable = (me: Account, body: object) => post('totp/disable', me.access, body);
  const regenerate = (me: Account, body: object) => post('recovery-codes', me.access, body);

  it('turns off only with the current password and a code', async () => {
    const me = await enrolled();
    nextStep();
    const code = appCode(me.uri);

    const noPassword = await disable(me, { currentPassword: 'not my password', code });
    const noCode = await disable(me, { currentPassword: PASSWORD, code: otherCode(code) });
    const missingCode = await disable(me, { currentPassword: PASSWORD });

    expect(noPassword.json().reason).toBe(WRONG_PASSWORD);
    expect(noCode.json().reason).toBe(APP_CODE_INVALID);
    expect(missingCode.statusCode).toBe(400);
    expect((await storedFactor(me.id))?.confirmed).toBe(true);
    expect(await recoveryRows(me.id)).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await login(t, me.email)).json().message).toBe(CODE_REQUIRED);

    const off = await disable(me, { currentPassword: PASSWORD, code });

    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({
      message: 'Authenticator app turned off',
      data: { sms: false, totp: false, recoveryCodesLeft: 0 },
    });
    expect(await storedFactor(me.id)).toBeUndefined();
    expect(await recoveryRows(me.id)).toEqual([]);
    expect(await sqlCount(t, sql`SELECT count(*) AS n FROM mfa_codes WHERE user_id = ${me.id}`)).toBe(0);
    expect(await eventCount(t, me.id, 'MFA_UPDATE')).toBe(2);
    expect((await login(t, me.email)).json().message).toBe('Login Success');
  });

  it('turns off with an unused recovery code instead of the app', async () => {
    const me = await enrolled();

    const off = await disable(me, { currentPassword: PASSWORD, code: me.recoveryCodes[3] });

    expect(off.statusCode, off.body).toBe(200);
    expect(await storedFactor(me.id)).toBeUndefined();
  });

  it('makes new recovery codes only with the password and an app code; the old ones stop working', async () => {
    const me = await enrolled();
    nextStep();
    const code = appCode(me.uri);

    const noPassword = await regenerate(me, { currentPassword: 'not my password', code });
    const wrongCode = await regenerate(me, { currentPassword: PASSWORD, code: otherCode(code) });
    const withRecovery = await regenerate(me, { currentPassword: PASSWORD, code: me.recoveryCodes[0] });
    expect(noPassword.json().reason).toBe(WRONG_PASSWORD);
    expect(wrongCode.json().reason).toBe(APP_CODE_INVALID);
    expect(withRecovery.statusCode).toBe(400);
    for (const res of [noPassword, wrongCode, withRecovery]) expect(res.body).not.toContain('recoveryCodes');
    expect(await eventCount(t, me.id, 'MFA_UPDATE')).toBe(1);

    const res = await regenerate(me, { currentPassword: PASSWORD, code });

    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().data.recoveryCodes as string[];
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expect(fresh.filter((c) => me.recoveryCodes.includes(c))).toEqual([]);
    expect(await eventCount(t, me.id, 'MFA_UPDATE')).toBe(2);
    await login(t, me.email);
    expect((await verifyCode(me.email, me.recoveryCodes[1] ?? '')).json().reason).toBe(CODE_INVALID);
    expect((await verifyCode(me.email, fresh[1] ?? '')).json().message).toBe('Login Success');
  });

  it('refuses to turn off or regenerate when the app is not on, and every call needs a session', async () => {
    const me = await signedIn();
    const off = await disable(me, { currentPassword: PASSWORD, code: '123456' });
    expect(off.json().reason).toBe('The authenticator app is not on.');
    for (const url of ['totp/start', 'totp/confirm', 'totp/disable', 'recovery-codes']) {
      const res = await call(t, { method: 'POST', url: `/api/user/mfa/${url}`, payload: {} });
      expect(res.statusCode, url).toBe(401);
    }
    expect((await call(t, { method: 'GET', url: '/api/user/mfa' })).statusCode).toBe(401);
  });
});

describe('changing the account with the app on', () => {
  it("needs an app code besides the password for a new password (a stolen session can't)", async () => {
    const me = await enrolled();
    const change = (extra: object) =>
      call(t, {
        method: 'PATCH',
        url: '/api/user/update/password',
        token: me.access,
        payload: {
          currentPassword: me.password,
          newPassword: 'another long passphrase',
          confirmNewPassword: 'another long passphrase',
          ...extra,
        },
      });
    const needed = await change({});
    expect(needed.statusCode).toBe(400);
    expect(needed.json().reason).toBe(
      'Enter the code of your authenticator app (or a recovery code) to make this change.',
    );
    nextStep();
    const wrong = await change({ code: otherCode(appCode(me.uri)) });
    expect(wrong.json().reason).toBe(APP_CODE_INVALID);
    expect((await login(t, me.email, 'another long passphrase')).statusCode).toBe(401);
    const done = await change({ code: appCode(me.uri) });
    expect(done.statusCode, done.body).toBe(200);
  });
});

describe('the SMS factor of the seed', () => {
  it('still sends the code by SMS to a user without the app, in the seed answer', async () => {
    const account = await registerWithMfa(t);

    const res = await login(t, account.email);

    expect(res.json().message).toBe('Verification Code Sent');
    expect(Object.keys(res.json().data)).toEqual(['user']);
    const verified = await verifyCode(account.email, await smsCodeFor(t, account.phone));
    expect(verified.json().message).toBe('Login Success');
  });
});

/** An SMS-factor account's tokens, through its SMS code. */
async function verifiedTokens(account: { email: string; phone: string }) {
  await login(t, account.email);
  const res = await verifyCode(account.email, await smsCodeFor(t, account.phone));
  return { access: res.json().data.access_token as string };
}
