import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { queryClient } from '../../../lib/query-client';
import { apiUser, mockApi } from '../../../test/api-mock';
import { renderRoutes } from '../../../test/render';
import { aCustomer, aPage, STATS } from '../test-data';
import { HomePage } from './HomePage';
import { PATHS } from '../../../lib/paths';

vi.mock('../../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../../lib/notify');

const routes = [{ path: PATHS.dashboard, element: <HomePage /> }];
const listAnswer = (page: number, names: string[]) => ({
  message: 'Customers retrieved',
  data: {
    user: apiUser(),
    stats: STATS,
    page: aPage(
      names.map((name, i) => aCustomer({ id: page * 10 + i + 1, name })),
      page,
      3,
    ),
  },
});

/** Twelve months to March 2026: invoices billed in January and March, a payment in March. */
const DASHBOARD = {
  'GET /api/customer/dashboard': {
    message: 'Dashboard retrieved',
    data: {
      user: apiUser(),
      dashboard: {
        months: [
          ...[
            '2025-04',
            '2025-05',
            '2025-06',
            '2025-07',
            '2025-08',
            '2025-09',
            '2025-10',
            '2025-11',
            '2025-12',
          ].map((month) => ({ month, billed: 0, paid: 0 })),
          { month: '2026-01', billed: 527, paid: 0 },
          { month: '2026-02', billed: 0, paid: 0 },
          { month: '2026-03', billed: 1054, paid: 316.2 },
        ],
        outstanding: 1264.8,
        overdue: 527,
        topCustomers: [
          { id: 7, name: 'Samir Ouali', balanceDue: 737.8 },
          { id: 12, name: 'Inès Garnier', balanceDue: 527 },
        ],
      },
    },
  },
};

beforeEach(() => {
  queryClient.clear();
  vi.mocked(notify).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('HomePage', () => {
  it('shows the stats, the customers table and a pager', async () => {
    mockApi({
      ...DASHBOARD,
      'GET /api/customer/list?page=0': listAnswer(0, ['Karim Benali', 'Nadia Haddad']),
    });
    renderRoutes(routes, PATHS.dashboard);
    expect(await screen.findByText('$123,456.70')).toBeTruthy();
    expect(screen.getByText('Total Customers')).toBeTruthy();
    expect(screen.getByText('Total Invoices')).toBeTruthy();
    expect(screen.getByText('Total Billed')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();

    const table = screen.getByRole('table', { name: 'Customers, page 1 of 3' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['ID', 'Photo', 'Name', 'Email', 'Phone', 'Status', 'Type', 'Action']);
    expect(within(table).getByRole('link', { name: 'View Karim Benali' }).getAttribute('href')).toBe(
      '/customers/1',
    );
    expect(within(table).getAllByText('ACTIVE')).toHaveLength(2);

    const pager = screen.getByRole('navigation', { name: 'Pages of customers' });
    expect(within(pager).getByRole('button', { name: 'Prev' }).hasAttribute('disabled')).toBe(true);
    expect(within(pager).getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false);
    expect(within(pager).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Download the customer report (Excel)' })).toBeTruthy();
  });

  it('changes page, disabling Next on the last one', async () => {
    mockApi({
      ...DASHBOARD,
      'GET /api/customer/list?page=0': listAnswer(0, ['Karim Benali']),
      'GET /api/customer/list?page=2': listAnswer(2, ['Yasmine Amrani']),
    });
    renderRoutes(routes, PATHS.dashboard);
    await screen.findByText('Karim Benali');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Yasmine Amrani')).toBeTruthy();
    expect(screen.queryByText('Karim Benali')).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Prev' }).hasAttribute('disabled')).toBe(false);
  });

  it('keeps the page shown when the next one fails, and says so on the page only', async () => {
    mockApi({
      ...DASHBOARD,
      'GET /api/customer/list?page=0': listAnswer(0, ['Karim Benali']),
      'GET /api/customer/list?page=1': { status: 500, reason: 'An error occurred. Please try again.' },
    });
    renderRoutes(routes, PATHS.dashboard);
    await screen.findByText('Karim Benali');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toContain('An error occurred. Please try again.');
    expect(screen.getByText('Karim Benali')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(notify).not.toHaveBeenCalled();
  });

  it("tells the month's story: owed and overdue, billed and paid per month for screen readers too, who owes most", async () => {
    mockApi({ ...DASHBOARD, 'GET /api/customer/list?page=0': listAnswer(0, ['Nadia Haddad']) });
    renderRoutes(routes, PATHS.dashboard);
    const billing = await screen.findByRole('region', { name: 'Billing' });
    await waitFor(() => expect(within(billing).getByText('$1,264.80')).toBeTruthy());
    expect(within(billing).getByText('Outstanding')).toBeTruthy();
    expect(within(billing).getByText('$527.00', { selector: 'p' })).toBeTruthy();

    const months = within(billing).getByRole('table', {
      name: 'Billed and paid in each of the last 12 months, with the tax',
    });
    const rows = within(months).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(12);
    expect(rows[0]?.textContent).toBe('Apr 2025$0.00$0.00');
    expect(rows[11]?.textContent).toBe('Mar 2026$1,054.00$316.20');

    const owing = within(billing).getByRole('table', { name: 'Who owes most' });
    expect(
      within(owing)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['CustomerBalance Due', 'Samir Ouali$737.80', 'Inès Garnier$527.00']);
    expect(within(owing).getByRole('link', { name: 'Samir Ouali' }).getAttribute('href')).toBe(
      '/customers/7',
    );
  });

  it('shows a failed first load on the page without a notification', async () => {
    mockApi({
      ...DASHBOARD,
      'GET /api/customer/list?page=0': { status: 403, reason: "You don't have enough permission" },
    });
    renderRoutes(routes, PATHS.dashboard);
    expect((await screen.findByRole('alert')).textContent).toBe("You don't have enough permission");
    await waitFor(() => expect(notify).not.toHaveBeenCalled());
  });
});
