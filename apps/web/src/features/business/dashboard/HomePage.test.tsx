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

beforeEach(() => {
  queryClient.clear();
  vi.mocked(notify).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('HomePage', () => {
  it('shows the stats, the customers table and a pager', async () => {
    mockApi({ 'GET /api/customer/list?page=0': listAnswer(0, ['Karim Benali', 'Nadia Haddad']) });
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

  it('shows a failed first load on the page without a notification', async () => {
    mockApi({ 'GET /api/customer/list?page=0': { status: 403, reason: "You don't have enough permission" } });
    renderRoutes(routes, PATHS.dashboard);
    expect((await screen.findByRole('alert')).textContent).toBe("You don't have enough permission");
    await waitFor(() => expect(notify).not.toHaveBeenCalled());
  });
});
