/**
 * Dates of the business area. An invoice date is a calendar date (YYYY-MM-DD): it is shown as written,
 * never through a Date in the browser's time zone, where 2026-03-01 could become February 28 west of UTC.
 */

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
