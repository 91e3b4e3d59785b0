/**
 * Create calls that are safe to retry (issue 19, point 8): customer, invoice and file creation with an
 * Idempotency-Key. A retry with the same key gets the first answer and creates nothing; the same key with another
 * request is a 422; a bad key a 400; concurrent requests with one key create one thing; keys are the caller's own
 * and forgotten after a day. And an invoice whose row was committed answers its success even when the database is
 * cut off right after the commit (PostgreSQL, through a proxy that cuts at that moment).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectServer } from '../src/db/database.js';
import { sql } from '../src/db/orm.js';
import { BAD_KEY, KEY_REUSED } from '../src/modules/idempotency/idempotent-writes.js';
import { call, signedInUser } from './support/accounts.js';
import { countRows, createCustomer, customerBody, invoiceBody, rows } from './support/customers.js';
import { startCuttingProxy } from './support/cutting-proxy.js';
import { tinyPng } from './support/images.js';
import { expectFailure } from './support/profile.js';
import { fileBody } from './support/files.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { testDriver } from './support/test-database.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, 'ROLE_ADMIN');
});
afterAll(() => t.close());

type Caller = { tokens: { access: string } };

const createCustomerCall = (key: string | undefined, body: object, who: Caller = admin) =>
  call(t, {
    method: 'POST',
    url: '/api/customer/create',
    token: who.tokens.access,
    payload: body,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

const addInvoiceCall = (key: string | undefined, customerId: number, body: object) =>
  call(t, {
    method: 'POST',
    url: `/api/customer/invoice/addtocustomer/${customerId}`,
    token: admin.tokens.access,
    payload: body,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

const uploadCall = (key: string | undefined, name: string, content: Buffer, who: Caller = admin) => {
  const body = fileBody(name, content, 'image/png');
  return call(t, {
    method: 'POST',
    url: '/api/files',
    token: who.tokens.access,
    payload: body.payload,
    headers: { ...body.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
  });
};

const customersNamed = async (name: unknown) =>
  (await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM customers WHERE name = ${name}`))[0]?.n;

const filesOf = async (userId: number) =>
  (await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM user_files WHERE user_id = ${userId}`))[0]
    ?.n;

const keptAnswers = async (userId: number) =>
  rows<{ key: string; status_code: number }>(
    t,
    sql`SELECT key, status_code FROM idempotent_answers WHERE user_id = ${userId} ORDER BY key`,
  );

function expectReplayOf(first: LightMyRequestResponse, again: LightMyRequestResponse) {
  expect(again.statusCode, again.body).toBe(first.statusCode);
  expect(again.json()).toEqual(first.json());
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(first.headers['idempotent-replayed']).toBeUndefined();
}

describe('POST /api/customer/create with an Idempotency-Key', () => {
  it('creates the customer once: a retry with the same key gets the first answer, its time included', async () => {
    const key = randomUUID();
    const body = customerBody();
    const first = await createCustomerCall(key, body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await createCustomerCall(key, body);
    expectReplayOf(first, again);
    expect(await customersNamed(body.name)).toBe(1);
  });

  it('refuses the same key with another request (422) and creates nothing', async () => {
    const key = randomUUID();
    const first = customerBody();
    expect((await createCustomerCall(key, first)).statusCode).toBe(201);
    const other = customerBody();
    expectFailure(await createCustomerCall(key, other), 422, KEY_REUSED);
    expect(await customersNamed(other.name)).toBe(0);
    // The key still answers its own request.
    expect((await createCustomerCall(key, first)).headers['idempotent-replayed']).toBe('true');
  });

  it('refuses a key that is empty, too long or not visible ASCII (400), and creates nothing', async () => {
    const before = await countRows(t, 'customers');
    for (const key of ['', 'k'.repeat(256), 'clé-à-usage-unique', 'two words', 'tab\there']) {
      expectFailure(await createCustomerCall(key, customerBody()), 400, BAD_KEY);
    }
    expect(await countRows(t, 'customers')).toBe(before);
    // 255 visible characters are a key.
    expect((await createCustomerCall('~'.repeat(255), customerBody())).statusCode).toBe(201);
  });

  it("keeps each caller's keys apart: another user's same key creates that user's own customer", async () => {
    const key = randomUUID();
    const other = await signedInUser(t, 'ROLE_ADMIN');
    const body = customerBody();
    expect((await createCustomerCall(key, body)).statusCode).toBe(201);
    const theirs = await createCustomerCall(key, body, other);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await customersNamed(body.name)).toBe(2);
  });

  it('creates one customer when requests with one key arrive at once, and gives each the same answer', async () => {
    const key = randomUUID();
    const body = customerBody();
    const answers = await Promise.all(Array.from({ length: 6 }, () => createCustomerCall(key, body)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(6).fill(201));
    const [first] = answers;
    for (const res of answers) expect(res.json()).toEqual(first?.json());
    expect(answers.filter((res) => res.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    expect(await customersNamed(body.name)).toBe(1);
  });

  it('forgets a key after a day: the same request then creates again, and older answers are removed', async () => {
    const key = randomUUID();
    const older = randomUUID();
    const body = customerBody();
    expect((await createCustomerCall(key, body)).statusCode).toBe(201);
    expect((await createCustomerCall(older, customerBody())).statusCode).toBe(201);
    await rows(
      t,
      sql`UPDATE idempotent_answers SET created_at = now() - interval '25 hours' WHERE key IN (${key}, ${older})`,
    );

    const later = await createCustomerCall(key, body);
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await customersNamed(body.name)).toBe(2);
    const kept = (await keptAnswers(admin.id)).map((row) => row.key);
    expect(kept).toContain(key);
    expect(kept).not.toContain(older);
  });

  it('answers without a key as before, and keeps nothing for it', async () => {
    const before = (await keptAnswers(admin.id)).length;
    const body = customerBody();
    expect((await createCustomerCall(undefined, body)).statusCode).toBe(201);
    expect((await createCustomerCall(undefined, body)).statusCode).toBe(201);
    expect(await customersNamed(body.name)).toBe(2);
    expect(await keptAnswers(admin.id)).toHaveLength(before);
  });
});

describe('POST /api/customer/invoice/addtocustomer/{id} with an Idempotency-Key', () => {
  it('adds the invoice once; the same key with another invoice is a 422', async () => {
    const customer = await createCustomer(t, admin.tokens.access);
    const key = randomUUID();
    const body = invoiceBody(customer.id, { services: '1 Retried Work 300' });
    const first = await addInvoiceCall(key, customer.id, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(`Invoice added to customer with ID: ${customer.id}`);
    expectReplayOf(first, await addInvoiceCall(key, customer.id, body));
    expectFailure(
      await addInvoiceCall(key, customer.id, { ...body, services: '1 Retried Work 301', total: 301 }),
      422,
      KEY_REUSED,
    );

    const invoices = await rows<{ total: string }>(
      t,
      sql`SELECT total::text AS total FROM invoices WHERE customer_id = ${customer.id}`,
    );
    expect(invoices).toEqual([{ total: '300.00' }]);
  });

  it('keeps no answer for a failed request: the retry of an invoice refused with 404 is refused again', async () => {
    const key = randomUUID();
    const missing = 987_654_321;
    expectFailure(await addInvoiceCall(key, missing, invoiceBody(missing)), 404);
    expectFailure(await addInvoiceCall(key, missing, invoiceBody(missing)), 404);
    expect((await keptAnswers(admin.id)).map((row) => row.key)).not.toContain(key);
  });
});

describe('POST /api/files with an Idempotency-Key', () => {
  /** The files under DATA_DIR/files, incoming ones included. */
  const filesOnDisk = () => {
    const root = path.join(t.config.dataDir, 'files');
    if (!fs.existsSync(root)) return [];
    return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  };

  it('keeps the file once: a retry gets the first answer and leaves no second copy on the disk', async () => {
    const uploader = await signedInUser(t, 'ROLE_USER');
    const key = randomUUID();
    const picture = tinyPng([10, 20, 30, 255]);
    const first = await uploadCall(key, 'photo.png', picture, uploader);
    expect(first.statusCode, first.body).toBe(201);
    const onDisk = filesOnDisk().length;

    expectReplayOf(first, await uploadCall(key, 'photo.png', picture, uploader));
    expect(await filesOf(uploader.id)).toBe(1);
    expect(filesOnDisk()).toHaveLength(onDisk);

    // The same key with another file (other bytes, or another name) is another request.
    expectFailure(await uploadCall(key, 'photo.png', tinyPng([1, 2, 3, 255]), uploader), 422, KEY_REUSED);
    expectFailure(await uploadCall(key, 'other.png', picture, uploader), 422, KEY_REUSED);
    expect(await filesOf(uploader.id)).toBe(1);
    expect(filesOnDisk()).toHaveLength(onDisk);
  });

  it('refuses a bad key before reading the file', async () => {
    const uploader = await signedInUser(t, 'ROLE_USER');
    expectFailure(await uploadCall('é', 'photo.png', tinyPng(), uploader), 400, BAD_KEY);
    expect(await filesOf(uploader.id)).toBe(0);
  });

  it('keeps one file when uploads with one key arrive at once', async () => {
    const uploader = await signedInUser(t, 'ROLE_USER');
    const key = randomUUID();
    const picture = tinyPng([40, 50, 60, 255]);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => uploadCall(key, 'photo.png', picture, uploader)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
    for (const res of answers) expect(res.json()).toEqual(answers[0]?.json());
    expect(await filesOf(uploader.id)).toBe(1);
  });
});

