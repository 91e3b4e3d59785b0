import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { queryClient } from '../../../lib/query-client';
import { apiUser, mockApi } from '../../../test/api-mock';
import { renderRoutes } from '../../../test/render';
import { aCustomer, anInvoice } from '../test-data';
import { CustomerPage } from './CustomerPage';

vi.mock('../../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../../lib/notify');

const routes = [{ path: '/customers/:id', element: <CustomerPage /> }];
const MANAGER = apiUser({
  roleName: 'ROLE_MANAGER',
  permissions: 'READ:USER,READ:CUSTOMER,UPDATE:USER,UPDATE:CUSTOMER',
});
const invoices = [
  anInvoice({ id: 101, invoiceNumber: 'INV-000101', total: 300, date: '2026-03-01', status: 'PAID' }),
  anInvoice({ id: 102, invoiceNumber: 'INV-000102', total: 0.1, date: '2026-01-15', status: 'OVERDUE' }),
  anInvoice({ id: 103, invoiceNumber: 'INV-000103', total: 0.2, date: '2025-12-31', status: 'PENDING' }),
  anInvoice({ id: 104, invoiceNumber: 'INV-000104', total: 1000, date: '2025-12-01', status: 'CANCELED' }),
];
const customerAnswer = (user: unknown, overrides = {}) => ({
  message: 'Customer retrieved',
  // What the server keeps as billed: 300 + 0.1 + 0.2, the cancelled invoice left out.
  data: { user, customer: { ...aCustomer({ totalBilled: 300.3, ...overrides }), invoices } },
});

const FIELDS = [/^Name/, /^Email/, /^Type/, /^Status/, /^Address/, /^Phone/, /^Image URL/];

beforeEach(() => {
  queryClient.clear();
  vi.mocked(notify).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('CustomerPage', () => {
  it('shows the profile card, the totals and the invoices', async () => {
    mockApi({ 'GET /api/customer/get/12': customerAnswer(MANAGER) });
    renderRoutes(routes, '/customers/12');
    expect(await screen.findByRole('heading', { level: 2, name: 'Élodie Lefèvre' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Picture of Élodie Lefèvre' })).toBeTruthy();
    // The cancelled invoice counts among the invoices, and the server left it out of what was billed.
    expect(screen.getByText('$300.30')).toBeTruthy();
    expect(screen.getByText('4')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Invoices of Élodie Lefèvre' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Invoice Number', 'Service', 'Status', 'Date', 'Total', 'Balance Due', 'Print']);
    expect(within(table).getByText('Mar 1, 2026')).toBeTruthy();
    expect(within(table).getByText('$300.00')).toBeTruthy();
    expect(within(table).getAllByText('Web Design, SEO Work')).toHaveLength(4);
    expect(within(table).getByRole('link', { name: 'Print invoice INV-000101' }).getAttribute('href')).toBe(
      '/invoices/101/INV-000101',
    );
  });

  it('disables the whole form for ROLE_USER', async () => {
    mockApi({ 'GET /api/customer/get/12': customerAnswer(apiUser()) });
    renderRoutes(routes, '/customers/12');
    await screen.findByRole('heading', { level: 2, name: 'Élodie Lefèvre' });
    for (const label of FIELDS)
      expect((screen.getByLabelText(label) as HTMLInputElement).disabled, String(label)).toBe(true);
    expect(screen.getByRole('button', { name: 'Update' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Your role lets you view customers, not change them.')).toBeTruthy();
  });

  it('lets a manager update, disabling the fields while saving', async () => {
    let release: () => void = () => {};
    const calls = mockApi({
      'GET /api/customer/get/12': customerAnswer(MANAGER),
      'PUT /api/customer/update': async (call) => {
        await new Promise<void>((resolve) => (release = resolve));
        return {
          message: 'Customer updated',
          data: { user: MANAGER, customer: { ...aCustomer(call.body as object), invoices } },
        };
      },
    });
    renderRoutes(routes, '/customers/12');
    await screen.findByRole('heading', { level: 2, name: 'Élodie Lefèvre' });
    const name = screen.getByLabelText(/^Name/) as HTMLInputElement;
    expect(name.disabled).toBe(false);
    fireEvent.change(name, { target: { value: 'Élodie Martin' } });
    fireEvent.change(screen.getByLabelText(/^Status/), { target: { value: 'BANNED' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    await screen.findByRole('button', { name: 'Updating...' });
    for (const label of FIELDS)
      expect((screen.getByLabelText(label) as HTMLInputElement).disabled, String(label)).toBe(true);
    release();
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Customer updated'));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      id: 12,
      name: 'Élodie Martin',
      email: 'elodie.lefevre@example.fr',
      address: '12 rue de la Paix, 75002 Paris',
      phone: '+33 6 12 34 56 78',
      type: 'INDIVIDUAL',
      status: 'BANNED',
      imageUrl: '/assets/avatars/person-1.svg',
    });
  });

  it('asks before giving the customer an e-mail another customer uses, not for its own', async () => {
    const calls = mockApi({
      'GET /api/customer/get/12': customerAnswer(MANAGER),
      'GET /api/customer/with-email?email=shared%40example.fr': {
        message: 'Customers retrieved',
        data: {
          user: MANAGER,
          customers: [
            { id: 12, name: 'Élodie Lefèvre', email: 'shared@example.fr' },
            { id: 30, name: 'Atelier Lefèvre', email: 'Shared@example.fr' },
          ],
        },
      },
      'PUT /api/customer/update': (call) => ({
        message: 'Customer updated',
        data: { user: MANAGER, customer: { ...aCustomer(call.body as object), invoices } },
      }),
    });
    renderRoutes(routes, '/customers/12');
    await screen.findByRole('heading', { level: 2, name: 'Élodie Lefèvre' });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'shared@example.fr' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    const question = await screen.findByRole('dialog', { name: 'E-mail already used' });
    // The customer itself is not "another".
    expect(question.textContent).toContain('Atelier Lefèvre already uses shared@example.fr.');
    fireEvent.click(within(question).getByRole('button', { name: 'Save with this e-mail' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Customer updated'));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('shows a refused update in a banner and as a notification', async () => {
    mockApi({
      'GET /api/customer/get/12': customerAnswer(MANAGER),
      'PUT /api/customer/update': { status: 403, reason: "You don't have enough permission" },
    });
    renderRoutes(routes, '/customers/12');
    await screen.findByRole('heading', { level: 2, name: 'Élodie Lefèvre' });
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: '+33 6 00 00 00 00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect((await screen.findByRole('alert')).textContent).toContain("You don't have enough permission");
    expect(notify).toHaveBeenCalledWith('error', "You don't have enough permission");
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('notifies a failed load and shows the error state', async () => {
    mockApi({ 'GET /api/customer/get/99': { status: 404, reason: 'No customer with ID 99' } });
    renderRoutes(routes, '/customers/99');
    expect((await screen.findByRole('alert')).textContent).toBe('No customer with ID 99');
    expect(notify).toHaveBeenCalledWith('error', 'No customer with ID 99');
    expect(notify).toHaveBeenCalledTimes(1);
  });
});
