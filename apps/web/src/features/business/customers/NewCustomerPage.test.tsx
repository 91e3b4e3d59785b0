import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { queryClient } from '../../../lib/query-client';
import { apiUser, mockApi } from '../../../test/api-mock';
import { primeOwnProfile } from '../../../test/own-profile';
import { renderRoutes } from '../../../test/render';
import { aCustomer } from '../test-data';
import { NewCustomerPage } from './NewCustomerPage';
import { PATHS } from '../../../lib/paths';
import { itRefusesCreationToUsersAndManagers } from '../refused-creation.test-support';
import { typeIn } from '../../../test/type-in';

vi.mock('../../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../../lib/notify');

const routes = [{ path: PATHS.newCustomer, element: <NewCustomerPage /> }];
const NOBODY_WITH_EMAIL = {
  'GET /api/customer/with-email?email=karim%40example.com': {
    message: 'Customers retrieved',
    data: { user: apiUser(), customers: [] },
  },
};
const value = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;

function fill() {
  typeIn(/^Name/, 'Karim Benali');
  typeIn(/^Email/, 'karim@example.com');
  typeIn(/^Address/, '3 place Bellecour, 69002 Lyon');
  typeIn(/^Phone/, '+33 6 11 22 33 44');
  typeIn(/^Image URL/, '/assets/avatars/person-2.svg');
}

beforeEach(() => {
  queryClient.clear();
  // An administrator, who may create: the signed-in bar has loaded their profile already.
  primeOwnProfile('ROLE_ADMIN');
  vi.mocked(notify).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('NewCustomerPage', () => {
  itRefusesCreationToUsersAndManagers({
    routes,
    path: PATHS.newCustomer,
    heading: 'New Customer',
    things: 'customers',
    listPath: PATHS.customers,
  });

  it('starts as an ACTIVE INDIVIDUAL, with Save disabled until the form is filled', () => {
    renderRoutes(routes, PATHS.newCustomer);
    expect(screen.getByRole('heading', { level: 1, name: 'New Customer' })).toBeTruthy();
    expect(value(/^Type/)).toBe('INDIVIDUAL');
    expect(value(/^Status/)).toBe('ACTIVE');
    const save = screen.getByRole('button', { name: 'Save Customer' });
    expect(save.hasAttribute('disabled')).toBe(true);
    typeIn(/^Email/, 'not-an-email');
    expect(screen.getByText('Enter a valid e-mail address')).toBeTruthy();
  });

  it('sends the customer, shows the message, and goes back to the defaults', async () => {
    const calls = mockApi({
      ...NOBODY_WITH_EMAIL,
      'POST /api/customer/create': (call) => ({
        status: 201,
        message: 'Customer created',
        data: { user: apiUser(), customer: { ...aCustomer(call.body as object), id: 51, invoices: [] } },
      }),
    });
    renderRoutes(routes, PATHS.newCustomer);
    fill();
    fireEvent.change(screen.getByLabelText(/^Type/), { target: { value: 'INSTITUTION' } });
    fireEvent.change(screen.getByLabelText(/^Status/), { target: { value: 'PENDING' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Customer' }));

    expect((await screen.findByRole('status')).textContent).toContain('Customer created');
    expect(screen.getByRole('link', { name: 'View Karim Benali' }).getAttribute('href')).toBe(
      '/customers/51',
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Karim Benali',
      email: 'karim@example.com',
      address: '3 place Bellecour, 69002 Lyon',
      phone: '+33 6 11 22 33 44',
      type: 'INSTITUTION',
      status: 'PENDING',
      imageUrl: '/assets/avatars/person-2.svg',
    });
    expect(value(/^Name/)).toBe('');
    expect(value(/^Type/)).toBe('INDIVIDUAL');
    expect(value(/^Status/)).toBe('ACTIVE');
    expect(screen.getByRole('button', { name: 'Save Customer' }).hasAttribute('disabled')).toBe(true);
  });

  it('keeps the values and shows a refusal in a banner and a notification', async () => {
    mockApi({
      ...NOBODY_WITH_EMAIL,
      'POST /api/customer/create': { status: 403, reason: "You don't have enough permission" },
    });
    renderRoutes(routes, PATHS.newCustomer);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Save Customer' }));
    expect((await screen.findByRole('alert')).textContent).toContain("You don't have enough permission");
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', "You don't have enough permission"));
    expect(value(/^Name/)).toBe('Karim Benali');
  });

  it('asks before saving a customer with an e-mail another customer uses, and saves nothing if the user goes back', async () => {
    const calls = mockApi({
      'GET /api/customer/with-email?email=karim%40example.com': {
        message: 'Customers retrieved',
        data: { user: apiUser(), customers: [{ id: 7, name: 'Karim B.', email: 'Karim@example.com' }] },
      },
      'POST /api/customer/create': (call) => ({
        status: 201,
        message: 'Customer created',
        data: { user: apiUser(), customer: { ...aCustomer(call.body as object), id: 52, invoices: [] } },
      }),
    });
    renderRoutes(routes, PATHS.newCustomer);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Save Customer' }));
    const question = await screen.findByRole('dialog', { name: 'E-mail already used' });
    expect(question.textContent).toContain('Karim B. already uses karim@example.com.');
    fireEvent.click(within(question).getByRole('button', { name: 'Change the e-mail' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    expect(value(/^Email/)).toBe('karim@example.com');

    fireEvent.click(screen.getByRole('button', { name: 'Save Customer' }));
    const again = await screen.findByRole('dialog', { name: 'E-mail already used' });
    fireEvent.click(within(again).getByRole('button', { name: 'Save with this e-mail' }));
    expect((await screen.findByRole('status')).textContent).toContain('Customer created');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});
