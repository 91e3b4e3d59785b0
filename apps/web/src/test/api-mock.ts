import { vi } from 'vitest';

export type RecordedCall = { method: string; url: string; headers: Record<string, string>; body: unknown };

type Answer = { status?: number; message?: string; reason?: string; data?: unknown };
type Handler = Answer | ((call: RecordedCall) => Answer | Promise<Answer>);

/**
 * Stands in for the server: `fetch` answers each 'METHOD /address' with an envelope, records every call,
 * and refuses any call the test did not expect (404), so a stray call shows up as a failure.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const call: RecordedCall = {
        method,
        url,
        headers: (init.headers ?? {}) as Record<string, string>,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      };
      calls.push(call);
      const handler = handlers[`${method} ${url}`];
      const answer: Answer = handler
        ? typeof handler === 'function'
          ? await handler(call)
          : handler
        : { status: 404, reason: `No resource at ${method} ${url}` };
      const status = answer.status ?? 200;
      const { status: _status, ...fields } = answer;
      return new Response(
        JSON.stringify({ timeStamp: new Date().toISOString(), statusCode: status, ...fields }),
        {
          status,
          headers: { 'Content-Type': 'application/json' },
        },
      );
    }),
  );
  return calls;
}

/** A user as the API sends it. */
export function apiUser(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    firstName: 'Amina',
    lastName: 'Benali',
    email: 'amina@example.com',
    address: null,
    phone: null,
    title: null,
    bio: null,
    imageUrl: null,
    enabled: true,
    notLocked: true,
    usingMfa: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    roleName: 'ROLE_USER',
    permissions: 'READ:USER,READ:CUSTOMER',
    ...overrides,
  };
}
