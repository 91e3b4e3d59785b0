import { describe, expect, it } from 'vitest';
import { canEditCustomers } from './permissions';

describe('canEditCustomers', () => {
  it('refuses ROLE_USER, and no one before the user is known', () => {
    expect(canEditCustomers({ roleName: 'ROLE_USER', permissions: 'READ:USER,READ:CUSTOMER' })).toBe(false);
    expect(canEditCustomers(undefined)).toBe(false);
  });

  it('lets managers and above edit', () => {
    const manager = 'READ:USER,READ:CUSTOMER,UPDATE:USER,UPDATE:CUSTOMER';
    expect(canEditCustomers({ roleName: 'ROLE_MANAGER', permissions: manager })).toBe(true);
    expect(canEditCustomers({ roleName: 'ROLE_SYSADMIN', permissions: `${manager}, DELETE:CUSTOMER` })).toBe(
      true,
    );
  });

  it('refuses a role without UPDATE:CUSTOMER', () => {
    expect(canEditCustomers({ roleName: 'ROLE_MANAGER', permissions: 'READ:CUSTOMER' })).toBe(false);
  });
});
