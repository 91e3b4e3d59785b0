import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { assertMayAdminister, assertMayEditProfileOf } from './role-rules.js';

const refused = (run: () => void) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError && error.statusCode === 403;
  }
  return false;
};

describe('assertMayAdminister', () => {
  it('lets only administrators change roles and settings', () => {
    expect(refused(() => assertMayAdminister('ROLE_USER', 'ROLE_USER'))).toBe(true);
    expect(refused(() => assertMayAdminister('ROLE_MANAGER', 'ROLE_USER'))).toBe(true);
    expect(refused(() => assertMayAdminister('ROLE_ADMIN', 'ROLE_USER', 'ROLE_MANAGER'))).toBe(false);
    expect(refused(() => assertMayAdminister('ROLE_SYSADMIN', 'ROLE_ADMIN', 'ROLE_SYSADMIN'))).toBe(false);
  });

  it('never lets an administrator act above their own rank', () => {
    expect(refused(() => assertMayAdminister('ROLE_ADMIN', 'ROLE_SYSADMIN'))).toBe(true);
    expect(refused(() => assertMayAdminister('ROLE_ADMIN', 'ROLE_ADMIN', 'ROLE_SYSADMIN'))).toBe(true);
    expect(refused(() => assertMayAdminister('ROLE_ADMIN', 'ROLE_ADMIN', 'ROLE_ADMIN', true))).toBe(false);
  });

  it('never lets an administrator demote, disable or change another of equal rank; owners manage each other', () => {
    expect(refused(() => assertMayAdminister('ROLE_ADMIN', 'ROLE_ADMIN'))).toBe(true);
    expect(refused(() => assertMayAdminister('ROLE_ADMIN', 'ROLE_ADMIN', 'ROLE_USER'))).toBe(true);
    expect(refused(() => assertMayAdminister('ROLE_ADMIN', 'ROLE_MANAGER', 'ROLE_USER'))).toBe(false);
    expect(refused(() => assertMayAdminister('ROLE_SYSADMIN', 'ROLE_SYSADMIN', 'ROLE_ADMIN'))).toBe(false);
  });
});

describe('assertMayEditProfileOf', () => {
  const caller = (
    roleName: 'ROLE_USER' | 'ROLE_MANAGER' | 'ROLE_ADMIN' | 'ROLE_SYSADMIN',
    permissions: string[],
  ) => ({
    roleName,
    permissions: new Set(permissions),
  });

  it('needs UPDATE:USER and a higher role, or system administrator', () => {
    expect(refused(() => assertMayEditProfileOf(caller('ROLE_USER', ['READ:USER']), 'ROLE_USER'))).toBe(true);
    expect(refused(() => assertMayEditProfileOf(caller('ROLE_MANAGER', ['UPDATE:USER']), 'ROLE_USER'))).toBe(
      false,
    );
    expect(
      refused(() => assertMayEditProfileOf(caller('ROLE_MANAGER', ['UPDATE:USER']), 'ROLE_MANAGER')),
    ).toBe(true);
    expect(
      refused(() => assertMayEditProfileOf(caller('ROLE_SYSADMIN', ['UPDATE:USER']), 'ROLE_SYSADMIN')),
    ).toBe(false);
  });
});
