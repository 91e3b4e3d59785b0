/**
 * Calendrier's date arithmetic and limits (decision 0010), apart from calendar.ts's schemas so that the web
 * page using them does not carry zod (a bundle drops a module only when none of its exports is used).
 * Invoice dates are calendar dates (YYYY-MM-DD), not instants, so the arithmetic below works on the
 * date as written, in UTC, where every day has 24 hours: no time zone can move a date to the day before.
 */

/** SPEC §9: "Payment terms are 30 days from the invoice date". */
export const INVOICE_PAYMENT_DAYS = 30;
/** The longest range one call may ask for: six weeks, the most a month view shows. */
export const CALENDAR_MAX_DAYS = 42;
/** The most invoices one answer carries; past it the answer says it was cut (`truncated`). */
export const CALENDAR_MAX_INVOICES = 2000;

const DAY_MS = 86_400_000;

/** Midnight UTC of a YYYY-MM-DD date, in milliseconds. */
function utcMs(isoDate: string): number {
  const [year, month, day] = isoDate.split('-').map(Number);
  return Date.UTC(year ?? NaN, (month ?? NaN) - 1, day ?? NaN);
}

function fromUtcMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The calendar date `days` days after (or before, when negative) a YYYY-MM-DD date. */
export function addDays(isoDate: string, days: number): string {
  return fromUtcMs(utcMs(isoDate) + days * DAY_MS);
}

/** How many days from `from` to `to` (0 for the same day, negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcMs(to) - utcMs(from)) / DAY_MS);
}

/** The day an invoice is due: 30 days after its date. */
export function invoiceDueDate(invoiceDate: string): string {
  return addDays(invoiceDate, INVOICE_PAYMENT_DAYS);
}

/** SPEC §2.3's medium date format (as Angular's mediumDate in en-US): "Mar 5, 2026". */
const MEDIUM_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  // The date is built at midnight UTC and read back in UTC, so no time zone can move its day.
  timeZone: 'UTC',
});

/**
 * A calendar date in SPEC §2.3's medium date format. Accepts a calendar date or an ISO timestamp starting
 * with one (its date part is used as written); anything else, or a day the calendar does not have, is
 * returned unchanged rather than shown as "Invalid Date" or as another day.
 */
export function formatMediumDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value);
  if (!match) return value;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: the latter reads the years 0 to 99 as 1900 to 1999.
  date.setUTCFullYear(year, month - 1, day);
  const exists =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return exists ? MEDIUM_DATE.format(date) : value;
}