describe.runIf(testDriver === 'postgres')('an invoice committed just before the database is cut off', () => {
  it('answers its success (never 503) when the connections end right after the commit', async () => {
    const url = new URL((t.database as { url?: string }).url ?? '');
    const proxy = await startCuttingProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    const proxied = connectServer(url.toString(), { poolSize: 2 });
    const behindProxy = await createTestApp({ database: proxied });
    try {
      const caller = await signedInUser(behindProxy, 'ROLE_ADMIN');
      const customer = await createCustomer(behindProxy, caller.tokens.access);
      const cut = proxy.armAfterCommittedInsert();
      const res = await call(behindProxy, {
        method: 'POST',
        url: `/api/customer/invoice/addtocustomer/${customer.id}`,
        token: caller.tokens.access,
        payload: invoiceBody(customer.id, { services: '1 Committed Work 100', total: 100 }),
      });
      await cut;
      proxy.restore();
      const stored = await rows<{ n: number }>(
        t,
        sql`SELECT count(*)::int AS n FROM invoices WHERE customer_id = ${customer.id}`,
      );
      expect(stored).toEqual([{ n: 1 }]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(`Invoice added to customer with ID: ${customer.id}`);
    } finally {
      proxy.restore();
      await behindProxy.app.close();
      await proxied.close();
      await proxy.close();
    }
  });
});
