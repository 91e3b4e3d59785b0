import { describe, expect, it } from 'vitest';
import { canCreateCustomersAndInvoices, canEditCustomers, creationRefusal } from './permissions';

const USER = 'READ:USER,READ:CUSTOMER';
const MANAGER = 'READ:USER,READ:CUSTOMER,UPDATE:USER,UPDATE:CUSTOMER';
const ADMIN = `${MANAGER},CREATE:USER,CREATE:CUSTOMER`;

describe('canEditCustomers', () => {
  it('refuses ROLE_USER, and no one before the user is known', () => {
    expect(canEditCustomers({ roleName: 'ROLE_USER', permissions: USER })).toBe(false);
    expect(canEditCustomers(undefined)).toBe(false);
  });

  it('lets managers and above edit', () => {
    expect(canEditCustomers({ roleName: 'ROLE_MANAGER', permissions: MANAGER })).toBe(true);
    expect(canEditCustomers({ roleName: 'ROLE_SYSADMIN', permissions: `${MANAGER}, DELETE:CUSTOMER` })).toBe(
      true,
    );
  });

  it('refuses a role without UPDATE:CUSTOMER', () => {
    expect(canEditCustomers({ roleName: 'ROLE_MANAGER', permissions: 'READ:CUSTOMER' })).toBe(false);
  });
});

describe('canCreateCustomersAndInvoices', () => {
  it('lets only the roles with CREATE:CUSTOMER create', () => {
    expect(canCreateCustomersAndInvoices({ roleName: 'ROLE_USER', permissions: USER })).toBe(false);
    expect(canCreateCustomersAndInvoices({ roleName: 'ROLE_MANAGER', permissions: MANAGER })).toBe(false);
    expect(canCreateCustomersAndInvoices({ roleName: 'ROLE_ADMIN', permissions: ADMIN })).toBe(true);
    expect(canCreateCustomersAndInvoices(undefined)).toBe(false);
  });

  it('says which role cannot, and whom to ask', () => {
    expect(creationRefusal({ roleName: 'ROLE_USER' }, 'customers', 'Coran-Hadith, Inc.')).toBe(
      'Your role (User) cannot create customers; ask an administrator of Coran-Hadith, Inc.',
    );
    expect(creationRefusal({ roleName: 'ROLE_MANAGER' }, 'invoices', 'Atelier Lumière')).toBe(
      'Your role (Manager) cannot create invoices; ask an administrator of Atelier Lumière.',
    );
  });
});
