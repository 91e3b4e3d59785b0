import { z } from 'zod';
import type { User } from './accounts.js';
import type { InvoiceStatus } from './customers.js';
import { CALENDAR_MAX_DAYS, daysBetween } from './calendar-dates.js';

/** Calendrier: the invoices whose date or due date falls in a range of calendar days (decision 0010). */

/** A real calendar date written YYYY-MM-DD (2026-02-30 is refused), within the years invoices can have. */
const calendarDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .pipe(z.iso.date(`${label} must be a real calendar date written YYYY-MM-DD`))
    .refine(
      (value) => value >= '1900-01-01' && value <= '2999-12-31',
      `${label} must be between 1900 and 2999`,
    );

/** `?from=&to=`: both days included, `from` not after `to`, at most six weeks. */
export const CalendarQuerySchema = z
  .object({ from: calendarDate('from'), to: calendarDate('to') })
  .superRefine(({ from, to }, ctx) => {
    if (from > to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be on or after from' });
    } else if (daysBetween(from, to) + 1 > CALENDAR_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `The range can cover at most ${CALENDAR_MAX_DAYS} days`,
      });
    }
  });
export type CalendarQuery = z.infer<typeof CalendarQuerySchema>;

/** An invoice as the calendar shows it: on its date, and on its due date. */
export type CalendarInvoice = {
  id: number;
  invoiceNumber: string;
  customer: { id: number; name: string };
  /** The invoice date (YYYY-MM-DD). */
  date: string;
  /** The invoice date + 30 days (YYYY-MM-DD). */
  dueDate: string;
  status: InvoiceStatus;
  total: number;
};

export type CalendarData = {
  user: User;
  from: string;
  to: string;
  /** By date, then id; each has its date or its due date (or both) within from…to. */
  invoices: CalendarInvoice[];
  /** True when the range holds more than CALENDAR_MAX_INVOICES invoices and only the first are sent. */
  truncated: boolean;
};
