/**
 * Attacks on the tokens of the /api/user calls: what an access token carries, forged, unsigned, tampered,
 * expired and mistyped tokens, tokens of another issuer or audience, tokens that bring their own key,
 * refresh-token rotation with theft detection, and logout.
 */
import { PERMISSIONS } from '@app/contracts';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/db/orm.js';
import { hashSecret } from '../src/modules/auth/one-time-keys.js';
import { REUSE_GRACE_SECONDS } from '../src/modules/auth/sessions.js';
import { call, registerAndConfirm, tokensFor } from './support/accounts.js';
import { sqlCount } from './support/auth-helpers.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const SECRET = new TextEncoder().encode('test-signing-key-of-at-least-32-characters');
const ISSUER = 'coran-hadith';
const AUDIENCE = 'coran-hadith-app';
const LOG_IN_FIRST = 'You need to log in to access this resource';
const SESSION_REVOKED = 'This session is no longer valid. Please log in again.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profile = (token: string) => call(t, { method: 'GET', url: '/api/user/profile', token });
const refresh = (token: string) => call(t, { method: 'GET', url: '/api/user/refresh/token', token });
const logout = (token: string) => call(t, { method: 'POST', url: '/api/user/logout', token });

/** Moves a refresh token's use `seconds` into the past, as if that much time had gone by since. */
async function ageUse(refreshToken: string, seconds: number) {
  await t.database.db.execute(
    sql`UPDATE refresh_tokens SET used_at = now() - make_interval(secs => ${seconds}) WHERE token_hash = ${hashSecret(refreshToken)}`,
  );
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A token of our issuer and audience (unless `names` says otherwise), signed with `key`, for the given claims and
 * times (seconds).
 */
function signToken(
  claims: JWTPayload & { sub: string },
  times: { iat: number; exp: number },
  key = SECRET,
  names = { issuer: ISSUER, audience: AUDIENCE },
) {
  const { sub, ...rest } = claims;
  return new SignJWT(rest)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(names.issuer)
    .setAudience(names.audience)
    .setSubject(sub)
    .setIssuedAt(times.iat)
    .setExpirationTime(times.exp)
    .sign(key);
}

async function signedInAccount() {
  const account = await registerAndConfirm(t);
  return { ...account, tokens: await tokensFor(t, account.email) };
}

function expectUnauthorized(
  res: Awaited<ReturnType<typeof profile>>,
  reason: string | RegExp = LOG_IN_FIRST,
) {
  expect(res.statusCode).toBe(401);
  const body = res.json();
  expect(body).toMatchObject({ statusCode: 401, status: 'UNAUTHORIZED' });
  if (typeof reason === 'string') expect(body.reason).toBe(reason);
  else expect(body.reason).toMatch(reason);
  expect(body.data).toBeUndefined();
}

describe('access token', () => {
  it('is an HS256 JWT of our issuer and audience, for the user, with its authorities, valid 15 minutes', async () => {
    const { id, tokens } = await signedInAccount();

    expect(decodeProtectedHeader(tokens.access)).toMatchObject({ alg: 'HS256' });
    const claims = decodeJwt(tokens.access);
    expect(claims).toMatchObject({
      iss: ISSUER,
      aud: AUDIENCE,
      sub: String(id),
      token_type: 'access',
      // A registered account owns its own organisation, where it works: every permission, the owner's.
      authorities: [...PERMISSIONS],
    });
    expect(Math.abs((claims.exp ?? 0) - (claims.iat ?? 0) - 15 * 60)).toBeLessThanOrEqual(1);
    expect(Math.abs((claims.iat ?? 0) - Date.now() / 1000)).toBeLessThan(60);
    expect(claims.sid).toEqual(expect.any(String));

    const refreshClaims = decodeJwt(tokens.refresh);
    expect(refreshClaims).toMatchObject({
      iss: ISSUER,
      aud: AUDIENCE,
      sub: String(id),
      token_type: 'refresh',
    });
    expect(refreshClaims.sid).toBe(claims.sid);
    expect(refreshClaims.authorities).toBeUndefined();

    expect((await profile(tokens.access)).statusCode).toBe(200);
  });

  it('refuses an unsigned token (alg: none)', async () => {
    const { tokens } = await signedInAccount();
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(decodeJwt(tokens.access))}.`;

    expectUnauthorized(await profile(unsigned));
    // The same claims with a signature from our key are accepted: only the missing signature is refused.
    expect((await profile(tokens.access)).statusCode).toBe(200);
  });

  it('refuses a token signed with another key', async () => {
    const { tokens } = await signedInAccount();
    const claims = decodeJwt(tokens.access);
    const times = { iat: claims.iat ?? 0, exp: claims.exp ?? 0 };
    const forged = await signToken(
      { ...claims, sub: String(claims.sub) },
      times,
      new TextEncoder().encode('another-signing-key-of-at-least-32-chars'),
    );

    expectUnauthorized(await profile(forged));
    // Control: the very same claims signed with the server's key are accepted.
    expect((await profile(await signToken({ ...claims, sub: String(claims.sub) }, times))).statusCode).toBe(
      200,
    );
  });

  it.each([
    ['audience', { issuer: ISSUER, audience: 'another-app' }],
    ['issuer', { issuer: 'another-issuer', audience: AUDIENCE }],
  ])('refuses a token of another %s, though signed with our key', async (_, names) => {
    const { tokens } = await signedInAccount();
    const claims = decodeJwt(tokens.access);
    const times = { iat: claims.iat ?? 0, exp: claims.exp ?? 0 };
    const ours = { ...claims, sub: String(claims.sub) };

    expectUnauthorized(await profile(await signToken(ours, times, SECRET, names)));
    // Control: the very same claims for our issuer and audience are accepted.
    expect((await profile(await signToken(ours, times))).statusCode).toBe(200);
  });

  it('refuses a token that brings its own key in a jwk header, signed with that key', async () => {
    const { tokens } = await signedInAccount();
    const claims = decodeJwt(tokens.access);
    const signedWith = (alg: string, jwk: object, key: Parameters<SignJWT['sign']>[0]) =>
      new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT', jwk }).sign(key);

    // An attacker's own key pair, the public half embedded: the classic trick (CVE-2018-0114).
    const pair = await generateKeyPair('ES256');
    const withPublicKey = await signedWith('ES256', await exportJWK(pair.publicKey), pair.privateKey);
    // The same with our algorithm: a secret of the attacker's, embedded as a symmetric key.
    const attackerSecret = new TextEncoder().encode('attacker-signing-key-of-at-least-32-chars');
    const withSecret = await signedWith('HS256', await exportJWK(attackerSecret), attackerSecret);

    expectUnauthorized(await profile(withPublicKey));
    expectUnauthorized(await profile(withSecret));
  });

  it('refuses a token whose payload was tampered with', async () => {
    const victim = await signedInAccount();
    const attacker = await signedInAccount();
    const [header, payload, signature] = attacker.tokens.access.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());

    const otherUser = `${header}.${base64url({ ...claims, sub: String(victim.id) })}.${signature}`;
    const morePower = `${header}.${base64url({ ...claims, authorities: ['DELETE:USER', 'DELETE:CUSTOMER'] })}.${signature}`;
    const longerLife = `${header}.${base64url({ ...claims, exp: claims.exp + 3600 })}.${signature}`;

    for (const tampered of [otherUser, morePower, longerLife]) expectUnauthorized(await profile(tampered));
  });

  it('refuses an expired access token with a reason containing "expired"', async () => {
    const { id, tokens } = await signedInAccount();
    const { sid, authorities } = decodeJwt(tokens.access);
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: String(id), sid, authorities, token_type: 'access' };

    const expired = await signToken(claims, { iat: now - 20 * 60, exp: now - 5 * 60 });
    expectUnauthorized(await profile(expired), /expired/i);
    // Just past its expiry counts as expired too (no leeway).
    expectUnauthorized(
      await profile(await signToken(claims, { iat: now - 15 * 60, exp: now - 1 })),
      /expired/i,
    );
    // Control: the same token, not expired, is accepted.
    expect((await profile(await signToken(claims, { iat: now, exp: now + 60 }))).statusCode).toBe(200);
  });

  it('refuses a refresh token used as access token', async () => {
    const { tokens } = await signedInAccount();
    expectUnauthorized(await profile(tokens.refresh));
  });

  it('refuses an access token on the refresh call, and that attempt spoils nothing', async () => {
    const { tokens } = await signedInAccount();

    expectUnauthorized(await refresh(tokens.access));

    expect((await profile(tokens.access)).statusCode).toBe(200);
    expect((await refresh(tokens.refresh)).statusCode).toBe(200);
  });

  it('answers "Bearer null", a missing header and garbage with the log-in reason', async () => {
    for (const authorization of [
      'Bearer null',
      'Bearer undefined',
      'Bearer ',
      'Basic dXNlcjpwYXNz',
      'Bearer a.b.c',
    ]) {
      const res = await call(t, { method: 'GET', url: '/api/user/profile', headers: { authorization } });
      expectUnauthorized(res);
    }
    expectUnauthorized(await call(t, { method: 'GET', url: '/api/user/profile' }));
    expectUnauthorized(
      await call(t, {
        method: 'GET',
        url: '/api/user/refresh/token',
        headers: { authorization: 'Bearer null' },
      }),
    );
  });
});

describe('refresh token rotation', () => {
  it('gives a new pair, and a replayed refresh token revokes its whole session but no other', async () => {
    const account = await registerAndConfirm(t);
    const first = await tokensFor(t, account.email);
    const otherSession = await tokensFor(t, account.email);

    const rotated = await refresh(first.refresh);
    expect(rotated.statusCode).toBe(200);
    const body = rotated.json();
    expect(body).toMatchObject({ message: 'Token refreshed', data: { user: { id: account.id } } });
    const next = { access: body.data.access_token as string, refresh: body.data.refresh_token as string };
    expect(next.access).not.toBe(first.access);
    expect(next.refresh).not.toBe(first.refresh);
    expect(decodeJwt(next.refresh).sid).toBe(decodeJwt(first.refresh).sid);
    expect((await profile(next.access)).statusCode).toBe(200);

    // The old refresh token again, long after its use: someone else holds a copy.
    await ageUse(first.refresh, REUSE_GRACE_SECONDS + 1);
    expectUnauthorized(await refresh(first.refresh), SESSION_REVOKED);

    expectUnauthorized(await refresh(next.refresh), SESSION_REVOKED);
    expectUnauthorized(await profile(next.access));
    expectUnauthorized(await profile(first.access));
    const sid = String(decodeJwt(first.refresh).sid);
    expect(
      await sqlCount(
        t,
        sql`SELECT count(*) AS n FROM refresh_tokens WHERE family_id = ${sid} AND revoked_at IS NULL`,
      ),
    ).toBe(0);

    // The second login is another session, untouched.
    expect((await profile(otherSession.access)).statusCode).toBe(200);
    const otherRotated = await refresh(otherSession.refresh);
    expect(otherRotated.statusCode).toBe(200);
    expect((await profile(otherRotated.json().data.access_token)).statusCode).toBe(200);
  });

  it('gives two tabs that use one refresh token at once a pair each, in the same session', async () => {
    const { tokens } = await signedInAccount();

    const answers = await Promise.all([refresh(tokens.refresh), refresh(tokens.refresh)]);

    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const pairs = answers.map((res) => res.json().data as { access_token: string; refresh_token: string });
    expect(pairs[0]?.refresh_token).not.toBe(pairs[1]?.refresh_token);
    for (const pair of pairs) {
      expect(decodeJwt(pair.refresh_token).sid).toBe(decodeJwt(tokens.refresh).sid);
      expect((await profile(pair.access_token)).statusCode).toBe(200);
      expect((await refresh(pair.refresh_token)).statusCode).toBe(200);
    }
  });

  it('accepts a used refresh token again only within the grace period after its use', async () => {
    const { tokens } = await signedInAccount();
    const rotated = await refresh(tokens.refresh);
    expect(rotated.statusCode).toBe(200);

    // A tab that had not yet seen the new pair: still its holder, a moment later.
    await ageUse(tokens.refresh, REUSE_GRACE_SECONDS - 5);
    const late = await refresh(tokens.refresh);
    expect(late.statusCode).toBe(200);

    // After the grace period it is a replay: the whole session ends, every pair of it included.
    await ageUse(tokens.refresh, REUSE_GRACE_SECONDS + 1);
    expectUnauthorized(await refresh(tokens.refresh), SESSION_REVOKED);
    expectUnauthorized(await profile(rotated.json().data.access_token));
    expectUnauthorized(await refresh(late.json().data.refresh_token), SESSION_REVOKED);
  });

  it('does not store refresh tokens in clear', async () => {
    const { id, tokens } = await signedInAccount();
    expect(await sqlCount(t, sql`SELECT count(*) AS n FROM refresh_tokens WHERE user_id = ${id}`)).toBe(1);
    expect(
      await sqlCount(
        t,
        sql`SELECT count(*) AS n FROM refresh_tokens r WHERE strpos(r::text, ${tokens.refresh}) > 0`,
      ),
    ).toBe(0);
  });
});

describe('logout', () => {
  it("ends the session: its refresh and access tokens stop working; the user's other session goes on", async () => {
    const account = await registerAndConfirm(t);
    const session = await tokensFor(t, account.email);
    const otherSession = await tokensFor(t, account.email);

    // The access token is not a refresh token: it cannot be used to log out.
    expectUnauthorized(await logout(session.access));

    const res = await logout(session.refresh);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ statusCode: 200, status: 'OK', message: expect.any(String) });

    expectUnauthorized(await refresh(session.refresh), SESSION_REVOKED);
    expectUnauthorized(await profile(session.access));
    expect((await profile(otherSession.access)).statusCode).toBe(200);
    expect((await refresh(otherSession.refresh)).statusCode).toBe(200);
  });

  it('refuses a logout without a usable refresh token', async () => {
    expectUnauthorized(await call(t, { method: 'POST', url: '/api/user/logout' }));
    expectUnauthorized(
      await call(t, { method: 'POST', url: '/api/user/logout', headers: { authorization: 'Bearer null' } }),
    );
  });
});
