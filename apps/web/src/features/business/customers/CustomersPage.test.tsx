import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { queryClient } from '../../../lib/query-client';
import { apiUser, mockApi } from '../../../test/api-mock';
import { userWithRole } from '../../../test/own-profile';
import { renderRoutes } from '../../../test/render';
import { aCustomer, aPage } from '../test-data';
import { CustomersPage } from './CustomersPage';
import { PATHS } from '../../../lib/paths';

vi.mock('../../../lib/notify', () => ({ notify: vi.fn() }));
const { notify } = await import('../../../lib/notify');

const routes = [{ path: PATHS.customers, element: <CustomersPage /> }];
const searchAnswer = (page: number, totalPages: number, names: string[], capped = false) => ({
  message: 'Customers retrieved',
  data: {
    user: apiUser(),
    page: {
      ...aPage(
        names.map((name, i) => aCustomer({ id: page * 10 + i + 1, name, totalBilled: 1250.5 })),
        page,
        totalPages,
      ),
      capped,
    },
  },
});
const headerOf = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

beforeEach(() => {
  queryClient.clear();
  vi.mocked(notify).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('CustomersPage', () => {
  it('has a breadcrumb, the search, the export icon and the table', async () => {
    mockApi({ 'GET /api/customer/search?name=&page=0': searchAnswer(0, 2, ['Karim Benali']) });
    renderRoutes(routes, PATHS.customers);
    await screen.findByText('Karim Benali');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe(PATHS.dashboard);
    expect(screen.getByLabelText('Customer Name')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Search Customers' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download the customer report (Excel)' })).toBeTruthy();
  });

  it('searches from page 0 and pages through the results of the search', async () => {
    const calls = mockApi({
      'GET /api/customer/search?name=&page=0': searchAnswer(0, 5, ['Karim Benali']),
      'GET /api/customer/search?name=&page=3': searchAnswer(3, 5, ['Hugo Fontaine']),
      'GET /api/customer/search?name=%C3%A9lodie&page=0': searchAnswer(0, 2, ['Élodie Lefèvre']),
      'GET /api/customer/search?name=%C3%A9lodie&page=1': searchAnswer(1, 2, ['Élodie Martin']),
    });
    renderRoutes(routes, PATHS.customers);
    await screen.findByText('Karim Benali');
    fireEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    await screen.findByText('Hugo Fontaine');

    fireEvent.change(screen.getByLabelText('Customer Name'), { target: { value: ' élodie ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search Customers' }));
    expect(await screen.findByText('Élodie Lefèvre')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Prev' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Élodie Martin')).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual([
      '/api/customer/search?name=&page=0',
      '/api/customer/search?name=&page=3',
      '/api/customer/search?name=%C3%A9lodie&page=0',
      '/api/customer/search?name=%C3%A9lodie&page=1',
    ]);
  });

  it('keeps the list when a page change fails, and notifies it once', async () => {
    mockApi({
      'GET /api/customer/search?name=&page=0': searchAnswer(0, 2, ['Karim Benali']),
      'GET /api/customer/search?name=&page=1': {
        status: 500,
        reason: 'An error occurred. Please try again.',
      },
    });
    renderRoutes(routes, PATHS.customers);
    await screen.findByText('Karim Benali');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'An error occurred. Please try again.'));
    expect(notify).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Karim Benali')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
  });

  it('imports a CSV file for an administrator, and shows each refused line when nothing was imported', async () => {
    const admin = {
      ...searchAnswer(0, 1, ['Karim Benali']),
      data: { ...searchAnswer(0, 1, ['Karim Benali']).data, user: userWithRole('ROLE_ADMIN') },
    };
    const calls = mockApi({
      'GET /api/customer/search?name=&page=0': admin,
      'POST /api/customer/import': {
        message: 'Nothing imported: 1 row is refused',
        data: {
          user: userWithRole('ROLE_ADMIN'),
          report: { imported: 0, refused: [{ line: 3, problems: ['Email: Enter a valid e-mail address'] }] },
        },
      },
    });
    renderRoutes(routes, PATHS.customers);
    await screen.findByText('Karim Benali');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const csv =
      'Name,Email,Address,Phone,Type,Status,Image URL\nA,a@,x,+33 6 00 00 00 00,INDIVIDUAL,ACTIVE,/assets/avatars/person-1.svg';
    fireEvent.change(input, { target: { files: [new File([csv], 'customers.csv', { type: 'text/csv' })] } });
    const report = await screen.findByRole('alert');
    expect(report.textContent).toContain('Nothing imported: 1 row is refused');
    expect(report.textContent).toContain('Line 3: Email: Enter a valid e-mail address');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ csv });
  });

  it('offers no import to a user, who may not create customers', async () => {
    mockApi({ 'GET /api/customer/search?name=&page=0': searchAnswer(0, 1, ['Karim Benali']) });
    renderRoutes(routes, PATHS.customers);
    await screen.findByText('Karim Benali');
    expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull();
  });

  it('narrows by status and type with the name, keeps it all in the address, and clears it', async () => {
    const calls = mockApi({
      'GET /api/customer/search?name=&page=0': searchAnswer(0, 1, ['Karim Benali']),
      'GET /api/customer/search?name=mar&status=ACTIVE%2CBANNED&type=INSTITUTION&page=0': searchAnswer(0, 1, [
        'Atelier Marchand',
      ]),
    });
    const router = renderRoutes(routes, PATHS.customers);
    await screen.findByText('Karim Benali');
    const form = screen.getByRole('search', { name: 'Search customers' });
    expect(within(form).getByRole('button', { name: 'Clear' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(form).getByLabelText('Customer Name'), { target: { value: 'mar ' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'ACTIVE' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'BANNED' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'INSTITUTION' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Search Customers' }));

    expect(await screen.findByText('Atelier Marchand')).toBeTruthy();
    expect(router.state.location.search).toBe('?name=mar&status=ACTIVE%2CBANNED&type=INSTITUTION');
    expect(calls.map((c) => c.url)).toContain(
      '/api/customer/search?name=mar&status=ACTIVE%2CBANNED&type=INSTITUTION&page=0',
    );
    expect(screen.getByRole('table', { name: 'Customers named like "mar", page 1 of 1' })).toBeTruthy();

    fireEvent.click(within(form).getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Karim Benali')).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect((within(form).getByRole('checkbox', { name: 'ACTIVE' }) as HTMLInputElement).checked).toBe(false);
    expect((within(form).getByLabelText('Customer Name') as HTMLInputElement).value).toBe('');
  });

  it('sorts by a header, shows when each was created and what it was billed, and says when a list is capped', async () => {
    mockApi({
      'GET /api/customer/search?type=INDIVIDUAL&name=&page=0': searchAnswer(0, 1, ['Karim Benali']),
      'GET /api/customer/search?type=INDIVIDUAL&sort=name&name=&page=0': searchAnswer(
        0,
        100,
        ['Amine Alaoui'],
        true,
      ),
      'GET /api/customer/search?type=INDIVIDUAL&sort=name&order=desc&name=&page=0': searchAnswer(0, 100, [
        'Zoé Marchand',
      ]),
    });
    const router = renderRoutes(routes, `${PATHS.customers}?type=INDIVIDUAL`);
    await screen.findByText('Karim Benali');
    expect(screen.getByText('Jun 1, 2025')).toBeTruthy();
    expect(screen.getByText('$1,250.50')).toBeTruthy();
    // Newest first unless asked, as SPEC's list.
    expect(headerOf('Created').getAttribute('aria-sort')).toBe('descending');
    expect(headerOf('Name').getAttribute('aria-sort')).toBe('none');
    expect(headerOf('Email').hasAttribute('aria-sort')).toBe(false);

    fireEvent.click(within(headerOf('Name')).getByRole('button'));
    expect(await screen.findByText('Amine Alaoui')).toBeTruthy();
    expect(headerOf('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(router.state.location.search).toBe('?type=INDIVIDUAL&sort=name');
    expect(screen.getByRole('status').textContent).toBe(
      'More than 1,000 customers match: the first 1,000 are shown. Narrow the search to see the others.',
    );
    fireEvent.click(within(headerOf('Name')).getByRole('button'));
    expect(await screen.findByText('Zoé Marchand')).toBeTruthy();
    expect(headerOf('Name').getAttribute('aria-sort')).toBe('descending');

    // Back: the list follows the address.
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Amine Alaoui')).toBeTruthy();
  });
});
