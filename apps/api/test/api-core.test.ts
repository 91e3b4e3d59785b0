/** The API core of the foundation: envelope, error mapping, security headers, CORS, docs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../src/lib/app-error.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { CORS_ORIGINS: 'https://partner.example' },
    // Routes that exist only in this test, to reach each branch of the one error handler.
    beforeReady: (app) => {
      app.post(
        '/api/test/echo',
        { schema: { body: z.object({ email: z.email(), age: z.number().int().min(18) }) } },
        async (request) => ({ received: request.body }),
      );
      app.get('/api/test/app-error', async () => {
        throw AppError.notFound('Customer not found');
      });
      app.get('/api/test/crash', async () => {
        throw new Error('secret internals: password=hunter2 at /srv/app.ts:42');
      });
    },
  });
});
afterAll(() => t.close());

const envelopeKeys = ['timeStamp', 'statusCode', 'status'];

describe('the envelope', () => {
  it('answers the health check with status ok when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 200, status: 'ok' });
    expect(new Date(body.timeStamp).toString()).not.toBe('Invalid Date');
  });

  it('answers an unknown /api path with 404 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      statusCode: 404,
      status: 'NOT_FOUND',
      reason: 'No resource at GET /api/does-not-exist',
    });
  });

  it('names every invalid field in a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'nope', age: 12 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe('BAD_REQUEST');
    expect(body.reason).toMatch(/^Invalid body: /);
    expect(body.reason).toContain('email');
    expect(body.reason).toContain('age');
    for (const key of envelopeKeys) expect(body).toHaveProperty(key);
    expect(body).not.toHaveProperty('data');
    expect(body).not.toHaveProperty('message');
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().reason).toBe('The request body is not valid JSON.');
  });

  it('answers an address the router cannot read in the envelope', async () => {
    const malformed = await t.app.inject({ method: 'GET', url: '/api/user/verify/account/%E0%A4%A' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: 'BAD_REQUEST', reason: 'The address is not valid.' });
    const tooLong = await t.app.inject({ method: 'GET', url: `/api/user/verify/account/${'k'.repeat(500)}` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toMatchObject({ status: 'URI_TOO_LONG', reason: 'The address is too long.' });
  });

  it('answers a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', age: 20, padding: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      status: 'PAYLOAD_TOO_LARGE',
      reason: 'The request body is too large.',
    });
  });

  it('passes an AppError through with its status and reason', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/app-error' });
    expect(res.statusCode).toBe(404);
    expect(res.json().reason).toBe('Customer not found');
  });

  it('hides the internals of an unexpected error behind a generic 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({
      status: 'INTERNAL_SERVER_ERROR',
      reason: 'An error occurred. Please try again.',
    });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('app.ts');
  });

  it('gives every answer a request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id!' },
    });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('security headers', () => {
  it('sends a Content-Security-Policy that allows no inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src '));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    // Frames only from the course videos' player.
    const frameSrc = csp.split(';').find((d) => d.trim().startsWith('frame-src '));
    expect(frameSrc?.trim()).toBe('frame-src https://player.vimeo.com');
    // Scripts reach only this server and the recitation host (the reader downloads a chapter's recitation from it).
    const connectSrc = csp.split(';').find((d) => d.trim().startsWith('connect-src '));
    expect(connectSrc?.trim()).toBe("connect-src 'self' https://cdn.islamic.network");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps CORS closed to origins that are not listed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('opens CORS to a listed origin and exposes the download headers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://partner.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(String(res.headers['access-control-expose-headers'])).toContain('File-Name');
    expect(String(res.headers['access-control-expose-headers'])).toContain('Content-Disposition');
  });
});

describe('API documentation', () => {
  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health'].get.responses['200']).toBeDefined();
  });

  it('serves the documentation UI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
