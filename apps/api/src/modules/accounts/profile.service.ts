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
import { guess, userSubject } from './guess-limits.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { PASSWORDS_DIFFER } from './password-reset.service.js';
import { assertMayAdminister, assertMayEditProfileOf } from './role-rules.js';
import { belongsElsewhere, organisationsOf } from '../organisations/organisations.repository.js';
import {
  countOtherActiveOwners,
  findMember,
  findUserById,
  listRoles,
  lockMemberships,
  setUserRole,
  toApiUser,
  updateUser,
  type UserRecord,
} from './users.repository.js';

export const noUser = (id: number) => AppError.notFound(`No user with ID ${id}`);

/**
 * A user's profile. Their own: their role and organisation are those they work in now, and all their organisations
 * are listed. Another member's, as an administrator of `sharedOrganisationId` sees it: their role there, and only
 * that organisation (their others are none of the administrator's business).
 */
export async function profileOf(
  db: Queryable,
  userId: number,
  sharedOrganisationId?: number,
): Promise<ProfileData> {
  const user =
    sharedOrganisationId === undefined
      ? await findUserById(db, userId)
      : await findMember(db, sharedOrganisationId, userId);
  if (!user) throw noUser(userId);
  const organisations = (await organisationsOf(db, userId)).filter(
    (o) => sharedOrganisationId === undefined || o.id === sharedOrganisationId,
  );
  const organisation = organisations.find((o) => o.id === user.organisationId);
  if (!organisation) throw new Error(`user ${userId} is not a member of organisation ${user.organisationId}`);
  return {
    user: toApiUser(user),
    events: await recentEvents(db, userId),
    roles: await listRoles(db),
    organisation,
    organisations,
  };
}

/**
 * The user an administrator's call is about: the caller, or another member of the caller's current organisation
 * with their role there. Anyone else is "no user" (404), so other organisations' people cannot be found by id.
 */
async function targetOf(db: Queryable, caller: Caller, userId: number | undefined): Promise<UserRecord> {
  if (userId === undefined || userId === caller.user.id) return caller.user;
  const target = await findMember(db, caller.user.organisationId, userId);
  if (!target) throw noUser(userId);
  return target;
}

export const ACCOUNT_NOT_YOURS =
  'This account also belongs to other organisations, so only its owner can change it. ' +
  'You can change its role in your organisation, or remove it from your organisation.';

/**
 * What an administrator changes on another member's account itself (its details, whether it may log in) acts in
 * every organisation it belongs to. So it is allowed only on accounts that belong to the administrator's
 * organisation alone: one organisation's administrator never changes what another organisation relies on.
 */
async function assertAccountIsOnlyIn(db: Queryable, target: UserRecord, organisationId: number) {
  if (await belongsElsewhere(db, target.id, organisationId)) throw AppError.forbidden(ACCOUNT_NOT_YOURS);
}

/** The organisation whose view of `userId` the caller gets: none for themselves, their current one for others. */
const sharedWith = (caller: Caller, userId: number) =>
  userId === caller.user.id ? undefined : caller.user.organisationId;

export async function updateProfile(
  ctx: AccountsContext,
  caller: Caller,
  changes: UpdateUserRequest,
  origin: RequestOrigin,
): Promise<ProfileData> {
  const target = await targetOf(ctx.db, caller, changes.id);
  if (target.id !== caller.user.id) {
    assertMayEditProfileOf({ ...caller.user, permissions: caller.permissions }, target.roleName);
    await assertAccountIsOnlyIn(ctx.db, target, caller.user.organisationId);
  }
  if (target.usingMfa && !changes.phone) {
    throw AppError.badRequest('Turn off Multi-Factor Authentication before removing the phone number');
  }
  return ctx.db.transaction(async (tx) => {
    const { id, ...fields } = changes;
    await updateUser(tx, id, fields);
    await recordEvent(tx, id, 'PROFILE_UPDATE', origin);
    return profileOf(tx, id, sharedWith(caller, id));
  });
}

/**
 * The caller re-entered their password to change the account: checked within the account's limit of wrong
 * current passwords (guess-limits.ts), so a stolen session cannot use this check to guess it.
 */
export async function assertCurrentPassword(
  ctx: AccountsContext,
  caller: Caller,
  password: string,
): Promise<void> {
  const { lockoutMinutes } = ctx.config.auth;
  const outcome = await guess(ctx.db, 'CURRENT_PASSWORD', userSubject(caller.user.id), lockoutMinutes, () =>
    verifyPassword(caller.user.passwordHash, password),
  );
  if (outcome === 'locked') {
    throw new AppError(429, `Too many wrong passwords. Please try again in ${lockoutMinutes} minutes.`);
  }
  if (outcome !== 'right') throw AppError.badRequest('Incorrect current password. Please try again.');
}

export async function updatePassword(
  ctx: AccountsContext,
  caller: Caller,
  request: UpdatePasswordRequest,
  origin: RequestOrigin,
): Promise<ProfileData> {
  if (request.newPassword !== request.confirmNewPassword) throw AppError.badRequest(PASSWORDS_DIFFER);
  await assertCurrentPassword(ctx, caller, request.currentPassword);
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

export const LAST_OWNER =
  "The organisation's last active owner (system administrator) cannot lose that role, leave, or be disabled or locked.";

export async function updateRole(
  ctx: AccountsContext,
  caller: Caller,
  roleName: RoleName,
  userId: number | undefined,
  origin: RequestOrigin,
): Promise<ProfileData> {
  const target = await targetOf(ctx.db, caller, userId);
  assertMayAdminister(caller.user.roleName, target.roleName, roleName);
  const organisationId = caller.user.organisationId;
  return ctx.db.transaction(async (tx) => {
    await lockMemberships(tx, organisationId);
    const demotesOwner = target.roleName === 'ROLE_SYSADMIN' && roleName !== 'ROLE_SYSADMIN';
    if (demotesOwner && (await countOtherActiveOwners(tx, organisationId, target.id)) === 0) {
      throw AppError.badRequest(LAST_OWNER);
    }
    await setUserRole(tx, organisationId, target.id, roleName);
    await recordEvent(tx, target.id, 'ROLE_UPDATE', origin);
    return profileOf(tx, target.id, sharedWith(caller, target.id));
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
  const organisationId = caller.user.organisationId;
  if (target.id !== caller.user.id) await assertAccountIsOnlyIn(ctx.db, target, organisationId);
  return ctx.db.transaction(async (tx) => {
    await lockMemberships(tx, organisationId);
    const sidelinesOwner = target.roleName === 'ROLE_SYSADMIN' && (!settings.enabled || !settings.notLocked);
    if (sidelinesOwner && (await countOtherActiveOwners(tx, organisationId, target.id)) === 0) {
      throw AppError.badRequest(LAST_OWNER);
    }
    await updateUser(tx, target.id, settings);
    // A disabled or locked account is signed out everywhere: if it was locked because someone else had
    // got in, giving it back later must not revive their sessions.
    if (!settings.enabled || !settings.notLocked) await ctx.sessions.revokeAllOf(tx, target.id);
    await recordEvent(tx, target.id, 'ACCOUNT_SETTINGS_UPDATE', origin);
    return profileOf(tx, target.id, sharedWith(caller, target.id));
  });
}
