/**
 * The administration part of the profile screen, as pure functions: which account a change goes to, and
 * which changes an administrator makes to their own account that deserve a second thought before the call.
 */
import type { RoleName, UpdateSettingsRequest } from '@app/contracts';
import { isAdministrator, ROLE_RANK } from '../../lib/roles';

/** A user ID as typed: a positive whole number, or undefined. */
export function parseUserId(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^[0-9]{1,15}$/.test(trimmed)) return undefined;
  const id = Number(trimmed);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** Why to stop and confirm before giving oneself `next` instead of `current`, or undefined if it is harmless. */
export function ownRoleChangeWarning(current: RoleName, next: RoleName): string | undefined {
  if (ROLE_RANK[next] >= ROLE_RANK[current]) return undefined;
  if (!isAdministrator(next)) {
    return 'You will lose access to administration at once. Only another administrator can give your role back.';
  }
  return 'You cannot give yourself a higher role back. Only an owner can.';
}

/** Why to stop and confirm before saving these settings on one's own account, or undefined. */
export function ownSettingsWarning(next: UpdateSettingsRequest): string | undefined {
  if (next.enabled && next.notLocked) return undefined;
  const what =
    !next.enabled && !next.notLocked ? 'disabled and locked' : !next.enabled ? 'disabled' : 'locked';
  return `Your own account will be ${what}: you will be signed out on every device, including this one, and only another administrator can let you back in.`;
}

/** "enabled, not locked" as a person reads it. */
export function describeSettings(settings: UpdateSettingsRequest): string {
  return `${settings.enabled ? 'enabled' : 'disabled'}, ${settings.notLocked ? 'not locked' : 'locked'}`;
}
