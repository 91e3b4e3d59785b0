/**
 * The edges an attacker uses (issue 19, points 7 and 9), through the real app: the client's address believed
 * only through the configured proxies, no copy kept of private or token-carrying answers, Retry-After on every
 * 503, the API docs closed in production, a bad anti-forgery token always a 403, one confirmation e-mail per
 * 15 minutes for an unconfirmed account's logins, one file per upload, CORS open to the listed origins only
 * (and the pictures other sites show), and phones kept in E.164.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { ProfileData } from '@app/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectServer } from '../src/db/database.js';
import { sql } from '../src/db/orm.js';
import { RETRY_AFTER_SECONDS } from '../src/lib/answer-headers.js';
import {
  call,
  login,
  newAddress,
  PASSWORD,
  registerAndConfirm,
  signedInUser,
  smsCodeFor,
  storedUser,
  uniqueEmail,
} from './support/accounts.js';
import { sqlCount, sqlRows, turnOnSmsFactor } from './support/auth-helpers.js';
import { imageUpload, multipart, tinyPng } from './support/images.js';
import { expectFailure, expectSuccess } from './support/profile.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const PARTNER = 'https://partner.example';
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://coran-hadith.example.org',
  SMTP_URL: 'smtp://127.0.0.1:1',
  MFA_ENCRYPTION_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
};

/** A database nobody listens for (port 1 of the loopback): every query fails as when PostgreSQL is down. */
const unreachableDatabase = () => connectServer('postgres://app@127.0.0.1:1/app');

/** A built web app of one page and one avatar, so the site's own pictures are served as in production. */
function tinyWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edges-web-'));
  fs.mkdirSync(path.join(dir, 'assets', 'avatars'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(
    path.join(dir, 'assets', 'avatars', 'person-1.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
  );
  return dir;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { CORS_ORIGINS: `${PARTNER},https://other.example`, WEB_DIST_DIR: tinyWebDist() },
  });
});
afterAll(() => t.close());

/** Another app on the same database with other settings; closed without closing the shared database. */
async function appWith(env: Record<string, string>, database = t.database) {
  const other = await createTestApp({ env, database });
  return { ...other, close: () => other.app.close() };
}

/** A login from one connection address, with a chosen X-Forwarded-For. */
const loginVia = (app: TestApp, email: string, socket: string, forwardedFor: string) =>
  call(app, {
    method: 'POST',
    url: '/api/user/login',
    address: socket,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email, password: 'not the password' },
  });

