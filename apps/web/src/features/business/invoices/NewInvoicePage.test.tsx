import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { CUSTOMER_OPTIONS_LIMIT as CONTRACT_LIMIT } from '@app/contracts';
import { queryClient } from '../../../lib/query-client';
import { apiUser, mockApi } from '../../../test/api-mock';
import { primeOwnProfile } from '../../../test/own-profile';
import { renderRoutes } from '../../../test/render';
import { localIsoDate } from '../../../lib/dates';
import { CUSTOMER_OPTIONS_LIMIT, foldForSearch } from './CustomerSelect';
import { NewInvoicePage } from './NewInvoicePage';
import { PATHS } from '../../../lib/paths';
import { itRefusesCreationToUsersAndManagers } from '../refused-creation.test-support';

vi.mock('../../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../../lib/notify');

const routes = [{ path: PATHS.newInvoice, element: <NewInvoicePage /> }];
const CUSTOMERS = [
  { id: 12, name: 'Élodie Lefèvre', email: 'elodie@example.fr' },
  { id: 7, name: 'Karim Benali', email: 'karim@example.com' },
];
const options = (customers = CUSTOMERS) => ({
  message: 'Customers retrieved',
  data: { user: apiUser(), customers },
});
const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

function type(element: HTMLElement, text: string) {
  fireEvent.change(element, { target: { value: text } });
  fireEvent.blur(element);
}

async function chooseCustomer(name: string) {
  const box = screen.getByRole('textbox', { name: /^Customer/ });
  fireEvent.click(box);
  fireEvent.change(box, { target: { value: name.slice(0, 3) } });
  // The dropdown's opening transition does not run in happy-dom: its options count as hidden.
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(name), hidden: true }));
}

