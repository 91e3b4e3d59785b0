import type { CalendarInvoice } from '@app/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { queryClient } from '../../lib/query-client';
import { apiUser, mockApi } from '../../test/api-mock';
import { renderRoutes } from '../../test/render';
import { CalendarPage, PHONE_QUERY } from './CalendarPage';
import { PATHS } from '../../lib/paths';
import { aCalendarInvoice } from './calendar-test-data';

vi.mock('../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../lib/notify');

const routes = [{ path: PATHS.calendar, element: <CalendarPage /> }];

const paid = aCalendarInvoice({
  id: 11,
  invoiceNumber: 'INV-000011',
  date: '2026-03-05',
  dueDate: '2026-04-04',
  status: 'PAID',
});
/** Due March 12, still PENDING on March 20: overdue. */
const late = aCalendarInvoice({
  id: 12,
  invoiceNumber: 'INV-000012',
  customer: { id: 4, name: 'Cabinet Haddad' },
  date: '2026-02-10',
  dueDate: '2026-03-12',
  status: 'PENDING',
  total: 1250.5,
});

const answer = (from: string, to: string, invoices: CalendarInvoice[]) => ({
  message: 'Calendar retrieved',
  data: { user: apiUser(), from, to, invoices, truncated: false },
});
const MARCH = '/api/calendar/invoices?from=2026-02-23&to=2026-04-05';
const APRIL = '/api/calendar/invoices?from=2026-03-30&to=2026-05-03';

