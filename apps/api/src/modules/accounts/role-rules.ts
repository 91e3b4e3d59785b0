/**
 * Who may administer whom. Only ROLE_ADMIN and ROLE_SYSADMIN change roles and account settings (for
 * themselves or another user); nobody acts on an account that outranks theirs or grants a role above
 * their own, so an administrator cannot make themselves system administrator.
 */
import type { RoleName } from '@app/contracts';
import { AppError } from '../../lib/app-error.js';

const RANK: Record<RoleName, number> = { ROLE_USER: 1, ROLE_MANAGER: 2, ROLE_ADMIN: 3, ROLE_SYSADMIN: 4 };

export function isAdministrator(role: RoleName): boolean {
  return RANK[role] >= RANK.ROLE_ADMIN;
}

export function assertMayAdminister(caller: RoleName, target: RoleName, grantedRole?: RoleName): void {
  if (!isAdministrator(caller) || RANK[target] > RANK[caller]) throw AppError.forbidden();
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
