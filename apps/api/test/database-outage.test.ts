/** With the database out of reach the API says so with a 503 in the envelope, never a 500. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectServer } from '../src/db/database.js';
import { sql } from '../src/db/orm.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  // Port 1 on the loopback: nothing listens there, so every connection is refused.
  const unreachable = connectServer('postgres://app@127.0.0.1:1/app');
  t = await createTestApp({
    database: unreachable,
    beforeReady: (app) => {
      app.get('/api/test/query', async () => unreachable.db.execute(sql`SELECT 1`));
    },
  });
});
afterAll(() => t.close());

describe('database outage', () => {
  it('fails the health check with 503', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ statusCode: 503, status: 'SERVICE_UNAVAILABLE' });
  });

  it('answers a call that needs the database with 503 and a clear reason', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/query' });
    expect(res.statusCode).toBe(503);
    expect(res.json().reason).toBe('The service is temporarily unavailable. Please try again shortly.');
    expect(res.body).not.toContain('ECONNREFUSED');
  });
});
