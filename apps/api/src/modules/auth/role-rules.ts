/**
 * Who may administer whom. Only ROLE_ADMIN and ROLE_SYSADMIN change roles and account settings (for
 * themselves or another user); nobody grants a role above their own, so an administrator cannot make themselves
 * system administrator, and an administrator acts on no other account of equal or higher rank (one administrator
 * cannot demote, disable or lock another). Owners (system administrators) are the exception among themselves:
 * an organisation's owners manage each other, and the last-owner rule keeps one.
 */
import type { RoleName } from '@app/contracts';
import { AppError } from '../../lib/app-error.js';

const RANK: Record<RoleName, number> = { ROLE_USER: 1, ROLE_MANAGER: 2, ROLE_ADMIN: 3, ROLE_SYSADMIN: 4 };

export function isAdministrator(role: RoleName): boolean {
  return RANK[role] >= RANK.ROLE_ADMIN;
}

export function assertMayAdminister(
  caller: RoleName,
  target: RoleName,
  grantedRole?: RoleName,
  onSelf = false,
): void {
  const outranked = onSelf || isOwner(caller) ? RANK[target] > RANK[caller] : RANK[target] >= RANK[caller];
  if (!isAdministrator(caller) || outranked) throw AppError.forbidden();
  if (grantedRole && RANK[grantedRole] > RANK[caller]) throw AppError.forbidden();
}

/** Editing another user's profile (including their e-mail) needs UPDATE:USER and a higher role, or system administrator. */
export function assertMayEditProfileOf(
  caller: { roleName: RoleName; permissions: ReadonlySet<string> },
  target: RoleName,
) {
  const outranks = RANK[caller.roleName] > RANK[target] || caller.roleName === 'ROLE_SYSADMIN';
  if (!caller.permissions.has('UPDATE:USER') || !outranks) throw AppError.forbidden();
}

/** Owners (system administrators) of an organisation: there is always at least one active. */
export function isOwner(role: RoleName): boolean {
  return role === 'ROLE_SYSADMIN';
}

/** Inviting someone with a role: an administrator, granting no role above their own. */
export function assertMayGrant(caller: RoleName, grantedRole: RoleName): void {
  if (!isAdministrator(caller) || RANK[grantedRole] > RANK[caller]) throw AppError.forbidden();
}
