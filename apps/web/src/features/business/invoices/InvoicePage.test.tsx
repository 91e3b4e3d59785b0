import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { queryClient } from '../../../lib/query-client';
import { apiUser, mockApi } from '../../../test/api-mock';
import { renderRoutes } from '../../../test/render';
import { aCustomer, anInvoice, COMPANY } from '../test-data';
import { InvoicePage } from './InvoicePage';
import { PATHS } from '../../../lib/paths';

vi.mock('../../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../../lib/notify');
vi.mock('../invoice-pdf', () => ({ exportInvoicePdf: vi.fn(async () => {}) }));
const { exportInvoicePdf } = await import('../invoice-pdf');

const routes = [{ path: '/invoices/:id/:invoiceNumber', element: <InvoicePage /> }];
const { customer: _listed, ...invoice } = anInvoice({
  id: 101,
  invoiceNumber: 'INV-000101',
  services: '1 Web Design 200,2 Monthly SEO audit 150.5',
  total: 350.5,
  date: '2026-03-01',
  status: 'OVERDUE',
});
const answer = {
  message: 'Invoice retrieved',
  data: { user: apiUser(), invoice, customer: aCustomer(), company: COMPANY },
};

beforeEach(() => {
  queryClient.clear();
  vi.mocked(notify).mockClear();
  vi.mocked(exportInvoicePdf).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('InvoicePage', () => {
  it('shows the printable invoice and the message as a default notification', async () => {
    mockApi({ 'GET /api/customer/invoice/get/101': answer });
    renderRoutes(routes, '/invoices/101/INV-000101');
    const printed = await screen.findByRole('article', { name: 'Invoice INV-000101' });
    const text = printed.textContent ?? '';
    for (const expected of [
      'Coran-Hadith, Inc.',
      '123 Main Steet',
      'Philadelphia, Pennsylvania 15886',
      'Phone: (123) 456-7890',
      'Fax: (123) 456-7890',
      'Élodie Lefèvre',
      '12 rue de la Paix, 75002 Paris',
      'elodie.lefevre@example.fr',
      '+33 6 12 34 56 78',
      'OVERDUE',
      'INV-000101',
      'Mar 1, 2026',
      'Due Date: 30 Days from Invoice Date',
      'THANK YOU FOR YOUR BUSINESS',
      'www.coran-hadith.example',
      'Telephone:(123) 456-7890',
      'billing@coran-hadith.example',
    ])
      expect(text, expected).toContain(expected);

    const table = within(printed).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['#', 'Provided Servives', 'RATE', 'TOTAL']);
    expect(within(table).getByText('Monthly SEO audit')).toBeTruthy();
    expect(within(table).getAllByText('$150.50')).toHaveLength(2);
    // 350.50 × 5.4% = 18.927 → 18.93; 350.50 + 18.93 = 369.43.
    expect(text).toContain('SUBTOTAL$350.50');
    expect(text).toContain('TAX (5.4%)$18.93');
    expect(text).toContain('TOTAL$369.43');

    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe(PATHS.dashboard);
    expect(within(breadcrumb).getByRole('link', { name: 'Invoices' }).getAttribute('href')).toBe(
      PATHS.invoices,
    );
    expect(within(breadcrumb).getByText('INV-000101')).toBeTruthy();
    await waitFor(() => expect(notify).toHaveBeenCalledWith('default', 'Invoice retrieved'));
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('exports the printable invoice as a PDF', async () => {
    mockApi({ 'GET /api/customer/invoice/get/101': answer });
    renderRoutes(routes, '/invoices/101/INV-000101');
    const printed = await screen.findByRole('article', { name: 'Invoice INV-000101' });
    fireEvent.click(screen.getByRole('button', { name: 'Export as PDF' }));
    await waitFor(() => expect(exportInvoicePdf).toHaveBeenCalledWith(printed, 'INV-000101'));
  });

  it('notifies a failure and shows the error state', async () => {
    mockApi({ 'GET /api/customer/invoice/get/999': { status: 404, reason: 'No invoice with ID 999' } });
    renderRoutes(routes, '/invoices/999/INV-999');
    expect((await screen.findByRole('alert')).textContent).toBe('No invoice with ID 999');
    expect(notify).toHaveBeenCalledWith('error', 'No invoice with ID 999');
    expect(screen.queryByRole('button', { name: 'Export as PDF' })).toBeNull();
  });
});
