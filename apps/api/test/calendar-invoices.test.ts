/**
 * GET /api/calendar/invoices: the invoices dated or due in a range of days. Due dates are the invoice date
 * + 30 days, counted on the calendar, so they cross month and year ends (and February, leap or not)
 * exactly; a range includes both of its days; the calendar reads the business's invoices, so it needs
 * READ:CUSTOMER, and a signed-out caller gets nothing.
 */
import type { CalendarInvoice, RoleName } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/db/orm.js';
import { call, signedInUser } from './support/accounts.js';
import { addInvoice, createCustomer, rows, signedInRoles } from './support/customers.js';
import { expectFailure, expectSuccess, NO_PERMISSION, NOT_LOGGED_IN } from './support/profile.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let tokens: Record<RoleName, string>;
let customer: { id: number; name: string };
/** Invoice ids by the label of the case they stand for. */
const ids: Record<string, number> = {};

const INVOICES = {
  yearEnd: { date: '2025-12-10', status: 'PENDING', total: 120 },
  lastDayOfYear: { date: '2025-12-31', status: 'PENDING', total: 80.5 },
  endOfJanuary: { date: '2026-01-31', status: 'PAID', total: 300 },
  leapYear: { date: '2024-01-31', status: 'OVERDUE', total: 99.99 },
  february: { date: '2026-02-15', status: 'CANCELED', total: 45 },
  november: { date: '2025-11-01', status: 'PAID', total: 10 },
} as const;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await signedInRoles(t);
  customer = await createCustomer(t, tokens.ROLE_ADMIN, { name: 'Calendrier Client' });
  for (const [label, invoice] of Object.entries(INVOICES)) {
    await addInvoice(t, tokens.ROLE_ADMIN, customer.id, invoice);
    const [row] = await rows<{ id: number }>(t, sql`SELECT max(id)::int AS id FROM invoices`);
    ids[label] = row?.id ?? 0;
  }
});
afterAll(() => t.close());

async function calendar(from: string, to: string, token = tokens.ROLE_USER) {
  const res = await call(t, { method: 'GET', url: `/api/calendar/invoices?from=${from}&to=${to}`, token });
  return expectSuccess<{
    user: { email: string };
    from: string;
    to: string;
    invoices: CalendarInvoice[];
    truncated: boolean;
  }>(res, 'Calendar retrieved');
}

const labelsOf = (invoices: CalendarInvoice[]) =>
  invoices.map((invoice) => Object.keys(ids).find((label) => ids[label] === invoice.id));

describe('GET /api/calendar/invoices', () => {
  it('answers the invoices dated or due in the range, by date, with their due date', async () => {
    const data = await calendar('2026-01-01', '2026-01-31');
    expect(data.from).toBe('2026-01-01');
    expect(data.to).toBe('2026-01-31');
    expect(data.truncated).toBe(false);
    // Due on January 9 and January 30; dated January 31. Not November's (due December 1) nor February's.
    expect(labelsOf(data.invoices)).toEqual(['yearEnd', 'lastDayOfYear', 'endOfJanuary']);
    const yearEnd = data.invoices[0];
    expect(yearEnd).toEqual({
      id: ids.yearEnd,
      invoiceNumber: expect.stringMatching(/^INV-\d{6}$/),
      customer: { id: customer.id, name: 'Calendrier Client' },
      date: '2025-12-10',
      dueDate: '2026-01-09',
      status: 'PENDING',
      total: 120,
    });
  });

  it('counts 30 calendar days across month and year ends and February', async () => {
    const dueDates = async (from: string, to: string) =>
      Object.fromEntries((await calendar(from, to)).invoices.map((i) => [i.date, i.dueDate]));
    expect(await dueDates('2025-12-01', '2026-01-11')).toMatchObject({
      '2025-12-10': '2026-01-09',
      '2025-12-31': '2026-01-30',
    });
    // 2026 is not a leap year: January 31 + 30 days is March 2; in 2024 it was March 1.
    expect(await dueDates('2026-03-01', '2026-03-07')).toEqual({ '2026-01-31': '2026-03-02' });
    expect(await dueDates('2024-02-26', '2024-03-03')).toEqual({ '2024-01-31': '2024-03-01' });
    expect(await dueDates('2025-11-25', '2025-12-05')).toEqual({ '2025-11-01': '2025-12-01' });
  });

  it('includes both ends of the range, and nothing dated in the 30 days before the range but due earlier', async () => {
    expect(labelsOf((await calendar('2026-01-09', '2026-01-09')).invoices)).toEqual(['yearEnd']);
    expect(labelsOf((await calendar('2026-01-31', '2026-01-31')).invoices)).toEqual(['endOfJanuary']);
    // December 10 is due January 9: neither its date nor its due date is in January 10–30.
    expect(labelsOf((await calendar('2026-01-10', '2026-01-30')).invoices)).toEqual(['lastDayOfYear']);
    expect((await calendar('2026-01-10', '2026-01-29')).invoices).toEqual([]);
  });

  it('lists an invoice once when both its date and its due date are in the range', async () => {
    // December 10 is both dated and due (January 9) in this range; November 1 is due December 1.
    const data = await calendar('2025-12-01', '2026-01-11');
    expect(labelsOf(data.invoices)).toEqual(['november', 'yearEnd', 'lastDayOfYear']);
  });

  it('shows new invoices at once', async () => {
    await addInvoice(t, tokens.ROLE_ADMIN, customer.id, { date: '2027-06-15', status: 'PENDING' });
    const data = await calendar('2027-07-01', '2027-07-31');
    expect(data.invoices.map((i) => [i.date, i.dueDate])).toEqual([['2027-06-15', '2027-07-15']]);
  });

  it('is open to every role, which all read customers, and answers with the caller', async () => {
    for (const role of ['ROLE_USER', 'ROLE_MANAGER', 'ROLE_ADMIN', 'ROLE_SYSADMIN'] as const) {
      const data = await calendar('2026-01-01', '2026-01-31', tokens[role]);
      expect(data.invoices).toHaveLength(3);
      expect(data.user.email).toMatch(new RegExp(`^${role.toLowerCase()}\\.`));
    }
  });

  it('refuses a user whose role cannot read customers (403) and a signed-out caller (401)', async () => {
    const reader = await signedInUser(t, 'ROLE_USER');
    // A role with every permission but READ:CUSTOMER, as a narrower role would be.
    await t.database.db.execute(
      sql`INSERT INTO roles (id, name, permission) VALUES (90, 'ROLE_PROFILE_ONLY', 'READ:USER,UPDATE:USER')`,
    );
    await t.database.db.execute(sql`UPDATE memberships SET role_id = 90 WHERE user_id = ${reader.id}`);
    const url = '/api/calendar/invoices?from=2026-01-01&to=2026-01-31';
    expectFailure(await call(t, { method: 'GET', url, token: reader.tokens.access }), 403, NO_PERMISSION);
    expectFailure(await call(t, { method: 'GET', url }), 401, NOT_LOGGED_IN);
    expectFailure(await call(t, { method: 'GET', url, token: 'not-a-token' }), 401);
  });
});
