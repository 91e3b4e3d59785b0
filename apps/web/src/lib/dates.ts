/**
 * Dates of the business area. An invoice date is a calendar date (YYYY-MM-DD): it is shown as written,
 * never through a Date in the browser's time zone, where 2026-03-01 could become February 28 west of UTC.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * SPEC §2.3's medium date format (as Angular's mediumDate in en-US): "Mar 5, 2026". Accepts a calendar
 * date or an ISO timestamp starting with one (its date part is used as written); anything else is
 * returned unchanged rather than shown as "Invalid Date".
 */
export function formatMediumDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value);
  if (!match) return value;
  const [, year, month, day] = match;
  const name = MONTHS[Number(month) - 1];
  if (!name || Number(day) < 1 || Number(day) > 31) return value;
  return `${name} ${Number(day)}, ${Number(year)}`;
}

/** Today in the browser's own calendar as YYYY-MM-DD: the invoice form's default date. */
export function localIsoDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
