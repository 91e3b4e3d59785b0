/**
 * The roles as the screens offer them. The server decides (apps/api role-rules.ts); these mirror its rules
 * so a screen only offers what it would accept: ROLE_ADMIN and ROLE_SYSADMIN administer, nobody grants a
 * role above their own nor acts on someone of higher rank. A role is held in an organisation (decision 17):
 * `user.roleName` and `user.permissions` are the user's in their current one.
 */
import type { Permission, Role, RoleName } from '@app/contracts';

/** From the least to the most powerful (REFERENCE §1: each role has the permissions of the one before). */
export const ROLE_RANK: Record<RoleName, number> = {
  ROLE_USER: 1,
  ROLE_MANAGER: 2,
  ROLE_ADMIN: 3,
  ROLE_SYSADMIN: 4,
};

/** ROLE_SYSADMIN is an organisation's owner (decision 17): the word its invitation e-mail uses too. */
const LABELS: Record<RoleName, string> = {
  ROLE_USER: 'User',
  ROLE_MANAGER: 'Manager',
  ROLE_ADMIN: 'Administrator',
  ROLE_SYSADMIN: 'Owner',
};

/** The name a person reads; an unknown role name (a newer server) is shown as sent. */
export function roleLabel(role: string): string {
  return LABELS[role as RoleName] ?? role;
}

function rankOf(role: string): number {
  return ROLE_RANK[role as RoleName] ?? 0;
}

/** Whether the role may change roles and account settings (for oneself or another user). */
export function isAdministrator(role: string): boolean {
  return rankOf(role) >= ROLE_RANK.ROLE_ADMIN;
}

/** Whether the role owns its organisation: renames it, and is the rank no one can be above. */
export function isOwner(role: string): boolean {
  return role === 'ROLE_SYSADMIN';
}

/**
 * Whether someone of role `actor` may act on another person of role `target`: never on a higher rank, nor on
 * another of their own rank (one administrator cannot demote or sign out another), except owners, who manage
 * each other (apps/api role-rules.ts assertMayAdminister).
 */
export function mayActOnRank(actor: string, target: string): boolean {
  if (rankOf(actor) === 0 || rankOf(target) === 0) return false;
  return isOwner(actor) ? rankOf(target) <= rankOf(actor) : rankOf(target) < rankOf(actor);
}

/** The roles the caller may grant: none above their own, from the least to the most powerful. */
export function assignableRoles(callerRole: string, roles: readonly Role[]): Role[] {
  const ceiling = rankOf(callerRole);
  return roles
    .filter((role) => (ROLE_RANK[role.name] ?? Infinity) <= ceiling)
    .sort((a, b) => ROLE_RANK[a.name] - ROLE_RANK[b.name]);
}

/**
 * The names of the roles the caller may grant, weakest first: for the screens whose answer does not list
 * the roles with their permissions (the Team page, an invitation).
 */
export function grantableRoleNames(callerRole: string): RoleName[] {
  const ceiling = rankOf(callerRole);
  return (Object.keys(ROLE_RANK) as RoleName[])
    .filter((role) => ROLE_RANK[role] <= ceiling)
    .sort((a, b) => ROLE_RANK[a] - ROLE_RANK[b]);
}

/** "READ:USER,READ:CUSTOMER" → ["READ:USER", "READ:CUSTOMER"]. */
export function permissionList(permissions: string): string[] {
  return permissions
    .split(',')
    .map((permission) => permission.trim())
    .filter(Boolean);
}

/** Whether a user's comma-separated permissions include one. */
export function hasPermission(user: { permissions: string } | undefined, permission: Permission): boolean {
  return user !== undefined && permissionList(user.permissions).includes(permission);
}
