/**
 * Dates of the business area. An invoice date is a calendar date (YYYY-MM-DD): it is shown as written,
 * never through a Date in the browser's time zone, where 2026-03-01 could become February 28 west of UTC.
 */

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

/** Today in the browser's own calendar as YYYY-MM-DD: the invoice form's default date. */
export function localIsoDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Whether a calendar date is more than a year after today: an invoice dated so far ahead is more often a typo
 * (2062 for 2026) than a plan, so the form asks before saving it. Compared as text, which orders YYYY-MM-DD.
 */
export function isMoreThanAYearAhead(date: string, today: string = localIsoDate()): boolean {
  const sameDayNextYear = `${String(Number(today.slice(0, 4)) + 1).padStart(4, '0')}${today.slice(4)}`;
  return date > sameDayNextYear;
}
