import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { queryClient } from '../lib/query-client';
import { mockApi } from '../test/api-mock';
import { primeOwnProfile } from '../test/own-profile';
import { renderRoutes } from '../test/render';
import { BusinessNav } from './BusinessNav';
import { PATHS } from '../lib/paths';

const routes = [{ path: PATHS.customers, element: <BusinessNav /> }];
const linkNames = () =>
  within(screen.getByRole('navigation', { name: 'Customers and invoices' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

describe('BusinessNav', () => {
  it('offers no creation form to a ROLE_USER', () => {
    primeOwnProfile('ROLE_USER');
    renderRoutes(routes, PATHS.customers);
    expect(linkNames()).toEqual(['Dashboard', 'Customers', 'Invoices']);
  });

  it('offers both creation forms to an administrator', () => {
    primeOwnProfile('ROLE_ADMIN');
    renderRoutes(routes, PATHS.customers);
    expect(linkNames()).toEqual(['Dashboard', 'Customers', 'New Customer', 'Invoices', 'New Invoice']);
    expect(screen.getByRole('link', { name: 'New Invoice' }).getAttribute('href')).toBe(PATHS.newInvoice);
  });

  it('makes no call of its own, and offers the forms only once the role is known', () => {
    const calls = mockApi({});
    renderRoutes(routes, PATHS.customers);
    expect(linkNames()).toEqual(['Dashboard', 'Customers', 'Invoices']);
    expect(calls).toHaveLength(0);
  });
});
