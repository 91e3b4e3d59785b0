import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { queryClient } from '../../../lib/query-client';
import { apiUser, mockApi } from '../../../test/api-mock';
import { userWithRole } from '../../../test/own-profile';
import { renderRoutes } from '../../../test/render';
import { anInvoice, aPage } from '../test-data';
import { InvoicesPage } from './InvoicesPage';
import { PATHS } from '../../../lib/paths';

vi.mock('../../../lib/notify', () => ({ notify: vi.fn() }));
vi.mock('../../../lib/save-file', () => ({ saveFile: vi.fn() }));
const { saveFile } = await import('../../../lib/save-file');
const { notify } = await import('../../../lib/notify');

const routes = [{ path: PATHS.invoices, element: <InvoicesPage /> }];
const listAnswer = (page: number, numbers: string[], capped = false) => ({
  message: 'Invoice retrieved',
  data: {
    user: apiUser(),
    page: {
      ...aPage(
        numbers.map((invoiceNumber, i) => anInvoice({ id: page * 10 + i + 1, invoiceNumber })),
        page,
        2,
      ),
      capped,
    },
  },
});
const CUSTOMER_OPTIONS = {
  'GET /api/customer/invoice/new': {
    message: 'Customers retrieved',
    data: { user: apiUser(), customers: [{ id: 12, name: 'Élodie Lefèvre', email: 'elodie@example.fr' }] },
  },
};
const headerOf = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

