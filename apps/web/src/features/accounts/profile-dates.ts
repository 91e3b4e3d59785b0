/**
 * Dates of the profile screen in the reader's own locale and time zone: an event's moment ("12 mars 2026,
 * 14:05" for a French browser) and the day the account was created. A value that is not a date is shown
 * as sent rather than as "Invalid Date".
 */

function parsed(iso: string): Date | undefined {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export function formatDateTime(iso: string, locale?: string, timeZone?: string): string {
  const date = parsed(iso);
  if (!date) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}

export function formatDay(iso: string, locale?: string, timeZone?: string): string {
  const date = parsed(iso);
  if (!date) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(date);
}