function phoneScreen(phone: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: phone && query === PHONE_QUERY,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

const cellOf = (day: string) => {
  const time = document.querySelector(`td time[datetime="${day}"]`);
  const cell = time?.closest('td');
  if (!(cell instanceof HTMLElement)) throw new Error(`no cell for ${day}`);
  return cell;
};

beforeEach(() => {
  queryClient.clear();
  vi.mocked(notify).mockClear();
  // Only the clock: "today" is March 20, 2026; timers stay real for the queries.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 20, 12));
  phoneScreen(false);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('CalendarPage', () => {
  it("shows this month's invoices on their dates and due dates, each opening its invoice", async () => {
    const calls = mockApi({ [`GET ${MARCH}`]: answer('2026-02-23', '2026-04-05', [late, paid]) });
    renderRoutes(routes, PATHS.calendar);
    expect(await screen.findByRole('heading', { level: 1, name: 'Calendrier' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'March 2026' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'MonMonday',
      'TueTuesday',
      'WedWednesday',
      'ThuThursday',
      'FriFriday',
      'SatSaturday',
      'SunSunday',
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(7);

    const issued = within(cellOf('2026-03-05')).getByRole('link');
    expect(issued.getAttribute('href')).toBe('/invoices/11/INV-000011');
    expect(issued.getAttribute('aria-label')).toBe(
      'Issued PAID, INV-000011, Élodie Lefèvre, $300.00, due Apr 4, 2026',
    );
    // Its due date is in the grid too (April 4, in the last row).
    expect(within(cellOf('2026-04-04')).getByRole('link').getAttribute('aria-label')).toMatch(/^Due PAID/);

    const due = within(cellOf('2026-03-12')).getByRole('link');
    expect(due.getAttribute('href')).toBe('/invoices/12/INV-000012');
    expect(due.getAttribute('aria-label')).toBe(
      'Overdue, Due PENDING, INV-000012, Cabinet Haddad, $1,250.50, issued Feb 10, 2026',
    );
    expect(due.textContent).toContain('Overdue');
    // Issued February 10: a day the grid does not show.
    expect(screen.getAllByRole('link', { name: /INV-000012/ })).toHaveLength(1);

    expect(cellOf('2026-03-20').getAttribute('aria-current')).toBe('date');
    // Said of March only: April 4, in the grid's last row, is not counted.
    const summary = (_: string, element: Element | null) =>
      element?.tagName === 'P' && element.textContent === '1 issued, 1 due, 1 overdue in March 2026.';
    expect(screen.getByText(summary)).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual([MARCH]);
  });

  it('moves by month, back to today, and keeps the period in the address', async () => {
    const calls = mockApi({
      [`GET ${MARCH}`]: answer('2026-02-23', '2026-04-05', [paid]),
      [`GET ${APRIL}`]: answer('2026-03-30', '2026-05-03', []),
      'GET /api/calendar/invoices?from=2026-01-26&to=2026-03-01': answer('2026-01-26', '2026-03-01', []),
    });
    const router = renderRoutes(routes, PATHS.calendar);
    await screen.findByRole('table', { name: 'March 2026' });
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    await screen.findByRole('table', { name: 'April 2026' });
    expect(router.state.location.search).toBe('?view=month&date=2026-04-01');
    await screen.findByText('0 issued, 0 due in April 2026.');
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    await screen.findByRole('table', { name: 'March 2026' });
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    await screen.findByRole('table', { name: 'February 2026' });
    expect(calls.map((c) => c.url)).toEqual([
      MARCH,
      APRIL,
      '/api/calendar/invoices?from=2026-01-26&to=2026-03-01',
    ]);
  });

  it('shows a week, and moves by week', async () => {
    mockApi({
      'GET /api/calendar/invoices?from=2026-03-09&to=2026-03-15': answer('2026-03-09', '2026-03-15', [late]),
      'GET /api/calendar/invoices?from=2026-03-16&to=2026-03-22': answer('2026-03-16', '2026-03-22', []),
    });
    renderRoutes(routes, '/feature?view=week&date=2026-03-12');
    const table = await screen.findByRole('table', { name: 'Mar 9 – 15, 2026' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('link', { name: /^Overdue, Due PENDING, INV-000012/ })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Week' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await screen.findByRole('table', { name: 'Mar 16 – 22, 2026' });
  });

  it('switches from a month to the week of the day shown', async () => {
    mockApi({
      [`GET ${MARCH}`]: answer('2026-02-23', '2026-04-05', []),
      'GET /api/calendar/invoices?from=2026-03-16&to=2026-03-22': answer('2026-03-16', '2026-03-22', []),
    });
    const router = renderRoutes(routes, PATHS.calendar);
    await screen.findByRole('table', { name: 'March 2026' });
    fireEvent.click(screen.getByRole('radio', { name: 'Week' }));
    await screen.findByRole('table', { name: 'Mar 16 – 22, 2026' });
    expect(router.state.location.search).toBe('?view=week&date=2026-03-20');
  });

  it('lists the days on a phone instead of seven columns', async () => {
    phoneScreen(true);
    mockApi({ [`GET ${MARCH}`]: answer('2026-02-23', '2026-04-05', [late, paid]) });
    renderRoutes(routes, PATHS.calendar);
    const list = await screen.findByRole('list', { name: 'March 2026' });
    expect(screen.queryByRole('table')).toBeNull();
    // Only the month's days that have something; April 4 belongs to the next month.
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Thu, Mar 5', 'Thu, Mar 12']);
    expect(within(list).getByRole('link', { name: /^Overdue, Due PENDING, INV-000012/ })).toBeTruthy();
  });

  it('says so when a phone week has nothing, day by day', async () => {
    phoneScreen(true);
    mockApi({
      'GET /api/calendar/invoices?from=2026-03-16&to=2026-03-22': answer('2026-03-16', '2026-03-22', []),
    });
    renderRoutes(routes, '/feature?view=week&date=2026-03-20');
    const list = await screen.findByRole('list', { name: 'Mar 16 – 22, 2026' });
    expect(within(list).getAllByRole('heading', { level: 3 })).toHaveLength(7);
    expect(within(list).getAllByText('Nothing issued or due.')).toHaveLength(7);
    expect(within(list).getByText('Today')).toBeTruthy();
  });

  it('shows and notifies a refused call', async () => {
    mockApi({ [`GET ${MARCH}`]: { status: 403, reason: "You don't have enough permission" } });
    renderRoutes(routes, PATHS.calendar);
    expect((await screen.findByRole('alert')).textContent).toBe("You don't have enough permission");
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', "You don't have enough permission"));
  });

  it('tells when the period had too many invoices to show them all', async () => {
    mockApi({
      [`GET ${MARCH}`]: {
        ...answer('2026-02-23', '2026-04-05', [paid]),
        data: { ...answer('2026-02-23', '2026-04-05', [paid]).data, truncated: true },
      },
    });
    renderRoutes(routes, PATHS.calendar);
    expect(await screen.findByText(/only the first 2000 by date are shown/)).toBeTruthy();
  });
});