describe('the client address (TRUST_PROXY_HOPS)', () => {
  it('ignores X-Forwarded-For by default: the events and the rate limits use the connection address', async () => {
    const account = await registerAndConfirm(t);
    const socket = newAddress();
    const res = await call(t, {
      method: 'POST',
      url: '/api/user/login',
      address: socket,
      headers: { 'x-forwarded-for': '203.0.113.66' },
      payload: { email: account.email, password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const events = expectSuccess<ProfileData>(
      await call(t, { method: 'GET', url: '/api/user/profile', token: res.json().data.access_token }),
      'Profile Retrieved',
    ).events;
    expect(events.filter((e) => e.type === 'LOGIN_ATTEMPT_SUCCESS').map((e) => e.ipAddress)).toEqual([
      socket,
    ]);

    // 30 logins an address per 15 minutes: a new forged address on each one does not give more.
    const attacker = newAddress();
    for (let i = 0; i < 30; i += 1) {
      const attempt = await loginVia(t, uniqueEmail('forged'), attacker, `203.0.113.${i + 1}`);
      expect(attempt.statusCode, attempt.body).toBe(401);
    }
    expectFailure(
      await loginVia(t, uniqueEmail('forged'), attacker, '203.0.113.200'),
      429,
      /^Too many attempts/,
    );
  });

  it('with 1 hop, takes the address the proxy appended, whatever the client wrote before it', async () => {
    const behindProxy = await appWith({ TRUST_PROXY_HOPS: '1' });
    try {
      const account = await registerAndConfirm(behindProxy);
      const proxy = newAddress();
      const forwarded = (client: string) => `6.6.6.6, ${client}`;
      expect((await loginVia(behindProxy, account.email, proxy, forwarded('203.0.113.7'))).statusCode).toBe(
        401,
      );
      const [failure] = await sqlRows<{ ip: string }>(
        behindProxy,
        sql`SELECT ip_address AS ip FROM user_events WHERE user_id = ${account.id} ORDER BY id DESC LIMIT 1`,
      );
      expect(failure?.ip).toBe('203.0.113.7');

      // The limit counts per client: one client is stopped after 30, another behind the same proxy is not.
      for (let i = 0; i < 30; i += 1) {
        const attempt = await loginVia(behindProxy, uniqueEmail('hop'), proxy, `10.9.9.${i}, 203.0.113.8`);
        expect(attempt.statusCode, attempt.body).toBe(401);
      }
      expectFailure(await loginVia(behindProxy, uniqueEmail('hop'), proxy, forwarded('203.0.113.8')), 429);
      expect(
        (await loginVia(behindProxy, uniqueEmail('hop'), proxy, forwarded('203.0.113.9'))).statusCode,
      ).toBe(401);
    } finally {
      await behindProxy.close();
    }
  });

  it('with 2 hops, reads one entry further left, and no further', async () => {
    const behindTwo = await appWith({ TRUST_PROXY_HOPS: '2' });
    try {
      const account = await registerAndConfirm(behindTwo);
      const res = await loginVia(behindTwo, account.email, newAddress(), '6.6.6.6, 198.51.100.44, 10.0.0.2');
      expect(res.statusCode).toBe(401);
      const [failure] = await sqlRows<{ ip: string }>(
        behindTwo,
        sql`SELECT ip_address AS ip FROM user_events WHERE user_id = ${account.id} ORDER BY id DESC LIMIT 1`,
      );
      expect(failure?.ip).toBe('198.51.100.44');
    } finally {
      await behindTwo.close();
    }
  });
});

describe('Cache-Control: no-store', () => {
  it('is on every answer that carries tokens: login, the MFA code, refresh', async () => {
    const account = await registerAndConfirm(t);
    const logged = await login(t, account.email);
    expect(logged.statusCode).toBe(200);
    expect(logged.headers['cache-control']).toBe('no-store');

    const refreshed = await call(t, {
      method: 'GET',
      url: '/api/user/refresh/token',
      token: logged.json().data.refresh_token,
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.headers['cache-control']).toBe('no-store');

    const phoneUser = await signedInUser(t, 'ROLE_USER', { phone: '+33699000001' });
    expect((await turnOnSmsFactor(t, phoneUser.tokens.access, '+33699000001')).statusCode).toBe(200);
    const step = await login(t, phoneUser.email);
    expect(step.json().message).toBe('Verification Code Sent');
    const code = await smsCodeFor(t, '+33699000001');
    const verified = await call(t, {
      method: 'GET',
      url: `/api/user/verify/code/${encodeURIComponent(phoneUser.email)}/${code}`,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data.access_token).toEqual(expect.any(String));
    expect(verified.headers['cache-control']).toBe('no-store');
  });

  it('is on every answer to a call with a bearer token, errors included', async () => {
    const me = await signedInUser(t, 'ROLE_USER');
    for (const url of [
      '/api/user/profile',
      '/api/files',
      '/api/customer/list',
      '/api/files/999999/download',
    ]) {
      const res = await call(t, { method: 'GET', url, token: me.tokens.access });
      expect(res.headers['cache-control'], `${url} ${res.statusCode}`).toBe('no-store');
    }
    // Even a route that would let a copy be kept gives none to a caller with a token.
    const surahs = await call(t, { method: 'GET', url: '/api/quran/surah', token: me.tokens.access });
    expect(surahs.statusCode).toBe(200);
    expect(surahs.headers['cache-control']).toBe('no-store');
  });

  it('leaves the caching of public content as its route chose', async () => {
    const surahs = await call(t, { method: 'GET', url: '/api/quran/surah' });
    expect(surahs.headers['cache-control']).toBe('public, max-age=86400');
    const me = await signedInUser(t, 'ROLE_USER');
    const picture = await call(t, {
      method: 'PATCH',
      url: '/api/user/update/image',
      token: me.tokens.access,
      ...imageUpload(tinyPng()),
    });
    const imageUrl = String(expectSuccess<ProfileData>(picture, 'Profile image updated').user.imageUrl);
    const served = await call(t, { method: 'GET', url: new URL(imageUrl).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A refused login carries no token and no private data: nothing to forbid.
    expect((await login(t, uniqueEmail('nobody'), 'x')).headers['cache-control']).toBeUndefined();
  });
});

describe('Retry-After on 503', () => {
  it('tells when to try again when the database is down: health check and any call that needs it', async () => {
    const outage = await createTestApp({ database: unreachableDatabase() });
    try {
      for (const res of [
        await outage.app.inject({ method: 'GET', url: '/api/health' }),
        await call(outage, {
          method: 'POST',
          url: '/api/user/login',
          payload: { email: 'a@example.com', password: 'x' },
        }),
      ]) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json()).toMatchObject({ statusCode: 503, status: 'SERVICE_UNAVAILABLE' });
        expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
      }
    } finally {
      await outage.close();
    }
  });

  it('answers a request that arrives while the server closes with a 503 in the envelope and Retry-After', async () => {
    // A download under way when the server begins to close, and a second request sent behind it on the same
    // connection (pipelined): the download finishes, the newcomer is told to come back.
    let started: () => void = () => {};
    const downloading = new Promise<void>((resolve) => (started = resolve));
    const server = await createTestApp({
      database: unreachableDatabase(),
      beforeReady: (app) => {
        app.get('/api/test/download', async (_request, reply) => {
          const body = new PassThrough();
          body.write('first part, ');
          setTimeout(() => body.end('the rest'), 300);
          started();
          return reply.type('text/plain').send(body);
        });
      },
    });
    const url = new URL(await server.app.listen({ port: 0, host: '127.0.0.1' }));
    const socket = net.connect(Number(url.port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write('GET /api/test/download HTTP/1.1\r\nHost: test\r\n\r\n');
    await downloading;
    const closing = server.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.write('GET /api/health HTTP/1.1\r\nHost: test\r\n\r\n');
    await Promise.all([closing, ended]);

    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200[^]*first part, [^]*the rest/);
    expect(answers).toHaveLength(2);
    const refused = answers[1] ?? '';
    expect(refused).toMatch(/^HTTP\/1\.1 503/);
    expect(refused).toMatch(new RegExp(`\\r\\nretry-after: ${RETRY_AFTER_SECONDS}\\r\\n`, 'i'));
    expect(JSON.parse(refused.slice(refused.indexOf('\r\n\r\n') + 4))).toMatchObject({
      statusCode: 503,
      status: 'SERVICE_UNAVAILABLE',
      reason: 'The server is restarting. Please try again shortly.',
    });
  });
});

describe('the API docs', () => {
  it('are off in production unless API_DOCS=1, and on elsewhere', async () => {
    const production = await createTestApp({ env: PRODUCTION, database: unreachableDatabase() });
    const enabled = await createTestApp({
      env: { ...PRODUCTION, API_DOCS: '1' },
      database: unreachableDatabase(),
    });
    try {
      for (const url of ['/api/docs', '/api/docs/', '/api/docs/json']) {
        expectFailure(await production.app.inject({ method: 'GET', url }), 404);
      }
      expect((await enabled.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    } finally {
      await Promise.all([production.close(), enabled.close()]);
    }
  });
});

describe('the anti-forgery token', () => {
  const ANTI_FORGERY = 'The anti-forgery token is missing or wrong. Please reload the page and try again.';
  /** The new-password call relying on the reset cookie: the one call that checks the token. */
  const newPassword = (cookies: Record<string, string>, headers: Record<string, string> = {}) =>
    call(t, {
      method: 'PUT',
      url: '/api/user/new/password',
      cookies: { reset_key: 'k'.repeat(43), ...cookies },
      headers,
      payload: { userId: 1, password: 'a brand new password', confirmPassword: 'a brand new password' },
    });

  it('is a 403 in the envelope whatever the cookie and header hold: missing, empty, garbage, long, non-ASCII', async () => {
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{}, {}],
      [{ 'XSRF-TOKEN': '' }, { 'x-xsrf-token': '' }],
      [{ 'XSRF-TOKEN': 'abc' }, {}],
      [{}, { 'x-xsrf-token': 'abc' }],
      [{ 'XSRF-TOKEN': 'abc' }, { 'x-xsrf-token': 'abd' }],
      [{ 'XSRF-TOKEN': 'é' }, { 'x-xsrf-token': 'x' }],
      [{ 'XSRF-TOKEN': 'x' }, { 'x-xsrf-token': 'é' }],
      [{ 'XSRF-TOKEN': '€uro' }, { 'x-xsrf-token': 'euro' }],
      [{ 'XSRF-TOKEN': 'a'.repeat(8000) }, { 'x-xsrf-token': 'a'.repeat(7999) }],
      [{ 'XSRF-TOKEN': 'a'.repeat(8000) }, { 'x-xsrf-token': 'b'.repeat(8000) }],
    ];
    for (const [cookies, headers] of cases) {
      expectFailure(await newPassword(cookies, headers), 403, ANTI_FORGERY);
    }
    // A Cookie header that is not even well formed.
    for (const cookie of ['XSRF-TOKEN=%E0%A4%A', 'XSRF-TOKEN', '=; ;;XSRF-TOKEN==', 'XSRF-TOKEN="']) {
      const res = await call(t, {
        method: 'PUT',
        url: '/api/user/new/password',
        headers: { cookie: `${cookie}; reset_key=${'k'.repeat(43)}`, 'x-xsrf-token': 'abc' },
        payload: { userId: 1, password: 'a brand new password', confirmPassword: 'a brand new password' },
      });
      expectFailure(res, 403, ANTI_FORGERY);
    }
  });

  it('never answers 500 to generated cookie and header values, and lets only equal ones through', async () => {
    const token = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.constant(''),
    );
    await fc.assert(
      fc.asyncProperty(token, token, async (cookie, header) => {
        const res = await newPassword({ 'XSRF-TOKEN': cookie }, { 'x-xsrf-token': header });
        expect(
          res.statusCode,
          `${JSON.stringify(cookie)} / ${JSON.stringify(header)}: ${res.body}`,
        ).toBeLessThan(500);
        expect(res.json().statusCode).toBe(res.statusCode);
        // A header Node would not even send (characters beyond Latin-1) is refused like any other mismatch.
        if (res.statusCode !== 403) expect(res.json().reason).toBe('This link is not valid.');
      }),
      { numRuns: 150, seed: 19 },
    );
    // The same value in both: the check passes, and the call goes on to the (unknown) reset key.
    expectFailure(await newPassword({ 'XSRF-TOKEN': 'same-token' }, { 'x-xsrf-token': 'same-token' }), 400);
  });
});

describe("an unconfirmed account's login", () => {
  const UNCONFIRMED =
    'Your account is not confirmed yet. We have sent you a confirmation link: please check your email.';
  const mailsTo = (email: string) =>
    sqlCount(t, sql`SELECT count(*) AS n FROM outbox WHERE recipient = ${email}`);
  const ageLinks = (userId: number, minutes: number) =>
    t.database.db.execute(
      sql`UPDATE account_verifications SET created_at = created_at - make_interval(mins => ${minutes})
          WHERE user_id = ${userId}`,
    );

  it('sends a new confirmation e-mail at most once per 15 minutes, with the same answer each time', async () => {
    const email = uniqueEmail('unconfirmed');
    const registered = await call(t, {
      method: 'POST',
      url: '/api/user/register',
      payload: { firstName: 'Amina', lastName: 'Benali', email, password: PASSWORD },
    });
    const userId = Number(registered.json().data.user.id);
    expect(await mailsTo(email)).toBe(1);

    // Within 15 minutes of the registration's e-mail: nothing more is sent.
    for (let i = 0; i < 3; i += 1) expectFailure(await login(t, email), 403, UNCONFIRMED);
    expect(await mailsTo(email)).toBe(1);

    await ageLinks(userId, 14);
    expectFailure(await login(t, email), 403, UNCONFIRMED);
    expect(await mailsTo(email)).toBe(1);

    // 15 minutes on, the next login sends one, and logins at once after it (here five together) send none.
    await ageLinks(userId, 2);
    const answers = await Promise.all(Array.from({ length: 5 }, () => login(t, email)));
    for (const res of answers) expectFailure(res, 403, UNCONFIRMED);
    expect(await mailsTo(email)).toBe(2);
    expect(
      await sqlCount(t, sql`SELECT count(*) AS n FROM account_verifications WHERE user_id = ${userId}`),
    ).toBe(2);
  });
});

describe('an upload of two files', () => {
  const twoFiles = (field: string) =>
    multipart([
      { field, filename: 'first.png', contentType: 'image/png', content: tinyPng() },
      { field, filename: 'second.png', contentType: 'image/png', content: tinyPng([1, 2, 3, 255]) },
    ]);
  const filesOnDisk = (folder: string) => {
    const root = path.join(t.config.dataDir, folder);
    return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true, encoding: 'utf8' }) : [];
  };
  const storedFiles = () => filesOnDisk('files').filter((name) => name !== 'incoming');

  it('is a 400 for the profile picture, which stays as it was', async () => {
    const me = await signedInUser(t, 'ROLE_USER');
    const before = filesOnDisk(path.join('uploads', 'images'));
    const res = await call(t, {
      method: 'PATCH',
      url: '/api/user/update/image',
      token: me.tokens.access,
      ...twoFiles('image'),
    });
    expectFailure(res, 400, 'Send one picture only, as a file in the field "image", and nothing else.');
    expect((await storedUser(t, me.id)).imageUrl).toBeNull();
    expect(filesOnDisk(path.join('uploads', 'images'))).toEqual(before);
  });

  it('is a 400 for "My files", which keeps nothing (a file followed by a text field too)', async () => {
    const me = await signedInUser(t, 'ROLE_USER');
    const before = storedFiles();
    const ONE_FILE = 'Send one file, as multipart/form-data in the field "file".';
    const fileThenField = multipart([
      { field: 'file', filename: 'first.png', contentType: 'image/png', content: tinyPng() },
      { field: 'note', content: 'and a field' },
    ]);
    for (const body of [twoFiles('file'), fileThenField]) {
      expectFailure(
        await call(t, { method: 'POST', url: '/api/files', token: me.tokens.access, ...body }),
        400,
        ONE_FILE,
      );
    }
    expect(await sqlCount(t, sql`SELECT count(*) AS n FROM user_files WHERE user_id = ${me.id}`)).toBe(0);
    expect(storedFiles()).toEqual(before);
    expect(filesOnDisk(path.join('files', 'incoming'))).toEqual([]);
  });
});

describe('CORS', () => {
  const preflight = (origin: string, method: string, requestHeaders: string) =>
    call(t, {
      method: 'OPTIONS' as 'GET',
      url: '/api/customer/update',
      headers: {
        origin,
        'access-control-request-method': method,
        'access-control-request-headers': requestHeaders,
      },
    });
  const corsHeaders = (headers: Record<string, unknown>) =>
    Object.keys(headers).filter((name) => name.startsWith('access-control-'));

  it('lets a listed origin use every method with the token, the JSON body and the app headers', async () => {
    const res = await preflight(
      PARTNER,
      'PATCH',
      'authorization,content-type,idempotency-key,x-xsrf-token,x-not-an-app-header',
    );
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    const methods = String(res.headers['access-control-allow-methods']).split(/,\s*/);
    expect(methods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
    const allowed = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'idempotency-key', 'x-xsrf-token']),
    );
    // The list is the app's own, not whatever the page asks for.
    expect(allowed).not.toContain('x-not-an-app-header');

    const download = await call(t, { method: 'GET', url: '/api/health', headers: { origin: PARTNER } });
    expect(String(download.headers['access-control-expose-headers'])).toContain('File-Name');
    expect(download.headers.vary).toMatch(/origin/i);
  });

  it('gives an origin that is not listed no CORS header at all, preflight or not', async () => {
    for (const origin of ['https://evil.example', 'https://partner.example.evil.example', 'null']) {
      const res = await preflight(origin, 'DELETE', 'authorization');
      expect(corsHeaders(res.headers), origin).toEqual([]);
      const plain = await call(t, { method: 'GET', url: '/api/health', headers: { origin } });
      expect(corsHeaders(plain.headers), origin).toEqual([]);
    }
    expect(corsHeaders((await call(t, { method: 'GET', url: '/api/health' })).headers)).toEqual([]);
  });

  it('lets other sites show the profile pictures and the avatars, and nothing else', async () => {
    const me = await signedInUser(t, 'ROLE_USER');
    const uploaded = await call(t, {
      method: 'PATCH',
      url: '/api/user/update/image',
      token: me.tokens.access,
      ...imageUpload(tinyPng()),
    });
    const imageUrl = String(expectSuccess<ProfileData>(uploaded, 'Profile image updated').user.imageUrl);
    for (const url of [new URL(imageUrl).pathname, '/assets/avatars/person-1.svg']) {
      const res = await call(t, { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
    }
    for (const url of ['/api/health', '/api/user/profile', '/index.html', '/api/quran/surah']) {
      const res = await call(t, { method: 'GET', url, token: me.tokens.access });
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });
});

describe('phones', () => {
  const update = (me: { id: number; email: string; tokens: { access: string } }, phone: string) =>
    call(t, {
      method: 'PATCH',
      url: '/api/user/update',
      token: me.tokens.access,
      payload: {
        id: me.id,
        firstName: 'Amina',
        lastName: 'Benali',
        email: me.email,
        phone,
        currentPassword: PASSWORD,
      },
    });

  it.each([
    ['+33 6 12 34 56 78', '+33612345678'],
    ['06 12 34 56 78', '+33612345678'],
    ['06.12.34.56.78', '+33612345678'],
    ['0044 20 7946 0958', '+442079460958'],
    ['+44 (0)20 7946 0958', '+442079460958'],
    ['+212 6 00 11 22 33', '+212600112233'],
  ])('keeps "%s" as %s', async (typed, kept) => {
    const me = await signedInUser(t, 'ROLE_USER');
    const res = await update(me, typed);
    expect(expectSuccess<ProfileData>(res, 'User updated').user.phone).toBe(kept);
    expect((await storedUser(t, me.id)).phone).toBe(kept);
  });

  it.each(['+1 (555) 123-4567', '123456', '06 12 34 56 78 9', '+33 0 12 34 56 78'])(
    'refuses "%s", which cannot be a real number, and changes nothing',
    async (typed) => {
      const me = await signedInUser(t, 'ROLE_USER', { phone: '+33612345678' });
      expectFailure(
        await update(me, typed),
        400,
        'Invalid body: phone: Enter a real phone number: with its country code (+44 20 7946 0958), or a French number (06 12 34 56 78)',
      );
      expect((await storedUser(t, me.id)).phone).toBe('+33612345678');
    },
  );

  it('gives digits as the last 4 characters of the phone in the MFA login answer', async () => {
    const me = await signedInUser(t, 'ROLE_USER');
    expect((await update(me, '06 98 76 54 32')).statusCode).toBe(200);
    expect((await turnOnSmsFactor(t, me.tokens.access, '+33698765432')).statusCode).toBe(200);
    const step = await login(t, me.email);
    expect(step.json().message).toBe('Verification Code Sent');
    const phone = String(step.json().data.user.phone);
    expect(phone).toBe('+33698765432');
    expect(phone.slice(-4)).toMatch(/^\d{4}$/);
  });
});
