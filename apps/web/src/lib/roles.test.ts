import { describe, expect, it } from 'vitest';
import type { Role } from '@app/contracts';
import {
  assignableRoles,
  grantableRoleNames,
  hasPermission,
  isAdministrator,
  isOwner,
  mayActOnRank,
  permissionList,
  roleLabel,
} from './roles';

const ROLES: Role[] = [
  { id: 4, name: 'ROLE_SYSADMIN', permission: 'READ:USER,DELETE:USER' },
  { id: 1, name: 'ROLE_USER', permission: 'READ:USER,READ:CUSTOMER' },
  { id: 3, name: 'ROLE_ADMIN', permission: 'READ:USER,CREATE:USER' },
  { id: 2, name: 'ROLE_MANAGER', permission: 'READ:USER,UPDATE:USER' },
];

describe('roles', () => {
  it('lets administrators and owners administer, as the server does', () => {
    expect(['ROLE_USER', 'ROLE_MANAGER', 'ROLE_ADMIN', 'ROLE_SYSADMIN'].map(isAdministrator)).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(isAdministrator('ROLE_UNKNOWN')).toBe(false);
    expect(['ROLE_ADMIN', 'ROLE_SYSADMIN'].map(isOwner)).toEqual([false, true]);
  });

  it('offers only the roles not above the caller’s, weakest first', () => {
    expect(assignableRoles('ROLE_ADMIN', ROLES).map((r) => r.name)).toEqual([
      'ROLE_USER',
      'ROLE_MANAGER',
      'ROLE_ADMIN',
    ]);
    expect(assignableRoles('ROLE_SYSADMIN', ROLES)).toHaveLength(4);
    expect(assignableRoles('ROLE_UNKNOWN', ROLES)).toEqual([]);
    expect(grantableRoleNames('ROLE_MANAGER')).toEqual(['ROLE_USER', 'ROLE_MANAGER']);
    expect(grantableRoleNames('ROLE_SYSADMIN')).toEqual([
      'ROLE_USER',
      'ROLE_MANAGER',
      'ROLE_ADMIN',
      'ROLE_SYSADMIN',
    ]);
    expect(grantableRoleNames('ROLE_UNKNOWN')).toEqual([]);
  });

  it('lets no one act on a higher rank, nor on another of their own but for owners, as the server does', () => {
    expect(mayActOnRank('ROLE_ADMIN', 'ROLE_USER')).toBe(true);
    expect(mayActOnRank('ROLE_ADMIN', 'ROLE_MANAGER')).toBe(true);
    expect(mayActOnRank('ROLE_ADMIN', 'ROLE_ADMIN')).toBe(false);
    expect(mayActOnRank('ROLE_ADMIN', 'ROLE_SYSADMIN')).toBe(false);
    expect(mayActOnRank('ROLE_SYSADMIN', 'ROLE_SYSADMIN')).toBe(true);
    expect(mayActOnRank('ROLE_SYSADMIN', 'ROLE_ADMIN')).toBe(true);
    expect(mayActOnRank('ROLE_UNKNOWN', 'ROLE_UNKNOWN')).toBe(false);
  });

  it('names roles and lists permissions for people', () => {
    expect(roleLabel('ROLE_SYSADMIN')).toBe('Owner');
    expect(roleLabel('ROLE_OTHER')).toBe('ROLE_OTHER');
    expect(permissionList(' READ:USER, READ:CUSTOMER ,')).toEqual(['READ:USER', 'READ:CUSTOMER']);
    expect(hasPermission({ permissions: 'READ:USER, CREATE:USER' }, 'CREATE:USER')).toBe(true);
    expect(hasPermission({ permissions: 'READ:USER' }, 'CREATE:USER')).toBe(false);
    expect(hasPermission(undefined, 'READ:USER')).toBe(false);
  });
});
