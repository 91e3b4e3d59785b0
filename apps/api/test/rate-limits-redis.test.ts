/**
 * The rate limits in Redis (REDIS_URL): two server processes share one count, and a Redis that stops
 * answering never blocks the service. Runs when TEST_REDIS_URL names a Redis (CI sets it).
 *
 * @module-tag slow
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './support/test-database.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { call, registerAndConfirm, uniqueEmail } from './support/accounts.js';

const redisUrl = process.env.TEST_REDIS_URL;

/** An address no earlier run used, since Redis keeps counts between runs for their window. */
function freshAddress(): string {
  const part = () => Math.floor(Math.random() * 250) + 1;
  return `10.${part()}.${part()}.${part()}`;
}

describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    const database = await createTestDatabase();
    first = await createTestApp({ database, env: { REDIS_URL: redisUrl ?? '' } });
    second = await createTestApp({ database, env: { REDIS_URL: redisUrl ?? '' } });
  });
  afterAll(async () => {
    await second.app.close();
    await first.close();
  });

  it('counts the logins of one address across two server processes', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const app = i % 2 === 0 ? first : second;
      const res = await call(app, {
        method: 'POST',
        url: '/api/user/login',
        address,
        payload: { email: uniqueEmail(), password: 'not the password' },
      });
      statuses.push(res.statusCode);
    }
    // 30 per address per 15 minutes: each process alone saw only 15 or 16.
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('answers a refused request in the envelope with when to try again', async () => {
    const address = freshAddress();
    const email = uniqueEmail();
    let last;
    for (let i = 0; i < 4; i++) {
      last = await call(first, {
        method: 'GET',
        url: `/api/user/resetpassword/${encodeURIComponent(email)}`,
        address,
      });
    }
    expect(last?.statusCode).toBe(429);
    expect(last?.json()).toMatchObject({ statusCode: 429, status: 'TOO_MANY_REQUESTS' });
    expect(last?.json().reason).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
  });
});

describe('a rate-limit store that does not answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every call to the store fails.
    t = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
  });
  afterAll(() => t.close());

  it('lets requests through rather than refusing the service', async () => {
    const res = await call(t, {
      method: 'POST',
      url: '/api/user/login',
      payload: { email: uniqueEmail(), password: 'not the password' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().reason).toBe('Incorrect email or password');
  });

  it('keeps the account lockout, which lives in the database', async () => {
    const account = await registerAndConfirm(t);
    for (let i = 0; i < 6; i++) {
      const wrong = { email: account.email, password: `wrong ${i}` };
      await call(t, { method: 'POST', url: '/api/user/login', payload: wrong });
    }
    const right = await call(t, { method: 'POST', url: '/api/user/login', payload: account });
    expect(right.statusCode).toBe(429);
    expect(right.json().reason).toMatch(/^Too many failed login attempts/);
  });
});
