import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { queryClient } from '../../../lib/query-client';
import { apiUser, mockApi } from '../../../test/api-mock';
import { renderRoutes } from '../../../test/render';
import { anInvoice, aPage } from '../test-data';
import { InvoicesPage } from './InvoicesPage';
import { PATHS } from '../../../lib/paths';

vi.mock('../../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../../lib/notify');

const routes = [{ path: PATHS.invoices, element: <InvoicesPage /> }];
const listAnswer = (page: number, numbers: string[]) => ({
  message: 'Invoice retrieved',
  data: {
    user: apiUser(),
    page: aPage(
      numbers.map((invoiceNumber, i) => anInvoice({ id: page * 10 + i + 1, invoiceNumber })),
      page,
      2,
    ),
  },
});

beforeEach(() => {
  queryClient.clear();
  vi.mocked(notify).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('InvoicesPage', () => {
  it('lists invoices with their columns and Print links', async () => {
    mockApi({ 'GET /api/customer/invoice/list?page=0': listAnswer(0, ['INV-000150']) });
    renderRoutes(routes, PATHS.invoices);
    const table = await screen.findByRole('table', { name: 'Invoices, page 1 of 2' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Invoice Number', 'Customer', 'Service', 'Status', 'Date', 'Total', 'Balance Due', 'Print']);
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
});
