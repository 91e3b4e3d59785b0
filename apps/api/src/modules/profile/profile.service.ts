/** The signed-in user's own account: profile, password, MFA, picture; and what administrators change. */
import type {
  ProfileData,
  RoleName,
  StepUp,
  UpdatePasswordRequest,
  UpdateSettingsRequest,
  UpdateUserRequest,
} from '@app/contracts';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import {
  type AccountsContext,
  type Caller,
  recentEvents,
  recordEvent,
  type RequestOrigin,
  emailChangeEmail,
  assertPasswordStrongEnough,
  hashPassword,
  assertPhoneProof,
  assertStepUp,
  PASSWORDS_DIFFER,
  assertMayAdminister,
  assertMayEditProfileOf,
  countOtherActiveOwners,
  EMAIL_IN_USE,
  findMember,
  findUserByEmail,
  findUserById,
  listRoles,
  lockMemberships,
  setUserRole,
  toApiUser,
  updateUser,
  type UserRecord,
  sendChangeNotice,
  consumeEmailChange,
  createEmailChange,
  pendingEmailOf,
  belongsElsewhere,
  organisationsOf,
} from '../auth/auth.module.js';
import { enqueueEmail } from '../outbox/outbox.module.js';

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
    ...(sharedOrganisationId === undefined ? { pendingEmail: await pendingEmailOf(db, userId) } : {}),
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
  const { id, currentPassword, code, email, ...fields } = changes;
  const newAddress = sameAddress(email, target.email) ? undefined : email;
  const phoneChanges = (changes.phone ?? null) !== target.phone;
  if (target.id !== caller.user.id && (newAddress || phoneChanges)) throw AppError.forbidden(OWNER_ONLY);
  // A new number is proven by a code sent to it when the factor is turned on again (toggleMfa): a login must
  // never ask for a code sent to a phone that was not shown to receive it.
  if (target.usingMfa && phoneChanges) throw AppError.badRequest(PHONE_HELD_BY_MFA);
  if (newAddress || phoneChanges) await assertStepUp(ctx, caller, { currentPassword, code });
  if (newAddress && (await findUserByEmail(ctx.db, newAddress))) throw AppError.badRequest(EMAIL_IN_USE);
  const answer = await ctx.db.transaction(async (tx) => {
    // A change of case only is the same address: it needs no confirmation.
    await updateUser(tx, id, newAddress ? fields : { ...fields, email });
    if (newAddress) await requestEmailChange(ctx, tx, target, newAddress);
    if (phoneChanges) await sendChangeNotice(ctx, tx, target, 'PHONE');
    await recordEvent(tx, id, 'PROFILE_UPDATE', origin);
    return profileOf(tx, id, sharedWith(caller, id));
  });
  ctx.deliverQueued();
  return answer;
}

export const PHONE_HELD_BY_MFA =
  'Turn off Multi-Factor Authentication before changing or removing the phone number';

export const OWNER_ONLY = "Only the account's owner can change its e-mail address or phone number.";

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * A new address takes effect only once its owner opens the link sent to it (confirmEmailChange): an address
 * typed wrong, or an attacker's, never receives the account's mail unconfirmed.
 */
async function requestEmailChange(
  ctx: AccountsContext,
  tx: Queryable,
  user: { id: number; firstName: string },
  newEmail: string,
): Promise<void> {
  const hours = ctx.config.auth.accountLinkHours;
  const key = await createEmailChange(tx, user.id, newEmail, hours * 60);
  const link = `${ctx.config.publicUrl}/user/verify/email/${key}`;
  await enqueueEmail(tx, { to: newEmail, ...emailChangeEmail(user.firstName, link, hours) });
}

export const EMAIL_CHANGE_NOT_VALID = 'This link is not valid, has expired or was already used.';

/** The new address's owner opened the link: the account takes it, and its former address is told so. */
export async function confirmEmailChange(
  ctx: AccountsContext,
  key: string,
  origin: RequestOrigin,
): Promise<{ message: string }> {
  await ctx.db.transaction(async (tx) => {
    const change = await consumeEmailChange(tx, key);
    const user = change && (await findUserById(tx, change.userId));
    if (!change || !user) throw AppError.badRequest(EMAIL_CHANGE_NOT_VALID);
    await updateUser(tx, user.id, { email: change.newEmail });
    await sendChangeNotice(ctx, tx, user, 'EMAIL');
    await recordEvent(tx, user.id, 'PROFILE_UPDATE', origin);
  });
  ctx.deliverQueued();
  return { message: 'Email address confirmed' };
}

export async function updatePassword(
  ctx: AccountsContext,
  caller: Caller,
  request: UpdatePasswordRequest,
  origin: RequestOrigin,
): Promise<ProfileData> {
  if (request.newPassword !== request.confirmNewPassword) throw AppError.badRequest(PASSWORDS_DIFFER);
  // Before the step-up, so a refused password neither counts as a guess nor uses up a code.
  await assertPasswordStrongEnough(request.newPassword, caller.user);
  await assertStepUp(ctx, caller, request);
  const passwordHash = await hashPassword(request.newPassword);
  const answer = await ctx.db.transaction(async (tx) => {
    await updateUser(tx, caller.user.id, { passwordHash });
    // Other devices signed in with the old password are signed out; this one stays.
    await ctx.sessions.revokeAllOf(tx, caller.user.id, caller.sessionId);
    await sendChangeNotice(ctx, tx, caller.user, 'PASSWORD');
    await recordEvent(tx, caller.user.id, 'PASSWORD_UPDATE', origin);
    return profileOf(tx, caller.user.id);
  });
  ctx.deliverQueued();
  return answer;
}

/**
 * Turning the SMS code on needs the password and a code sent to the phone (the phone is proven); turning it off
 * needs the password and the code of the second factor (step-up.ts).
 */
export async function toggleMfa(
  ctx: AccountsContext,
  caller: Caller,
  stepUp: StepUp,
  origin: RequestOrigin,
): Promise<ProfileData> {
  if (!caller.user.phone) {
    throw AppError.badRequest('You need a phone number to change Multi-Factor Authentication');
  }
  if (caller.user.usingMfa) await assertStepUp(ctx, caller, stepUp);
  else await assertPhoneProof(ctx, caller, stepUp);
  const answer = await ctx.db.transaction(async (tx) => {
    await updateUser(tx, caller.user.id, { usingMfa: !caller.user.usingMfa });
    await sendChangeNotice(ctx, tx, caller.user, 'MFA');
    await recordEvent(tx, caller.user.id, 'MFA_UPDATE', origin);
    return profileOf(tx, caller.user.id);
  });
  ctx.deliverQueued();
  return answer;
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
  assertMayAdminister(caller.user.roleName, target.roleName, roleName, target.id === caller.user.id);
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
  assertMayAdminister(caller.user.roleName, target.roleName, undefined, target.id === caller.user.id);
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
