import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
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
/** The number and amount of each line, as the editor shows them. */
const rowTexts = () =>
  within(screen.getByRole('table', { name: 'Services' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = within(row).getAllByRole('cell');
      return `${cells[0]?.textContent} ${cells[4]?.textContent}`;
    });
const totals = () => screen.getByLabelText('Invoice total').textContent;

function type(element: HTMLElement, text: string) {
  fireEvent.change(element, { target: { value: text } });
  fireEvent.blur(element);
}

function typeLine(n: number, description: string, quantity: string, unitPrice: string) {
  type(input(new RegExp(`Description of line ${n}`)), description);
  type(input(new RegExp(`Quantity of line ${n}`)), quantity);
  type(input(new RegExp(`Unit price of line ${n}`)), unitPrice);
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

  it('adds up the lines as the server will: each amount, the total, its tax and the total due', () => {
    mockApi({ 'GET /api/customer/invoice/new': options() });
    renderRoutes(routes, PATHS.newInvoice);
    typeLine(1, 'Web Design', '2', '200');
    fireEvent.click(screen.getByRole('button', { name: 'Add line' }));
    typeLine(2, 'Monthly SEO audit', '1', '150.5');
    expect(rowTexts()).toEqual(['1 $400.00', '2 $150.50']);
    expect(totals()).toEqual('Total$550.50Tax (5.4%)$29.73Total due$580.23');

    fireEvent.click(screen.getByRole('button', { name: 'Remove line 1' }));
    expect(rowTexts()).toEqual(['1 $150.50']);
    expect(totals()).toEqual('Total$150.50Tax (5.4%)$8.13Total due$158.63');
  });

  it("shows a line's problems once typed in, and keeps Save disabled until every line can be sent", async () => {
    mockApi({ 'GET /api/customer/invoice/new': options() });
    renderRoutes(routes, PATHS.newInvoice);
    await chooseCustomer('Karim Benali');
    typeLine(1, 'Design, print', '0', '12.345');
    expect(screen.getByText('A description cannot contain a comma')).toBeTruthy();
    expect(screen.getByText('Quantity must be more than 0')).toBeTruthy();
    expect(screen.getByText('Enter an amount with at most 2 decimals')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save Invoice' });
    expect(save.hasAttribute('disabled')).toBe(true);
    typeLine(1, 'Design', '1', '12.34');
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Add line' }));
    expect(save.hasAttribute('disabled')).toBe(true);
  });

  it('saves the lines for the chosen customer, names the new invoice with a link to print it, and starts again', async () => {
    const calls = mockApi({
      'GET /api/customer/invoice/new': options(),
      'POST /api/customer/invoice/addtocustomer/7': {
        message: 'Invoice added to customer with ID: 7',
        data: { user: apiUser(), customers: CUSTOMERS, invoice: { id: 41, invoiceNumber: 'INV-0041' } },
      },
    });
    renderRoutes(routes, PATHS.newInvoice);
    typeLine(1, 'Web Design', '2', '100');
    fireEvent.click(screen.getByRole('button', { name: 'Add line' }));
    typeLine(2, 'SEO Work', '1', '100');
    await chooseCustomer('Karim Benali');
    type(input(/^Date/), '2026-03-01');
    fireEvent.change(input(/^Status/), { target: { value: 'PAID' } });
    const save = screen.getByRole('button', { name: 'Save Invoice' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);

    const banner = await screen.findByRole('status');
    expect(banner.textContent).toContain('Invoice added to customer with ID: 7 — invoice INV-0041.');
    const print = within(banner).getByRole('link', { name: 'Print invoice INV-0041' });
    expect(print.getAttribute('href')).toBe('/invoices/41/INV-0041');
    // The lines, never a total of the form's own: the server adds them up.
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      customerId: 7,
      date: '2026-03-01',
      status: 'PAID',
      lines: [
        { description: 'Web Design', quantity: 2, unitPrice: 100 },
        { description: 'SEO Work', quantity: 1, unitPrice: 100 },
      ],
    });
    expect(input(/^Status/).value).toBe('PENDING');
    expect(input(/Description of line 1/).value).toBe('');
    expect(screen.queryByLabelText(/Description of line 2/)).toBeNull();
    expect(totals()).toEqual('Total$0.00Tax (5.4%)$0.00Total due$0.00');
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /^Customer/ }) as HTMLInputElement).value).toBe(''),
    );
    expect(screen.getByRole('button', { name: 'Save Invoice' }).hasAttribute('disabled')).toBe(true);
  });

  it('asks before saving an invoice dated more than a year ahead, and saves nothing when the user goes back', async () => {
    const calls = mockApi({
      'GET /api/customer/invoice/new': options(),
      'POST /api/customer/invoice/addtocustomer/7': {
        message: 'Invoice added to customer with ID: 7',
        data: { user: apiUser(), customers: CUSTOMERS, invoice: { id: 42, invoiceNumber: 'INV-0042' } },
      },
    });
    renderRoutes(routes, PATHS.newInvoice);
    typeLine(1, 'Logo', '1', '80');
    await chooseCustomer('Karim Benali');
    const nextYear = new Date().getFullYear() + 2;
    type(input(/^Date/), `${nextYear}-01-15`);
    fireEvent.click(screen.getByRole('button', { name: 'Save Invoice' }));

    const question = await screen.findByRole('dialog', { name: 'Date more than a year ahead' });
    expect(question.textContent).toContain(`This invoice is dated Jan 15, ${nextYear}`);
    fireEvent.click(within(question).getByRole('button', { name: 'Change the date' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    // The page is hidden from assistive technology until the dialog's closing ends: found once it is back.
    fireEvent.click(await screen.findByRole('button', { name: 'Save Invoice' }));
    const again = await screen.findByRole('dialog', { name: 'Date more than a year ahead' });
    fireEvent.click(within(again).getByRole('button', { name: 'Save with this date' }));
    expect((await screen.findByRole('status')).textContent).toContain('invoice INV-0042');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('shows a refusal in a red banner and a notification', async () => {
    mockApi({
      'GET /api/customer/invoice/new': options(),
      'POST /api/customer/invoice/addtocustomer/12': { status: 404, reason: 'No customer with ID 12' },
    });
    renderRoutes(routes, PATHS.newInvoice);
    typeLine(1, 'Logo', '1', '80');
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