beforeEach(() => {
  queryClient.clear();
  // An administrator, who may create: the signed-in bar has loaded their profile already.
  primeOwnProfile('ROLE_ADMIN');
  vi.mocked(notify).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('NewInvoicePage', () => {
  itRefusesCreationToUsersAndManagers({
    routes,
    path: PATHS.newInvoice,
    heading: 'New Invoice',
    things: 'invoices',
    listPath: PATHS.invoices,
  });

  it('starts PENDING, dated today, with Save disabled', async () => {
    mockApi({ 'GET /api/customer/invoice/new': options() });
    renderRoutes(routes, PATHS.newInvoice);
    expect(screen.getByRole('heading', { level: 1, name: 'New Invoice' })).toBeTruthy();
    expect(input(/^Status/).value).toBe('PENDING');
    expect(input(/^Date/).value).toBe(localIsoDate());
    expect(screen.getByRole('button', { name: 'Save Invoice' }).hasAttribute('disabled')).toBe(true);
  });

  it('writes the services text and the total from the lines', () => {
    mockApi({ 'GET /api/customer/invoice/new': options() });
    renderRoutes(routes, PATHS.newInvoice);
    type(input(/Description of line 1/), 'Web Design');
    type(input(/Rate of line 1/), '200');
    fireEvent.click(screen.getByRole('button', { name: 'Add line' }));
    type(input(/Description of line 2/), 'Monthly SEO audit');
    type(input(/Rate of line 2/), '150.5');
    expect(input(/^Services/).value).toBe('1 Web Design 200,2 Monthly SEO audit 150.50');
    expect(input(/^Total/).value).toBe('350.50');

    fireEvent.click(screen.getByRole('button', { name: 'Remove line 1' }));
    expect(input(/^Services/).value).toBe('1 Monthly SEO audit 150.50');
    expect(input(/^Total/).value).toBe('150.50');
  });

  it('accepts the text typed as SPEC has it, filling the lines and the total', () => {
    mockApi({ 'GET /api/customer/invoice/new': options() });
    renderRoutes(routes, PATHS.newInvoice);
    type(input(/^Services/), '1 Web Design 200,2 SEO Work 100');
    expect(input(/Description of line 2/).value).toBe('SEO Work');
    expect(input(/Rate of line 1/).value).toBe('200');
    expect(input(/^Total/).value).toBe('300.00');
    // A total typed by the user is theirs: the services no longer change it.
    type(input(/^Total/), '280');
    type(input(/Rate of line 2/), '120');
    expect(input(/^Total/).value).toBe('280');
    type(input(/^Services/), 'Web design for 200');
    expect(screen.getByText(/Entry 1 \("Web design for 200"\): start with the row number/)).toBeTruthy();
  });

  it('saves for the chosen customer, shows the message in green, and starts again', async () => {
    const calls = mockApi({
      'GET /api/customer/invoice/new': options(),
      'POST /api/customer/invoice/addtocustomer/7': {
        message: 'Invoice added to customer with ID: 7',
        data: { user: apiUser(), customers: CUSTOMERS },
      },
    });
    renderRoutes(routes, PATHS.newInvoice);
    type(input(/^Services/), '1 Web Design 200,2 SEO Work 100');
    await chooseCustomer('Karim Benali');
    type(input(/^Date/), '2026-03-01');
    fireEvent.change(input(/^Status/), { target: { value: 'PAID' } });
    const save = screen.getByRole('button', { name: 'Save Invoice' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);

    const banner = await screen.findByRole('status');
    expect(banner.textContent).toContain('Invoice added to customer with ID: 7');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      services: '1 Web Design 200,2 SEO Work 100',
      customerId: 7,
      total: 300,
      date: '2026-03-01',
      status: 'PAID',
    });
    expect(input(/^Status/).value).toBe('PENDING');
    expect(input(/^Services/).value).toBe('');
    expect(input(/^Total/).value).toBe('');
    expect(input(/Description of line 1/).value).toBe('');
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /^Customer/ }) as HTMLInputElement).value).toBe(''),
    );
    expect(screen.getByRole('button', { name: 'Save Invoice' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows a refusal in a red banner and a notification', async () => {
    mockApi({
      'GET /api/customer/invoice/new': options(),
      'POST /api/customer/invoice/addtocustomer/12': { status: 404, reason: 'No customer with ID 12' },
    });
    renderRoutes(routes, PATHS.newInvoice);
    type(input(/^Services/), '1 Logo 80');
    await chooseCustomer('Élodie Lefèvre');
    fireEvent.click(screen.getByRole('button', { name: 'Save Invoice' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No customer with ID 12');
    expect(notify).toHaveBeenCalledWith('error', 'No customer with ID 12');
  });

  it('searches the server as the user types when it sent the most customers it sends', async () => {
    expect(CUSTOMER_OPTIONS_LIMIT).toBe(CONTRACT_LIMIT);
    const many = Array.from({ length: CUSTOMER_OPTIONS_LIMIT }, (_, i) => ({
      id: i + 1,
      name: `Customer ${String(i + 1).padStart(3, '0')}`,
      email: `c${i + 1}@example.com`,
    }));
    const calls = mockApi({
      'GET /api/customer/invoice/new': options(many),
      'GET /api/customer/invoice/new?name=zahra': options([
        { id: 900, name: 'Fatima Zahra El Idrissi', email: 'f@example.ma' },
      ]),
    });
    renderRoutes(routes, PATHS.newInvoice);
    await waitFor(() => expect(screen.getByText('Type a name to search among all customers')).toBeTruthy());
    const box = screen.getByRole('textbox', { name: /^Customer/ }) as HTMLInputElement;
    fireEvent.click(box);
    await act(async () => {
      fireEvent.change(box, { target: { value: 'zahra' } });
    });
    const option = await screen.findByRole(
      'option',
      { name: /Fatima Zahra El Idrissi/, hidden: true },
      // The list of 500 customers is drawn first: slow in jsdom on a busy machine.
      { timeout: 10_000 },
    );
    expect(calls.map((c) => c.url)).toContain('/api/customer/invoice/new?name=zahra');
    fireEvent.click(option);
    expect(box.value).toBe('Fatima Zahra El Idrissi');
  });
});

describe('foldForSearch', () => {
  it('ignores case and accents as the server does', () => {
    expect(foldForSearch(' Élodie LEFÈVRE ')).toBe('elodie lefevre');
  });
});
