import { z } from './zod.js';
import { UserSchema } from './accounts.js';
import { successEnvelope } from './envelope.js';

/**
 * The month's story of the dashboard (issue 24), beside SPEC's three totals: what was billed and what was paid in
 * each of the last 12 months, what is still owed and how much of it is overdue, and who owes most. Amounts are
 * what customers pay: an invoice's total with its tax, payments less refunds; cancelled invoices bill nothing.
 */
export const DASHBOARD_MONTHS = 12;
export const TOP_CUSTOMERS = 5;

export const MonthFiguresSchema = z.object({
  /** YYYY-MM, in UTC. */
  month: z.string(),
  billed: z.number(),
  paid: z.number(),
});
export type MonthFigures = z.infer<typeof MonthFiguresSchema>;

export const DashboardSchema = z.object({
  /** The last 12 months, oldest first, ending with the current one; a month without invoices or payments is 0. */
  months: z.array(MonthFiguresSchema),
  /** The balance due of every PENDING or OVERDUE invoice. */
  outstanding: z.number(),
  /** The part of it on OVERDUE invoices. */
  overdue: z.number(),
  /** The customers who owe most, most first (at most 5, only those who owe something). */
  topCustomers: z.array(z.object({ id: z.number().int(), name: z.string(), balanceDue: z.number() })),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

export const DashboardDataSchema = z.object({ user: UserSchema, dashboard: DashboardSchema });
export type DashboardData = z.infer<typeof DashboardDataSchema>;
export const DashboardAnswerSchema = successEnvelope(DashboardDataSchema);
export type DashboardAnswer = z.infer<typeof DashboardAnswerSchema>;

/** The 12 months ending with `today`'s, oldest first, as YYYY-MM. */
export function lastMonths(today: string, count = DASHBOARD_MONTHS): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, index) => {
    const months = year * 12 + month - (count - 1 - index);
    return `${String(Math.floor(months / 12)).padStart(4, '0')}-${String((months % 12) + 1).padStart(2, '0')}`;
  });
}
