/**
 * The dashboard's billing figures (issue 24): billed and paid in each of the last 12 months, what is owed and
 * overdue, and who owes most, for the caller's organisation only.
 */
import { lastMonths, type DashboardData } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOrganisation, signedInUser } from './support/accounts.js';
import { addInvoice, as, createCustomer } from './support/customers.js';
import { expectSuccess } from './support/profile.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The first day of the month `monthsAgo` months before today's (UTC): never after today. */
function dayMonthsAgo(monthsAgo: number): string {
  const now = new Date();
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1));
  return day.toISOString().slice(0, 10);
}

describe('GET /api/customer/dashboard', () => {
  it('adds up billed (with the tax, cancelled left out) and paid (less refunds) per month, the owed and the overdue, and who owes most', async () => {
    const organisationId = await newOrganisation(t, 'Librairie du Mois');
    const owner = await signedInUser(t, 'ROLE_SYSADMIN', { organisationId });
    const api = as(t, owner.tokens.access);
    const karim = await createCustomer(t, owner.tokens.access, { name: 'Karim Benali' });
    const nadia = await createCustomer(t, owner.tokens.access, { name: 'Nadia Haddad' });
    const idOf = (res: Awaited<ReturnType<typeof addInvoice>>) =>
      (res.json().data as { invoice: { id: number } }).invoice.id;

    // This month: 300 + 16.20 tax for Karim, paid 100 then 16.20 refunded, and 500 + 27 for Nadia.
    const thisMonth = dayMonthsAgo(0);
    const karims = idOf(await addInvoice(t, owner.tokens.access, karim.id, { date: thisMonth }));
    await addInvoice(t, owner.tokens.access, nadia.id, { total: 500, date: thisMonth });
    for (const [kind, amount] of [
      ['payments', 100],
      ['refunds', 16.2],
    ] as const)
      expect(
        (await api('POST', `/invoice/${karims}/${kind}`, { date: thisMonth, amount, method: 'CARD' }))
          .statusCode,
      ).toBe(200);
    // Two months ago: 100 + 5.40 for Nadia, now overdue; and a cancelled one, which bills nothing.
    await addInvoice(t, owner.tokens.access, nadia.id, {
      total: 100,
      date: dayMonthsAgo(2),
      status: 'OVERDUE',
    });
    await addInvoice(t, owner.tokens.access, karim.id, {
      total: 999,
      date: dayMonthsAgo(2),
      status: 'CANCELED',
    });
    // Thirteen months ago: outside the chart, still owed.
    await addInvoice(t, owner.tokens.access, karim.id, { total: 10, date: dayMonthsAgo(13) });

    const { dashboard } = expectSuccess<DashboardData>(await api('GET', '/dashboard'), 'Dashboard retrieved');
    const today = new Date().toISOString().slice(0, 10);
    expect(dashboard.months.map((m) => m.month)).toEqual(lastMonths(today));
    expect(dashboard.months.at(-1)).toEqual({ month: today.slice(0, 7), billed: 843.2, paid: 83.8 });
    expect(dashboard.months.at(-3)).toEqual({ month: dayMonthsAgo(2).slice(0, 7), billed: 105.4, paid: 0 });
    expect(dashboard.months.filter((m) => m.billed > 0)).toHaveLength(2);
    // Owed: 316.20 - 83.80 + 527 + 105.40 + 10.54.
    expect(dashboard.outstanding).toBe(875.34);
    expect(dashboard.overdue).toBe(105.4);
    expect(dashboard.topCustomers).toEqual([
      { id: nadia.id, name: 'Nadia Haddad', balanceDue: 632.4 },
      { id: karim.id, name: 'Karim Benali', balanceDue: 242.94 },
    ]);

    // Another business sees none of it.
    const stranger = await signedInUser(t, 'ROLE_USER', { organisationId: await newOrganisation(t) });
    const theirs = expectSuccess<DashboardData>(
      await as(t, stranger.tokens.access)('GET', '/dashboard'),
      'Dashboard retrieved',
    ).dashboard;
    expect(theirs).toMatchObject({ outstanding: 0, overdue: 0, topCustomers: [] });
    expect(theirs.months.every((m) => m.billed === 0 && m.paid === 0)).toBe(true);
  });
});
