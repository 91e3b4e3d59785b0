/**
 * The bounds of GET /api/calendar/invoices: real calendar dates written YYYY-MM-DD, `from` not after `to`,
 * at most 42 days (a month view's six weeks) per call, and at most 2000 invoices per answer, saying when
 * more were left out. Refusals are 400 in the envelope, naming the field; a signed-out caller is refused
 * before the query is even read.
 */
import { CALENDAR_MAX_INVOICES } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/db/orm.js';
import { businessDb, call, signedInUser } from './support/accounts.js';
import { createCustomer } from './support/customers.js';
import { expectFailure, expectSuccess, NOT_LOGGED_IN } from './support/profile.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signedInUser(t, 'ROLE_ADMIN')).tokens.access;
});
afterAll(() => t.close());

const get = (query: string) => call(t, { method: 'GET', url: `/api/calendar/invoices${query}`, token });

describe('GET /api/calendar/invoices range', () => {
  it.each([
    ['', /from: .*required|from: /],
    ['?from=2026-01-01', /to: /],
    ['?to=2026-01-01', /from: /],
    ['?from=2026-02-30&to=2026-03-01', /from: from must be a real calendar date/],
    ['?from=2025-02-29&to=2025-03-01', /from: from must be a real calendar date/],
    ['?from=2026-01-01&to=2026-13-01', /to: to must be a real calendar date/],
    ['?from=2026-1-5&to=2026-01-31', /from: from must be a real calendar date/],
    ['?from=05/01/2026&to=2026-01-31', /from: /],
    ['?from=2026-01-01T00:00:00Z&to=2026-01-31', /from: /],
    ['?from=1899-12-31&to=1900-01-01', /from: from must be between 1900 and 2999/],
    ['?from=2026-02-01&to=2026-01-31', /to: to must be on or after from/],
    ['?from=2026-01-01&to=2026-02-12', /to: The range can cover at most 42 days/],
    ['?from=2025-12-01&to=2026-12-01', /to: The range can cover at most 42 days/],
  ])('refuses %s', async (query, reason) => {
    expectFailure(await get(query), 400, reason);
  });

  it.each([
    ['one day', '?from=2026-01-31&to=2026-01-31'],
    ['42 days', '?from=2026-01-01&to=2026-02-11'],
    ['a leap day', '?from=2024-02-29&to=2024-03-31'],
    ['six weeks across a year end', '?from=2025-12-29&to=2026-02-08'],
  ])('accepts %s', async (_name, query) => {
    expect(expectSuccess<{ invoices: unknown[] }>(await get(query), 'Calendar retrieved').invoices).toEqual(
      [],
    );
  });

  it('refuses a signed-out caller before looking at the range', async () => {
    const res = await call(t, { method: 'GET', url: '/api/calendar/invoices?from=nonsense' });
    expectFailure(res, 401, NOT_LOGGED_IN);
  });

  it(`sends at most ${CALENDAR_MAX_INVOICES} invoices and says the answer was cut`, async () => {
    const { id } = await createCustomer(t, token);
    // One more than an answer carries, all on one day; written in SQL, thousands of calls would be slow.
    await (
      await businessDb(t)
    ).execute(sql`
      INSERT INTO invoices (customer_id, services, date, status, total)
      SELECT ${id}, '1 Web Design 200', DATE '2026-05-04', 'PAID', 200
      FROM generate_series(1, ${CALENDAR_MAX_INVOICES + 1})`);
    const cut = expectSuccess<{ invoices: { id: number }[]; truncated: boolean }>(
      await get('?from=2026-05-01&to=2026-05-31'),
      'Calendar retrieved',
    );
    expect(cut.truncated).toBe(true);
    expect(cut.invoices).toHaveLength(CALENDAR_MAX_INVOICES);
    const ids = cut.invoices.map((invoice) => invoice.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const whole = expectSuccess<{ invoices: unknown[]; truncated: boolean }>(
      await get('?from=2026-06-01&to=2026-06-30'),
      'Calendar retrieved',
    );
    // Due June 3, all of them: still cut.
    expect(whole.truncated).toBe(true);
    const none = expectSuccess<{ invoices: unknown[]; truncated: boolean }>(
      await get('?from=2026-06-04&to=2026-06-30'),
      'Calendar retrieved',
    );
    expect(none).toMatchObject({ invoices: [], truncated: false });
  });
});
