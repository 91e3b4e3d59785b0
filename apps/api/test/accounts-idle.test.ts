/**
 * The idle lifetime of a login (REFRESH_TOKEN_DAYS, 14 by default): a refresh token left unused that long is
 * refused, though its session's absolute end (SESSION_DAYS, accounts-sessions.test.ts) is still ahead; each use
 * gives a token with a new idle period.
 *
 * To log in "days ago", this process's Date is faked during the login only (timers run on), so the tokens and the
 * session's end are reckoned from then, as the server would have. Embedded PGlite reads the same clock, a PostgreSQL
 * server does not: every call after the login is made at the real time, where both agree.
 */
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from '../src/db/orm.js';
import { hashSecret } from '../src/modules/auth/one-time-keys.js';
import { SESSION_REVOKED } from '../src/modules/auth/sessions.js';
import { EXPIRED_REFRESH_TOKEN } from '../src/modules/auth/tokens.js';
import { call, registerAndConfirm, tokensFor } from './support/accounts.js';
import { sqlCount } from './support/auth-helpers.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const DAY_MS = 24 * 3600_000;
const MINUTE_MS = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const refresh = (token: string) => call(t, { method: 'GET', url: '/api/user/refresh/token', token });

/** Runs `action` with this process's clock set `ago` milliseconds back. */
async function asIfAgo<T>(ago: number, action: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - ago });
  try {
    return await action();
  } finally {
    vi.useRealTimers();
  }
}

/** The session of a refresh token is neither ended nor past its absolute end, by the database's clock. */
const sessionLives = (refreshToken: string) =>
  sqlCount(
    t,
    sql`SELECT count(*) AS n FROM sessions
        WHERE id = ${String(decodeJwt(refreshToken).sid)} AND ended_at IS NULL AND expires_at > now()`,
  );

function expectRefused(res: Awaited<ReturnType<typeof refresh>>, reason: string) {
  expect(res.statusCode, res.body).toBe(401);
  expect(res.json()).toMatchObject({ status: 'UNAUTHORIZED', reason });
  expect(res.body).not.toMatch(/access_token|refresh_token/);
}

describe('the idle lifetime of a login', () => {
  it('refuses a refresh token unused for REFRESH_TOKEN_DAYS, though its session has days left', async () => {
    const { refreshTokenDays, sessionDays } = t.config.auth;
    expect(refreshTokenDays).toBe(14);
    expect(sessionDays).toBeGreaterThan(refreshTokenDays + 1);
    const account = await registerAndConfirm(t);
    const idle = refreshTokenDays * DAY_MS;

    const unused = await asIfAgo(idle + MINUTE_MS, () => tokensFor(t, account.email));
    expect(await sessionLives(unused.refresh)).toBe(1);
    expectRefused(await refresh(unused.refresh), EXPIRED_REFRESH_TOKEN);

    // Control: a token a minute short of the idle lifetime still works.
    const recent = await asIfAgo(idle - MINUTE_MS, () => tokensFor(t, account.email));
    expect((await refresh(recent.refresh)).statusCode).toBe(200);
  });

  it('counts the idle time from the last use: a refresh gives a token REFRESH_TOKEN_DAYS from then', async () => {
    const account = await registerAndConfirm(t);
    const idle = t.config.auth.refreshTokenDays * DAY_MS;
    const login = await asIfAgo(10 * DAY_MS, () => tokensFor(t, account.email));

    const renewed = await refresh(login.refresh);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const next = renewed.json().data.refresh_token as string;
    // Reckoned from this use, not from the login (which would leave 4 days).
    expect(Math.abs((decodeJwt(next).exp ?? 0) * 1000 - (Date.now() + idle))).toBeLessThan(MINUTE_MS);
    expect(
      await sqlCount(
        t,
        sql`SELECT count(*) AS n FROM refresh_tokens
            WHERE token_hash = ${hashSecret(next)}
              AND expires_at > now() + make_interval(days => ${t.config.auth.refreshTokenDays - 1})`,
      ),
    ).toBe(1);
  });

  it('refuses a refresh token past the end stored with it, even before its signed expiry', async () => {
    const account = await registerAndConfirm(t);
    const tokens = await tokensFor(t, account.email);
    expect((decodeJwt(tokens.refresh).exp ?? 0) * 1000).toBeGreaterThan(Date.now() + DAY_MS);
    await t.database.db.execute(
      sql`UPDATE refresh_tokens SET expires_at = now() - interval '1 second'
          WHERE token_hash = ${hashSecret(tokens.refresh)}`,
    );

    expectRefused(await refresh(tokens.refresh), SESSION_REVOKED);
  });
});
