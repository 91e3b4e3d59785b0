/** The signed-in user's own account: profile, password, MFA, picture; and what administrators change. */
import type {
  ProfileData,
  RoleName,
  UpdatePasswordRequest,
  UpdateSettingsRequest,
  UpdateUserRequest,
} from '@app/contracts';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { AccountsContext } from './accounts-context.js';
import type { Caller } from './auth-guard.js';
import { recentEvents, recordEvent, type RequestOrigin } from './events.repository.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { PASSWORDS_DIFFER } from './password-reset.service.js';
import { assertMayAdminister, assertMayEditProfileOf } from './role-rules.js';
import {
  countOtherActiveSysadmins,
  findUserById,
  listRoles,
  lockRoleAssignments,
  setUserRole,
  toApiUser,
  updateUser,
  type UserRecord,
} from './users.repository.js';

export async function profileOf(db: Queryable, userId: number): Promise<ProfileData> {
  const user = await findUserById(db, userId);
  if (!user) throw AppError.notFound(`No user with ID ${userId}`);
  return { user: toApiUser(user), events: await recentEvents(db, userId), roles: await listRoles(db) };
}

async function targetOf(db: Queryable, caller: Caller, userId: number | undefined): Promise<UserRecord> {
  if (userId === undefined || userId === caller.user.id) return caller.user;
  const target = await findUserById(db, userId);
  if (!target) throw AppError.notFound(`No user with ID ${userId}`);
  return target;
}

export async function updateProfile(
  ctx: AccountsContext,
  caller: Caller,
  changes: UpdateUserRequest,
  origin: RequestOrigin,
): Promise<ProfileData> {
  const target = await targetOf(ctx.db, caller, changes.id);
  if (target.id !== caller.user.id)
    assertMayEditProfileOf({ ...caller.user, permissions: caller.permissions }, target.roleName);
  if (target.usingMfa && !changes.phone) {
    throw AppError.badRequest('Turn off Multi-Factor Authentication before removing the phone number');
  }
  return ctx.db.transaction(async (tx) => {
    const { id, ...fields } = changes;
    await updateUser(tx, id, fields);
    await recordEvent(tx, id, 'PROFILE_UPDATE', origin);
    return profileOf(tx, id);
  });
}

export async function updatePassword(
  ctx: AccountsContext,
  caller: Caller,
  request: UpdatePasswordRequest,
  origin: RequestOrigin,
): Promise<ProfileData> {
  if (request.newPassword !== request.confirmNewPassword) throw AppError.badRequest(PASSWORDS_DIFFER);
  if (!(await verifyPassword(caller.user.passwordHash, request.currentPassword))) {
    throw AppError.badRequest('Incorrect current password. Please try again.');
  }
  const passwordHash = await hashPassword(request.newPassword);
  return ctx.db.transaction(async (tx) => {
    await updateUser(tx, caller.user.id, { passwordHash });
    // Other devices signed in with the old password are signed out; this one stays.
    await ctx.sessions.revokeAllOf(tx, caller.user.id, caller.sessionId);
    await recordEvent(tx, caller.user.id, 'PASSWORD_UPDATE', origin);
    return profileOf(tx, caller.user.id);
  });
}

export async function toggleMfa(
  ctx: AccountsContext,
  caller: Caller,
  origin: RequestOrigin,
): Promise<ProfileData> {
  if (!caller.user.phone) {
    throw AppError.badRequest('You need a phone number to change Multi-Factor Authentication');
  }
  return ctx.db.transaction(async (tx) => {
    await updateUser(tx, caller.user.id, { usingMfa: !caller.user.usingMfa });
    await recordEvent(tx, caller.user.id, 'MFA_UPDATE', origin);
    return profileOf(tx, caller.user.id);
  });
}

const LAST_SYSADMIN = 'The last active system administrator cannot lose that role or be disabled or locked.';

export async function updateRole(
  ctx: AccountsContext,
  caller: Caller,
  roleName: RoleName,
  userId: number | undefined,
  origin: RequestOrigin,
): Promise<ProfileData> {
  const target = await targetOf(ctx.db, caller, userId);
  assertMayAdminister(caller.user.roleName, target.roleName, roleName);
  return ctx.db.transaction(async (tx) => {
    await lockRoleAssignments(tx);
    const demotesSysadmin = target.roleName === 'ROLE_SYSADMIN' && roleName !== 'ROLE_SYSADMIN';
    if (demotesSysadmin && (await countOtherActiveSysadmins(tx, target.id)) === 0) {
      throw AppError.badRequest(LAST_SYSADMIN);
    }
    await setUserRole(tx, target.id, roleName);
    await recordEvent(tx, target.id, 'ROLE_UPDATE', origin);
    return profileOf(tx, target.id);
  });
}

export async function updateSettings(
  ctx: AccountsContext,
  caller: Caller,
  settings: UpdateSettingsRequest,
  userId: number | undefined,
  origin: RequestOrigin,
): Promise<ProfileData> {
  const target = await targetOf(ctx.db, caller, userId);
  assertMayAdminister(caller.user.roleName, target.roleName);
  return ctx.db.transaction(async (tx) => {
    await lockRoleAssignments(tx);
    const sidelinesSysadmin =
      target.roleName === 'ROLE_SYSADMIN' && (!settings.enabled || !settings.notLocked);
    if (sidelinesSysadmin && (await countOtherActiveSysadmins(tx, target.id)) === 0) {
      throw AppError.badRequest(LAST_SYSADMIN);
    }
    await updateUser(tx, target.id, settings);
    // A disabled or locked account is signed out everywhere: if it was locked because someone else had
    // got in, giving it back later must not revive their sessions.
    if (!settings.enabled || !settings.notLocked) await ctx.sessions.revokeAllOf(tx, target.id);
    await recordEvent(tx, target.id, 'ACCOUNT_SETTINGS_UPDATE', origin);
    return profileOf(tx, target.id);
  });
}