beforeEach(() => {
  queryClient.clear();
  vi.mocked(notify).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('InvoicesPage', () => {
  it('lists invoices with their columns and Print links', async () => {
    mockApi({ ...CUSTOMER_OPTIONS, 'GET /api/customer/invoice/list?page=0': listAnswer(0, ['INV-000150']) });
    renderRoutes(routes, PATHS.invoices);
    const table = await screen.findByRole('table', { name: 'Invoices, page 1 of 2' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Invoice Number↕',
      'Customer↕',
      'Service',
      'Status↕',
      'Date↕',
      'Total↕',
      'Balance Due↕',
      'Print',
    ]);
    expect(within(table).getByRole('link', { name: 'Élodie Lefèvre' }).getAttribute('href')).toBe(
      '/customers/12',
    );
    expect(within(table).getByText('PAID')).toBeTruthy();
    expect(within(table).getByText('$300.00')).toBeTruthy();
    expect(within(table).getByText('$0.00')).toBeTruthy();
    expect(within(table).getByText('Mar 1, 2026')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Print invoice INV-000150' }).getAttribute('href')).toBe(
      '/invoices/1/INV-000150',
    );
  });

  it('keeps the invoices shown when the next page fails, and notifies it', async () => {
    mockApi({
      ...CUSTOMER_OPTIONS,
      'GET /api/customer/invoice/list?page=0': listAnswer(0, ['INV-000150']),
      'GET /api/customer/invoice/list?page=1': { status: 503, reason: 'Service unavailable' },
    });
    renderRoutes(routes, PATHS.invoices);
    await screen.findByText('INV-000150');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'Service unavailable'));
    expect(screen.getByText('INV-000150')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false);
  });

  it('filters by status, dates and totals, keeps them in the address, and clears them', async () => {
    const calls = mockApi({
      ...CUSTOMER_OPTIONS,
      'GET /api/customer/invoice/list?page=0': listAnswer(0, ['INV-000150']),
      'GET /api/customer/invoice/list?status=PENDING%2COVERDUE&from=2026-01-01&min=100&page=0': listAnswer(
        0,
        ['INV-000120'],
      ),
    });
    const router = renderRoutes(routes, PATHS.invoices);
    await screen.findByText('INV-000150');
    const filters = screen.getByRole('form', { name: 'Filter the invoices' });
    fireEvent.click(within(filters).getByRole('checkbox', { name: 'PENDING' }));
    fireEvent.click(within(filters).getByRole('checkbox', { name: 'OVERDUE' }));
    fireEvent.change(within(filters).getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(within(filters).getByLabelText('Total from ($)'), { target: { value: '100' } });
    fireEvent.click(within(filters).getByRole('button', { name: 'Apply filters' }));

    expect(await screen.findByText('INV-000120')).toBeTruthy();
    expect(router.state.location.search).toBe('?status=PENDING%2COVERDUE&from=2026-01-01&min=100');
    // A filtered list without an asked order is by invoice date, newest first, and its header says so.
    expect(headerOf('Date').getAttribute('aria-sort')).toBe('descending');
    expect(calls.map((c) => c.url)).toContain(
      '/api/customer/invoice/list?status=PENDING%2COVERDUE&from=2026-01-01&min=100&page=0',
    );
    fireEvent.click(within(filters).getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('INV-000150')).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(headerOf('Date').getAttribute('aria-sort')).toBe('none');
    expect((within(filters).getByRole('checkbox', { name: 'PENDING' }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('opens with the filters and order of its address, sorts by a header, and says when a list is capped', async () => {
    mockApi({
      ...CUSTOMER_OPTIONS,
      'GET /api/customer/invoice/list?status=PAID&sort=total&page=0': listAnswer(0, ['INV-000140'], true),
      'GET /api/customer/invoice/list?status=PAID&sort=total&order=asc&page=0': listAnswer(0, ['INV-000101']),
      'GET /api/customer/invoice/list?status=PAID&sort=date&page=0': listAnswer(0, ['INV-000133']),
    });
    const router = renderRoutes(routes, `${PATHS.invoices}?status=PAID&sort=total`);
    expect(await screen.findByText('INV-000140')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'More than 1,000 invoices match: the first 1,000 are shown. Narrow the filters to see the others.',
    );
    const filters = screen.getByRole('form', { name: 'Filter the invoices' });
    expect((within(filters).getByRole('checkbox', { name: 'PAID' }) as HTMLInputElement).checked).toBe(true);
    expect(headerOf('Total').getAttribute('aria-sort')).toBe('descending');
    expect(headerOf('Date').getAttribute('aria-sort')).toBe('none');
    expect(headerOf('Service').hasAttribute('aria-sort')).toBe(false);

    // The same header again turns the order round; another header sorts by its column, in its own order.
    fireEvent.click(within(headerOf('Total')).getByRole('button'));
    expect(await screen.findByText('INV-000101')).toBeTruthy();
    expect(headerOf('Total').getAttribute('aria-sort')).toBe('ascending');
    expect(router.state.location.search).toBe('?status=PAID&sort=total&order=asc');
    fireEvent.click(within(headerOf('Date')).getByRole('button'));
    expect(await screen.findByText('INV-000133')).toBeTruthy();
    expect(headerOf('Date').getAttribute('aria-sort')).toBe('descending');
    expect(screen.queryByRole('status')).toBeNull();

    // Back: the list follows the address.
    await act(() => router.navigate(-1));
    expect(await screen.findByText('INV-000101')).toBeTruthy();
  });

  it('offers the export of what the filters find to whom may export, and saves the file', async () => {
    const manager = userWithRole('ROLE_MANAGER');
    const calls = mockApi({
      ...CUSTOMER_OPTIONS,
      'GET /api/customer/invoice/list?status=OVERDUE&page=0': {
        ...listAnswer(0, ['INV-000150']),
        data: { ...listAnswer(0, ['INV-000150']).data, user: manager },
      },
      'GET /api/customer/invoice/export?status=OVERDUE&format=csv': { message: 'file' },
    });
    renderRoutes(routes, `${PATHS.invoices}?status=OVERDUE`);
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.any(Blob), 'invoices.csv'));
    expect(calls.map((c) => c.url)).toContain('/api/customer/invoice/export?status=OVERDUE&format=csv');
    expect(screen.getByRole('button', { name: 'Export Excel' })).toBeTruthy();
  });

  it('shows no export to a user, who may look but not carry the invoices off', async () => {
    mockApi({ ...CUSTOMER_OPTIONS, 'GET /api/customer/invoice/list?page=0': listAnswer(0, ['INV-000150']) });
    renderRoutes(routes, PATHS.invoices);
    await screen.findByText('INV-000150');
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });
});
