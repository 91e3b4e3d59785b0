/** The calendar's one call, GET /api/calendar/invoices, through lib/http (call, error and cache rules). */
import type { CalendarAnswer } from '@app/contracts';
import { apiQuery } from '../../lib/http/api-query';

export const CALENDAR_API = '/api/calendar/invoices';

/** The invoices dated or due from `from` to `to`, both included. */
export const calendarUrl = ({ from, to }: { from: string; to: string }) =>
  `${CALENDAR_API}?from=${from}&to=${to}`;

export const calendarQuery = (period: { from: string; to: string }) =>
  apiQuery<CalendarAnswer>(calendarUrl(period));
