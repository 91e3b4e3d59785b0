import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { queryClient } from '../../../lib/query-client';
import { apiUser, mockApi } from '../../../test/api-mock';
import { renderRoutes } from '../../../test/render';
import { companyNamed } from '@app/contracts';
import { aCustomer, anInvoiceDetail, COMPANY } from '../test-data';
import { InvoicePage } from './InvoicePage';
import { PATHS } from '../../../lib/paths';

vi.mock('../../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../../lib/notify');
vi.mock('../invoice-pdf', () => ({ exportInvoicePdf: vi.fn(async () => {}) }));
const { exportInvoicePdf } = await import('../invoice-pdf');

const routes = [{ path: '/invoices/:id/:invoiceNumber', element: <InvoicePage /> }];
const invoice = anInvoiceDetail({
  id: 101,
  invoiceNumber: 'INV-000101',
  services: '1 Web Design 200,2 Monthly SEO audit 150.5',
  lines: [
    { position: 1, description: 'Web Design', quantity: 1, unitPrice: 200, amount: 200 },
    { position: 2, description: 'Monthly SEO audit', quantity: 3, unitPrice: 50.17, amount: 150.5 },
  ],
  total: 350.5,
  date: '2026-03-01',
  dueDate: '2026-03-31',
  status: 'OVERDUE',
  amountDue: 369.43,
  balanceDue: 369.43,
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
  it("prints only what the business wrote in its 'from' block, with its logo", async () => {
    const logo = 'data:image/png;base64,iVBORw0KGgo=';
    mockApi({
      'GET /api/customer/invoice/get/101': {
        ...answer,
        data: { ...answer.data, company: { ...companyNamed('Librairie An-Nour'), logo } },
      },
    });
    renderRoutes(routes, '/invoices/101/INV-000101');
    const printed = await screen.findByRole('article', { name: 'Invoice INV-000101' });
    const from = printed.querySelector('header');
    expect(within(printed).getByRole('img', { name: 'Logo of Librairie An-Nour' }).getAttribute('src')).toBe(
      logo,
    );
    expect(from?.querySelector('address')?.textContent).toBe('');
    expect(printed.textContent).not.toMatch(/Phone:|Fax:|Telephone:|Main Steet|coran-hadith/);
  });

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
      'Due Date: 30 Days from Invoice Date (Mar 31, 2026)',
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
    ).toEqual(['#', 'Provided Servives', 'QTY', 'RATE', 'TOTAL']);
    const audit = within(table).getByText('Monthly SEO audit').closest('tr');
    expect([...(audit?.cells ?? [])].map((cell) => cell.textContent)).toEqual([
      '2',
      'Monthly SEO audit',
      '3',
      '$50.17',
      '$150.50',
    ]);
    // 350.50 × 5.4% = 18.927 → 18.93; 350.50 + 18.93 = 369.43.
    expect(text).toContain('SUBTOTAL$350.50');
    expect(text).toContain('TAX (5.4%)$18.93');
    expect(text).toContain('TOTAL$369.43');
    // Nothing received yet: no PAID or BALANCE DUE lines on paper.
    expect(text).not.toContain('BALANCE DUE');

    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe(PATHS.dashboard);
    expect(within(breadcrumb).getByRole('link', { name: 'Invoices' }).getAttribute('href')).toBe(
      PATHS.invoices,
    );
    expect(within(breadcrumb).getByText('INV-000101')).toBeTruthy();
    await waitFor(() => expect(notify).toHaveBeenCalledWith('default', 'Invoice retrieved'));
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('prints what was received and the balance due, and lists the payments and the history', async () => {
    const partlyPaid = {
      ...invoice,
      amountPaid: 100,
      balanceDue: 269.43,
      payments: [
        {
          id: 5,
          kind: 'PAYMENT' as const,
          date: '2026-03-10',
          amount: 100,
          method: 'CHEQUE' as const,
          note: 'Deposit',
          createdAt: '2026-03-10T09:00:00.000Z',
        },
      ],
    };
    mockApi({
      'GET /api/customer/invoice/get/101': { ...answer, data: { ...answer.data, invoice: partlyPaid } },
    });
    renderRoutes(routes, '/invoices/101/INV-000101');
    const printed = await screen.findByRole('article', { name: 'Invoice INV-000101' });
    expect(printed.textContent).toContain('PAID-$100.00');
    expect(printed.textContent).toContain('BALANCE DUE$269.43');
    const payments = screen.getByRole('table', { name: 'Payments of invoice INV-000101' });
    expect(within(payments).getByRole('row', { name: /Mar 10, 2026/ }).textContent).toBe(
      'Mar 10, 2026$100.00ChequeDeposit',
    );
    const history = screen.getByRole('list', { name: 'History of invoice INV-000101' });
    expect(history.textContent).toContain('Test Owner · Created as PENDING, $316.20 due with the tax');
    expect(screen.getByText('Balance due $269.43 of $369.43, due Mar 31, 2026')).toBeTruthy();
  });

  describe('offers payments, refunds, cancelling and sending only to the roles given them, as the invoice allows', () => {
    const partlyPaid = { ...invoice, amountPaid: 100, balanceDue: 269.43 };
    const MANAGER = 'READ:USER,READ:CUSTOMER,UPDATE:USER,UPDATE:CUSTOMER';
    const showAs = async (roleName: string, permissions: string, shown: typeof invoice) => {
      const data = { ...answer.data, user: apiUser({ roleName, permissions }), invoice: shown };
      mockApi({ 'GET /api/customer/invoice/get/101': { ...answer, data } });
      renderRoutes(routes, '/invoices/101/INV-000101');
      await screen.findByRole('article', { name: 'Invoice INV-000101' });
      return ['Record payment', 'Refund', 'Cancel invoice', 'Send by e-mail'].filter(
        (name) => screen.queryByRole('button', { name }) !== null,
      );
    };

    it('none to ROLE_USER', async () => {
      expect(await showAs('ROLE_USER', 'READ:USER,READ:CUSTOMER', partlyPaid)).toEqual([]);
    });

    it('to a manager: payment and refund while money was received, not cancelling', async () => {
      expect(await showAs('ROLE_MANAGER', MANAGER, partlyPaid)).toEqual([
        'Record payment',
        'Refund',
        'Send by e-mail',
      ]);
    });

    it('to a manager: payment and cancelling while nothing was received', async () => {
      expect(await showAs('ROLE_MANAGER', MANAGER, invoice)).toEqual([
        'Record payment',
        'Cancel invoice',
        'Send by e-mail',
      ]);
    });

    it('nothing to send for a cancelled invoice', async () => {
      const cancelled = { ...invoice, status: 'CANCELED' as const, cancelReason: 'Duplicate' };
      expect(await showAs('ROLE_MANAGER', MANAGER, cancelled)).not.toContain('Send by e-mail');
    });
  });

  it('records a payment from its dialog, the balance offered, and shows the invoice the server answers', async () => {
    const manager = apiUser({
      roleName: 'ROLE_MANAGER',
      permissions: 'READ:USER,READ:CUSTOMER,UPDATE:USER,UPDATE:CUSTOMER',
    });
    const shown = { ...answer, data: { ...answer.data, user: manager } };
    const calls = mockApi({
      'GET /api/customer/invoice/get/101': shown,
      'POST /api/customer/invoice/101/payments': { message: 'Payment recorded', data: shown.data },
    });
    renderRoutes(routes, '/invoices/101/INV-000101');
    fireEvent.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment' });
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
    expect((amount as HTMLInputElement).value).toBe('369.43');
    fireEvent.change(amount, { target: { value: '100' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Method/ }), { target: { value: 'CASH' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Payment recorded'));
    const posted = calls.find((call) => call.method === 'POST');
    expect(posted?.body).toMatchObject({ amount: 100, method: 'CASH', note: '' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends the invoice by e-mail once the user confirms, and says where it went', async () => {
    const manager = apiUser({
      roleName: 'ROLE_MANAGER',
      permissions: 'READ:USER,READ:CUSTOMER,UPDATE:USER,UPDATE:CUSTOMER',
    });
    const shown = { ...answer, data: { ...answer.data, user: manager } };
    const to = answer.data.customer.email;
    const calls = mockApi({
      'GET /api/customer/invoice/get/101': shown,
      'POST /api/customer/invoice/101/send': { message: `Invoice sent to ${to}`, data: shown.data },
    });
    renderRoutes(routes, '/invoices/101/INV-000101');
    fireEvent.click(await screen.findByRole('button', { name: 'Send by e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send invoice INV-000101?' });
    expect(dialog.textContent).toContain(`receives the invoice as a PDF at ${to}`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Send by e-mail' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', `Invoice sent to ${to}`));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/customer/invoice/101/send',
    ]);
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
