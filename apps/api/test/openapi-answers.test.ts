/**
 * Every operation of the OpenAPI document describes its answers: a schema for its success, and for each error
 * status it answers the error shape of its service (the application envelope, or alquran.cloud's under
 * /api/quran). The schemas are the zod ones the routes declare, so the document cannot drift from what the
 * serializer checks every answer against.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from './support/test-app.js';

type JsonSchema = { type?: string; properties?: Record<string, unknown>; required?: string[] };
type Answer = { description?: string; content?: Record<string, { schema?: JsonSchema }> };
type Operation = {
  parameters?: unknown[];
  requestBody?: unknown;
  security?: unknown[];
  responses?: Record<string, Answer>;
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** The fields each service's error answers must declare. */
const APPLICATION_ERROR = ['timeStamp', 'statusCode', 'status', 'reason'];
const QURAN_ERROR = ['code', 'status', 'data'];

/** Failures any operation can meet: an unexpected error, and the database or the server being unavailable. */
const ALWAYS_POSSIBLE = ['500', '503'];

let t: TestApp;
let operations: { name: string; path: string; operation: Operation }[];

beforeAll(async () => {
  t = await createTestApp({
    env: { API_DOCS: '1' },
    // Routes that exist only in this test (and not in the document): answers that do or do not fit their schema.
    beforeReady: (app) => {
      const answer = { zeta: 1, alpha: { when: '2026-01-02T03:04:05.000Z', extra: true } };
      const declared = (alpha: z.ZodType) => ({
        hide: true,
        response: { 200: z.object({ zeta: z.number(), alpha }) },
      });
      const alpha = z.object({ when: z.iso.datetime(), extra: z.boolean() });
      app.get('/api/test/answer-fits', { schema: declared(alpha) }, async () => answer);
      app.get(
        '/api/test/answer-undeclared-field',
        { schema: declared(alpha.omit({ extra: true })) },
        async () => answer,
      );
      app.get(
        '/api/test/answer-wrong-type',
        { schema: declared(alpha.extend({ extra: z.string() })) },
        async () => answer,
      );
    },
  });
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const paths = res.json().paths as Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  operations = Object.entries(paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ name: `${method.toUpperCase()} ${path}`, path, operation }] : [];
    }),
  );
});
afterAll(() => t.close());

/** The schemas of an answer, one per content type; empty when the answer declares none. */
function schemasOf(answer: Answer | undefined): JsonSchema[] {
  return Object.values(answer?.content ?? {}).flatMap(({ schema }) => (schema ? [schema] : []));
}

function declaresFields(schema: JsonSchema, fields: string[]): boolean {
  return fields.every(
    (field) => schema.properties?.[field] !== undefined && schema.required?.includes(field),
  );
}

describe('the OpenAPI document', () => {
  it('lists the operations of the API', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it('gives every operation a schema for its success answer', () => {
    const missing = operations
      .filter(({ operation }) => {
        const successes = Object.entries(operation.responses ?? {}).filter(([status]) =>
          /^2\d\d$/.test(status),
        );
        return successes.length === 0 || successes.some(([, answer]) => schemasOf(answer).length === 0);
      })
      .map(({ name }) => name);
    expect(missing, `${missing.length} of ${operations.length} operations without a success schema`).toEqual(
      [],
    );
  });

  it("declares the error statuses every operation can answer, each in its service's error shape", () => {
    const faults = operations.flatMap(({ name, path, operation }) => {
      const responses = operation.responses ?? {};
      const expected = [
        ...ALWAYS_POSSIBLE,
        ...(operation.security?.length ? ['401'] : []),
        ...(operation.parameters?.length || operation.requestBody ? ['400'] : []),
      ];
      const errorShape = path.startsWith('/api/quran') ? QURAN_ERROR : APPLICATION_ERROR;
      const undeclared = expected
        .filter((status) => !responses[status])
        .map((status) => `${name}: no ${status}`);
      const misshapen = Object.entries(responses)
        .filter(([status]) => /^[45]\d\d$/.test(status))
        .filter(([, answer]) => {
          const schemas = schemasOf(answer);
          return schemas.length === 0 || !schemas.every((schema) => declaresFields(schema, errorShape));
        })
        .map(([status]) => `${name}: ${status} is not the error shape`);
      return [...undeclared, ...misshapen];
    });
    expect(faults, `${faults.length} faults`).toEqual([]);
  });
});

describe('the answers', () => {
  it('are sent as the handler built them when they fit their schema, keys in their order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/answer-fits' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"zeta":1,"alpha":{"when":"2026-01-02T03:04:05.000Z","extra":true}}');
  });

  it('fail, rather than lose a field, when the schema does not declare one (outside production)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/answer-undeclared-field' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ status: 'INTERNAL_SERVER_ERROR' });
  });

  it('fail when a field is not what the schema says', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/answer-wrong-type' });
    expect(res.statusCode).toBe(500);
  });
});
