/**
 * The periods the calendar shows, as pure functions of ISO calendar dates (YYYY-MM-DD). Weeks start on
 * Monday (ISO 8601, as in France). A month view shows whole weeks, from the Monday on or before the 1st to
 * the Sunday on or after the last day: four to six weeks, never more than one API call may ask for (42 days).
 * Dates are never turned into instants in the browser's time zone, where a date could become the day before.
 */
import { addDays, daysBetween } from '@app/contracts';

export type CalendarView = 'month' | 'week';

export type Period = {
  view: CalendarView;
  /** The first and last day shown (and asked of the API), both included. */
  from: string;
  to: string;
  /** The days shown, Monday to Sunday, week by week. */
  weeks: string[][];
  /** In a month view, the month (YYYY-MM) whose days are not dimmed. */
  month: string;
  /** The days the period is about, both included: a month's own days, or the whole week. */
  first: string;
  last: string;
};

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number);
  const date = new Date(Date.UTC(year ?? 0, (month ?? 0) - 1, day ?? 0));
  return date.getUTCFullYear() === year && date.getUTCMonth() + 1 === month && date.getUTCDate() === day;
}

/** 0 for Monday … 6 for Sunday. */
export function weekdayIndex(isoDate: string): number {
  // 1970-01-05 was a Monday.
  return ((daysBetween('1970-01-05', isoDate) % 7) + 7) % 7;
}

export const startOfWeek = (isoDate: string) => addDays(isoDate, -weekdayIndex(isoDate));

const monthOf = (isoDate: string) => isoDate.slice(0, 7);

function daysInMonth(month: string): number {
  const [year, monthNumber] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 0, monthNumber ?? 0, 0)).getUTCDate();
}

function weeksFrom(monday: string, count: number): string[][] {
  return Array.from({ length: count }, (_, week) =>
    Array.from({ length: 7 }, (_, day) => addDays(monday, week * 7 + day)),
  );
}

/** The period of a view that contains `anchor`. */
export function periodOf(view: CalendarView, anchor: string): Period {
  if (view === 'week') {
    const from = startOfWeek(anchor);
    const to = addDays(from, 6);
    return { view, from, to, weeks: weeksFrom(from, 1), month: monthOf(anchor), first: from, last: to };
  }
  const month = monthOf(anchor);
  const first = `${month}-01`;
  const last = `${month}-${String(daysInMonth(month)).padStart(2, '0')}`;
  const from = startOfWeek(first);
  const to = addDays(startOfWeek(last), 6);
  const weeks = weeksFrom(from, (daysBetween(from, to) + 1) / 7);
  return { view, from, to, weeks, month, first, last };
}

/** The anchor of the previous (-1) or next (+1) period: the 1st of a month, or the same weekday a week away. */
export function shiftAnchor(view: CalendarView, anchor: string, step: -1 | 1): string {
  if (view === 'week') return addDays(anchor, 7 * step);
  const [year = 0, month = 1] = anchor.split('-').map(Number);
  const index = year * 12 + (month - 1) + step;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

const dayMonth = (isoDate: string) =>
  `${MONTHS[Number(isoDate.slice(5, 7)) - 1]?.slice(0, 3)} ${Number(isoDate.slice(8))}`;
const year = (isoDate: string) => Number(isoDate.slice(0, 4));

/** "November 2026"; a week: "Nov 16 – 22, 2026", "Nov 30 – Dec 6, 2026", "Dec 28, 2026 – Jan 3, 2027". */
export function periodTitle(period: Period): string {
  if (period.view === 'month') {
    return `${MONTHS[Number(period.month.slice(5)) - 1]} ${year(period.month)}`;
  }
  const { from, to } = period;
  if (year(from) !== year(to)) return `${dayMonth(from)}, ${year(from)} – ${dayMonth(to)}, ${year(to)}`;
  if (monthOf(from) !== monthOf(to)) return `${dayMonth(from)} – ${dayMonth(to)}, ${year(to)}`;
  return `${dayMonth(from)} – ${Number(to.slice(8))}, ${year(to)}`;
}

/** "Saturday, November 21, 2026": a day as a screen reader should say it. */
export function longDate(isoDate: string): string {
  const month = MONTHS[Number(isoDate.slice(5, 7)) - 1];
  return `${WEEKDAYS[weekdayIndex(isoDate)]}, ${month} ${Number(isoDate.slice(8))}, ${year(isoDate)}`;
}

/** "Sat, Nov 21": a day heading of the phone list. */
export function shortDate(isoDate: string): string {
  return `${WEEKDAYS[weekdayIndex(isoDate)]?.slice(0, 3)}, ${dayMonth(isoDate)}`;
}

/** The view and day asked for in the address (?view=week&date=2026-11-16), or this month. */
export function readCalendarParams(
  params: URLSearchParams,
  today: string,
): { view: CalendarView; anchor: string } {
  const view = params.get('view') === 'week' ? 'week' : 'month';
  const date = params.get('date') ?? '';
  // Years the API accepts; anything else opens on today rather than on an error.
  const usable = isIsoDate(date) && date >= '1900-02-01' && date <= '2999-11-30';
  return { view, anchor: usable ? date : today };
}
