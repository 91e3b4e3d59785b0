/**
 * The sessions of an account (issue 19, point 3): the profile lists the live ones with their device and address,
 * ends one of them or all the others at once (with the current password: a stolen session cannot sign its owner
 * out elsewhere), and a session ends at its absolute lifetime (SESSION_DAYS) however often it is used. That logout ends the session on the server is proved in accounts-tokens.test.ts ('logout').
 */
import { SessionsDataSchema, type LoginSession } from '@app/contracts';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/db/orm.js';
import { hashSecret } from '../src/modules/auth/one-time-keys.js';
import { SESSION_REVOKED } from '../src/modules/auth/sessions.js';
import { NO_SUCH_SESSION } from '../src/modules/auth/sessions.service.js';
import { call, newAddress, PASSWORD, registerAndConfirm } from './support/accounts.js';
import { sqlCount } from './support/auth-helpers.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';
const LOG_IN_FIRST = 'You need to log in to access this resource';
const DAY_MS = 24 * 3600_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Login = { access: string; refresh: string; sessionId: string; address: string };

/** Logs in from a browser (User-Agent) and an address of its own: one new session. */
async function logIn(app: TestApp, email: string, userAgent = CHROME_ON_WINDOWS): Promise<Login> {
  const address = newAddress();
  const res = await call(app, {
    method: 'POST',
    url: '/api/user/login',
    payload: { email, password: PASSWORD },
    address,
    headers: { 'user-agent': userAgent },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const data = res.json().data as { access_token: string; refresh_token: string };
  return {
    access: data.access_token,
    refresh: data.refresh_token,
    sessionId: String(decodeJwt(data.access_token).sid),
    address,
  };
}

const profile = (token: string) => call(t, { method: 'GET', url: '/api/user/profile', token });
const refresh = (token: string) => call(t, { method: 'GET', url: '/api/user/refresh/token', token });
/** Ends a session, with the account's password unless another body is given. */
const endSession = (token: string, id: string, payload: object = { currentPassword: PASSWORD }) =>
  call(t, { method: 'DELETE', url: `/api/user/sessions/${id}`, token, payload });
const endOthers = (token: string, payload: object = { currentPassword: PASSWORD }) =>
  call(t, { method: 'POST', url: '/api/user/sessions/end-others', token, payload });
const PASSWORD_NEEDED = 'Enter your current password to make this change.';
const WRONG_PASSWORD = 'Incorrect current password. Please try again.';

/** The caller's sessions as the API lists them, checked against the shared answer schema. */
async function sessionsSeenBy(app: TestApp, token: string): Promise<LoginSession[]> {
  const res = await call(app, { method: 'GET', url: '/api/user/sessions', token });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe('Sessions retrieved');
  return SessionsDataSchema.parse(res.json().data).sessions;
}

/** Both tokens of a login still work. */
async function expectWorking(login: Login) {
  expect((await profile(login.access)).statusCode).toBe(200);
  expect((await refresh(login.refresh)).statusCode).toBe(200);
}

/** Both tokens of a login are refused at once: the access token by the guard, the refresh token by rotation. */
async function expectEnded(login: Login) {
  const access = await profile(login.access);
  expect(access.statusCode).toBe(401);
  expect(access.json()).toMatchObject({ status: 'UNAUTHORIZED', reason: LOG_IN_FIRST });
  const renewed = await refresh(login.refresh);
  expect(renewed.statusCode).toBe(401);
  expect(renewed.json()).toMatchObject({ status: 'UNAUTHORIZED', reason: SESSION_REVOKED });
}

describe('the list of sessions', () => {
  it("shows each login's device and address, marks the caller's own, and never another user's", async () => {
    const account = await registerAndConfirm(t);
    const office = await logIn(t, account.email, CHROME_ON_WINDOWS);
    const laptop = await logIn(t, account.email, FIREFOX_ON_LINUX);
    const stranger = await registerAndConfirm(t);
    const strangers = await logIn(t, stranger.email);

    const seen = await sessionsSeenBy(t, laptop.access);
    expect(seen.map((s) => s.id).sort()).toEqual([office.sessionId, laptop.sessionId].sort());
    expect(seen.find((s) => s.id === office.sessionId)).toMatchObject({
      device: 'Chrome on Windows',
      ipAddress: office.address,
      current: false,
    });
    expect(seen.find((s) => s.id === laptop.sessionId)).toMatchObject({
      device: 'Firefox on Linux',
      ipAddress: laptop.address,
      current: true,
    });
    // The same sessions from the other device: only the current mark moves.
    const fromOffice = await sessionsSeenBy(t, office.access);
    expect(fromOffice.filter((s) => s.current).map((s) => s.id)).toEqual([office.sessionId]);

    // Most recently used first: renewing the office's tokens puts it on top.
    const renewed = await refresh(office.refresh);
    expect(renewed.statusCode).toBe(200);
    expect((await sessionsSeenBy(t, laptop.access)).map((s) => s.id)).toEqual([
      office.sessionId,
      laptop.sessionId,
    ]);

    // The other account sees its own session only, and its id never shows in the first account's list.
    expect((await sessionsSeenBy(t, strangers.access)).map((s) => s.id)).toEqual([strangers.sessionId]);
    expect(seen.map((s) => s.id)).not.toContain(strangers.sessionId);
  });

  it('needs a signed-in caller', async () => {
    const res = await call(t, { method: 'GET', url: '/api/user/sessions' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 'UNAUTHORIZED', reason: LOG_IN_FIRST });
  });
});

describe('ending one session', () => {
  it("refuses its refresh and access tokens at once, while the caller's session goes on", async () => {
    const account = await registerAndConfirm(t);
    const mine = await logIn(t, account.email);
    const lost = await logIn(t, account.email, FIREFOX_ON_LINUX);

    const res = await endSession(mine.access, lost.sessionId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ statusCode: 200, status: 'OK', message: 'Session ended' });
    expect(SessionsDataSchema.parse(res.json().data).sessions).toEqual([
      expect.objectContaining({ id: mine.sessionId, current: true }),
    ]);

    await expectEnded(lost);
    await expectWorking(mine);
    // Ended is ended: a second try finds no such session.
    expect((await endSession(mine.access, lost.sessionId)).statusCode).toBe(404);
  });

  it("answers 404 for another user's session, and that session goes on", async () => {
    const attacker = await registerAndConfirm(t);
    const attackers = await logIn(t, attacker.email);
    const victim = await registerAndConfirm(t);
    const victims = await logIn(t, victim.email);

    const res = await endSession(attackers.access, victims.sessionId);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, status: 'NOT_FOUND', reason: NO_SUCH_SESSION });
    expect(res.json().data).toBeUndefined();
    // The same answer as for an id that no session has: nothing tells that the victim's exists.
    const unknown = await endSession(attackers.access, crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().reason).toBe(NO_SUCH_SESSION);

    expect(
      await sqlCount(
        t,
        sql`SELECT count(*) AS n FROM sessions WHERE id = ${victims.sessionId} AND ended_at IS NULL`,
      ),
    ).toBe(1);
    await expectWorking(victims);
  });

  it('refuses a malformed id with a 400 that ends nothing', async () => {
    const account = await registerAndConfirm(t);
    const mine = await logIn(t, account.email);

    for (const id of ['not-a-session', '123', `${mine.sessionId}x`, "' OR 1=1 --"]) {
      const res = await endSession(mine.access, encodeURIComponent(id));
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({
        status: 'BAD_REQUEST',
        reason: expect.stringContaining('session id'),
      });
    }
    await expectWorking(mine);
    // Without a token, not even a valid id is looked at.
    const anonymous = await call(t, { method: 'DELETE', url: `/api/user/sessions/${mine.sessionId}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('needs the current password to end another session: without it, or with a wrong one, it goes on', async () => {
    const account = await registerAndConfirm(t);
    const thief = await logIn(t, account.email);
    const owners = await logIn(t, account.email, FIREFOX_ON_LINUX);

    for (const [payload, reason] of [
      [undefined, PASSWORD_NEEDED],
      [{}, PASSWORD_NEEDED],
      [{ currentPassword: 'a guessed password' }, WRONG_PASSWORD],
    ] as const) {
      const res = await call(t, {
        method: 'DELETE',
        url: `/api/user/sessions/${owners.sessionId}`,
        token: thief.access,
        payload,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ status: 'BAD_REQUEST', reason });
    }
    await expectWorking(owners);
  });

  it("ends the caller's own session when named, without a password: a logout", async () => {
    const account = await registerAndConfirm(t);
    const mine = await logIn(t, account.email);
    const other = await logIn(t, account.email);

    const res = await call(t, {
      method: 'DELETE',
      url: `/api/user/sessions/${mine.sessionId}`,
      token: mine.access,
    });
    expect(res.statusCode).toBe(200);
    expect(SessionsDataSchema.parse(res.json().data).sessions.map((s) => s.id)).toEqual([other.sessionId]);
    await expectEnded(mine);
    await expectWorking(other);
  });
});

describe('ending all other sessions', () => {
  it("leaves only the caller's session working, and no other account's is touched", async () => {
    const account = await registerAndConfirm(t);
    const mine = await logIn(t, account.email);
    const others = [
      await logIn(t, account.email, FIREFOX_ON_LINUX),
      await logIn(t, account.email, FIREFOX_ON_LINUX),
    ];
    const neighbour = await registerAndConfirm(t);
    const neighbours = await logIn(t, neighbour.email);

    const res = await endOthers(mine.access);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'OK', message: 'Other sessions ended' });
    expect(SessionsDataSchema.parse(res.json().data).sessions).toEqual([
      expect.objectContaining({ id: mine.sessionId, current: true }),
    ]);

    for (const other of others) await expectEnded(other);
    await expectWorking(mine);
    await expectWorking(neighbours);
  });

  it('needs the current password: without it, or with a wrong one, every session goes on', async () => {
    const account = await registerAndConfirm(t);
    const thief = await logIn(t, account.email);
    const owners = await logIn(t, account.email, FIREFOX_ON_LINUX);

    expect((await endOthers(thief.access, {})).json()).toMatchObject({
      statusCode: 400,
      reason: PASSWORD_NEEDED,
    });
    const noBody = await call(t, {
      method: 'POST',
      url: '/api/user/sessions/end-others',
      token: thief.access,
    });
    expect(noBody.json()).toMatchObject({ statusCode: 400, reason: PASSWORD_NEEDED });
    expect((await endOthers(thief.access, { currentPassword: 'a guessed password' })).json()).toMatchObject({
      statusCode: 400,
      reason: WRONG_PASSWORD,
    });
    await expectWorking(owners);
    await expectWorking(thief);
  });
});

describe('the absolute lifetime of a session', () => {
  it('refuses a session past its end on access and on refresh, though its refresh token is unexpired', async () => {
    const account = await registerAndConfirm(t);
    const old = await logIn(t, account.email);
    const recent = await logIn(t, account.email);
    await t.database.db.execute(
      sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = ${old.sessionId}`,
    );
    // Its refresh token has days left: only the session's own end stops it.
    expect(
      await sqlCount(
        t,
        sql`SELECT count(*) AS n FROM refresh_tokens
            WHERE token_hash = ${hashSecret(old.refresh)} AND expires_at > now() + interval '1 day'
              AND revoked_at IS NULL AND used_at IS NULL`,
      ),
    ).toBe(1);

    // The access token first: refused for the session's end alone (the refused refresh below also ends it).
    const access = await profile(old.access);
    expect(access.statusCode).toBe(401);
    expect(access.json().reason).toBe(LOG_IN_FIRST);
    expect((await sessionsSeenBy(t, recent.access)).map((s) => s.id)).toEqual([recent.sessionId]);
    expect((await endSession(recent.access, old.sessionId)).statusCode).toBe(404);
    const renewed = await refresh(old.refresh);
    expect(renewed.statusCode).toBe(401);
    expect(renewed.json().reason).toBe(SESSION_REVOKED);

    await expectWorking(recent);
  });

  it('is 30 days by default', async () => {
    expect(t.config.auth.sessionDays).toBe(30);
    const account = await registerAndConfirm(t);
    const login = await logIn(t, account.email);
    const [session] = await sessionsSeenBy(t, login.access);
    expect(session?.id).toBe(login.sessionId);
    const lifetime = Date.parse(session?.expiresAt ?? '') - Date.parse(session?.createdAt ?? '');
    expect(Math.abs(lifetime - 30 * DAY_MS)).toBeLessThan(5_000);
  });

  it('is SESSION_DAYS after the login, and no refresh token of the session outlives it', async () => {
    const short = await createTestApp({ env: { SESSION_DAYS: '2' } });
    try {
      expect(short.config.auth.sessionDays).toBe(2);
      const account = await registerAndConfirm(short);
      const login = await logIn(short, account.email);
      const [session] = await sessionsSeenBy(short, login.access);
      expect(session?.id).toBe(login.sessionId);
      const end = Date.parse(session?.expiresAt ?? '');
      expect(Math.abs(end - Date.parse(session?.createdAt ?? '') - 2 * DAY_MS)).toBeLessThan(5_000);
      // The idle lifetime (REFRESH_TOKEN_DAYS, 14 by default) would be longer: the session's end wins.
      expect(short.config.auth.refreshTokenDays).toBeGreaterThan(2);
      expect((decodeJwt(login.refresh).exp ?? 0) * 1000).toBeLessThanOrEqual(end + 1_000);
    } finally {
      await short.close();
    }
  });
});
