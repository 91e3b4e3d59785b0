/**
 * The Team page's calls (decision 17): the members of the caller's current organisation and its pending
 * invitations; inviting, revoking, removing a member or leaving; renaming; switching to another organisation.
 * Roles are changed with the seed's PATCH /user/update/role/{role}?userId=, within the same organisation.
 * Rank rules are REFERENCE's (role-rules.ts); an organisation always keeps an active owner.
 */
import { INVITATION_VALID_DAYS, type InviteRequest, type ProfileData, type TeamData } from '@app/contracts';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import {
  type AccountsContext,
  type Caller,
  assertMayAdminister,
  assertMayGrant,
  isAdministrator,
  isOwner,
  addMembership,
  countOtherActiveOwners,
  findMember,
  findUserByEmail,
  findUserById,
  lockMemberships,
  toApiUser,
  createOwnOrganisation,
  organisationOf,
  organisationsOf,
} from '../auth/auth.module.js';
import { LAST_OWNER, noUser, profileOf } from '../profile/profile.module.js';
import { enqueueEmail } from '../outbox/outbox.module.js';
import { invitationEmail } from './invitation-email.js';
import { insertInvitation, pendingInvitationsOf, revokeInvitation } from './invitations.repository.js';
import {
  deleteMembership,
  membersOf,
  renameOrganisation,
  setCurrentOrganisation,
} from './team.repository.js';

/** The caller's organisation with its members; its pending invitations only for those who may invite. */
export async function teamOf(db: Queryable, caller: Caller): Promise<TeamData> {
  const organisationId = caller.user.organisationId;
  const organisation = await organisationOf(db, caller.user.id, organisationId);
  if (!organisation)
    throw new Error(`user ${caller.user.id} is not a member of organisation ${organisationId}`);
  return {
    user: toApiUser(caller.user),
    organisation,
    members: await membersOf(db, organisationId),
    invitations: isAdministrator(caller.user.roleName) ? await pendingInvitationsOf(db, organisationId) : [],
  };
}

export async function invite(
  ctx: AccountsContext,
  caller: Caller,
  request: InviteRequest,
): Promise<TeamData> {
  assertMayGrant(caller.user.roleName, request.roleName);
  const organisationId = caller.user.organisationId;
  const organisation = await organisationOf(ctx.db, caller.user.id, organisationId);
  if (!organisation) throw AppError.forbidden();
  const existing = await findUserByEmail(ctx.db, request.email);
  if (existing && (await findMember(ctx.db, organisationId, existing.id))) {
    throw AppError.badRequest(`${request.email} is already a member of ${organisation.name}`);
  }
  await ctx.db.transaction(async (tx) => {
    const key = await insertInvitation(tx, {
      organisationId,
      email: request.email,
      roleName: request.roleName,
      invitedBy: caller.user.id,
    });
    const email = invitationEmail({
      inviter: `${caller.user.firstName} ${caller.user.lastName}`,
      organisation: organisation.name,
      roleName: request.roleName,
      link: `${ctx.config.publicUrl}/invitation/${key}`,
      validDays: INVITATION_VALID_DAYS,
    });
    await enqueueEmail(tx, { to: request.email, ...email });
  });
  ctx.deliverQueued();
  return teamOf(ctx.db, caller);
}

export async function revoke(ctx: AccountsContext, caller: Caller, invitationId: number): Promise<TeamData> {
  if (!isAdministrator(caller.user.roleName)) throw AppError.forbidden();
  if (!(await revokeInvitation(ctx.db, caller.user.organisationId, invitationId))) {
    throw AppError.notFound(`No pending invitation with ID ${invitationId}`);
  }
  return teamOf(ctx.db, caller);
}

/**
 * Removes a member from the caller's organisation; a member may also remove themselves (leave). The last active
 * owner can do neither. Whoever leaves the organisation they work in is moved to another of theirs, or to a new
 * organisation of their own if they have no other: every user always works in one.
 */
export async function removeMember(ctx: AccountsContext, caller: Caller, userId: number): Promise<TeamData> {
  const organisationId = caller.user.organisationId;
  const target = userId === caller.user.id ? caller.user : await findMember(ctx.db, organisationId, userId);
  if (!target) throw noUser(userId);
  if (target.id !== caller.user.id) assertMayAdminister(caller.user.roleName, target.roleName);
  await ctx.db.transaction(async (tx) => {
    await lockMemberships(tx, organisationId);
    if (isOwner(target.roleName) && (await countOtherActiveOwners(tx, organisationId, target.id)) === 0) {
      throw AppError.badRequest(LAST_OWNER);
    }
    if (target.currentOrganisationId === organisationId) {
      const other = (await organisationsOf(tx, target.id)).find((o) => o.id !== organisationId);
      const next = other?.id ?? (await createOwnOrganisationFor(tx, target));
      await setCurrentOrganisation(tx, target.id, next);
    }
    await deleteMembership(tx, organisationId, target.id);
  });
  // Having left, the caller sees the team of the organisation they were moved to.
  return target.id === caller.user.id ? teamAfterLeaving(ctx.db, caller) : teamOf(ctx.db, caller);
}

async function createOwnOrganisationFor(
  tx: Queryable,
  user: { id: number; firstName: string; lastName: string },
): Promise<number> {
  const organisationId = await createOwnOrganisation(tx, user);
  await addMembership(tx, { organisationId, userId: user.id, roleName: 'ROLE_SYSADMIN' });
  return organisationId;
}

async function teamAfterLeaving(db: Queryable, caller: Caller): Promise<TeamData> {
  const user = await findUserById(db, caller.user.id);
  if (!user) throw noUser(caller.user.id);
  return teamOf(db, { ...caller, user, permissions: new Set(user.permissions.split(',')) });
}

/** Owners rename their organisation. */
export async function rename(ctx: AccountsContext, caller: Caller, name: string): Promise<TeamData> {
  if (!isOwner(caller.user.roleName)) throw AppError.forbidden();
  await renameOrganisation(ctx.db, caller.user.organisationId, name);
  return teamOf(ctx.db, caller);
}

/** The caller now works in another of their organisations; another organisation's id is "not found". */
export async function switchOrganisation(
  ctx: AccountsContext,
  caller: Caller,
  organisationId: number,
): Promise<ProfileData> {
  if (!(await setCurrentOrganisation(ctx.db, caller.user.id, organisationId))) {
    throw AppError.notFound(`No organisation with ID ${organisationId}`);
  }
  return profileOf(ctx.db, caller.user.id);
}
