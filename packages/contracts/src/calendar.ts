import { z } from './zod.js';
import { UserSchema } from './accounts.js';
import { INVOICE_STATUSES } from './customers.js';
import { successEnvelope } from './envelope.js';
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
export const CalendarInvoiceSchema = z.object({
  id: z.number().int(),
  invoiceNumber: z.string(),
  customer: z.object({ id: z.number().int(), name: z.string() }),
  /** The invoice date (YYYY-MM-DD). */
  date: z.iso.date(),
  /** The invoice date + 30 days (YYYY-MM-DD). */
  dueDate: z.iso.date(),
  status: z.enum(INVOICE_STATUSES),
  total: z.number(),
});
export type CalendarInvoice = z.infer<typeof CalendarInvoiceSchema>;

export const CalendarDataSchema = z.object({
  user: UserSchema,
  from: z.iso.date(),
  to: z.iso.date(),
  /** By date, then id; each has its date or its due date (or both) within from…to. */
  invoices: z.array(CalendarInvoiceSchema),
  /** True when the range holds more than CALENDAR_MAX_INVOICES invoices and only the first are sent. */
  truncated: z.boolean(),
});
export type CalendarData = z.infer<typeof CalendarDataSchema>;

/** GET /calendar/invoices. */
export const CalendarAnswerSchema = successEnvelope(CalendarDataSchema);
export type CalendarAnswer = z.infer<typeof CalendarAnswerSchema>;
