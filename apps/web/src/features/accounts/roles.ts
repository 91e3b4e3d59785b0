/**
 * The roles as the profile screen offers them. The server decides (apps/api role-rules.ts); these mirror
 * its rules so the screen only offers what it would accept: ROLE_ADMIN and ROLE_SYSADMIN administer, and
 * nobody grants a role above their own.
 */
import type { Role, RoleName } from '@app/contracts';

/** From the least to the most powerful (REFERENCE §1: each role has the permissions of the one before). */
export const ROLE_RANK: Record<RoleName, number> = {
  ROLE_USER: 1,
  ROLE_MANAGER: 2,
  ROLE_ADMIN: 3,
  ROLE_SYSADMIN: 4,
};

const LABELS: Record<RoleName, string> = {
  ROLE_USER: 'User',
  ROLE_MANAGER: 'Manager',
  ROLE_ADMIN: 'Administrator',
  ROLE_SYSADMIN: 'System administrator',
};

/** The name a person reads; an unknown role name (a newer server) is shown as sent. */
export function roleLabel(role: string): string {
  return LABELS[role as RoleName] ?? role;
}

/** Whether the role may change roles and account settings (for oneself or another user). */
export function isAdministrator(role: string): boolean {
  return (ROLE_RANK[role as RoleName] ?? 0) >= ROLE_RANK.ROLE_ADMIN;
}

/** The roles the caller may grant: none above their own, from the least to the most powerful. */
export function assignableRoles(callerRole: string, roles: readonly Role[]): Role[] {
  const ceiling = ROLE_RANK[callerRole as RoleName] ?? 0;
  return roles
    .filter((role) => (ROLE_RANK[role.name] ?? Infinity) <= ceiling)
    .sort((a, b) => ROLE_RANK[a.name] - ROLE_RANK[b.name]);
}

/** "READ:USER,READ:CUSTOMER" → ["READ:USER", "READ:CUSTOMER"]. */
export function permissionList(permissions: string): string[] {
  return permissions
    .split(',')
    .map((permission) => permission.trim())
    .filter(Boolean);
}
