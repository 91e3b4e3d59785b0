/**
 * An invitation's link, from the invited person's side (decision 17): what it invites to, joining with the account
 * of the invited address, or creating that account from the link (the link proves the address, so the account
 * needs no other confirmation). The link works once and expires.
 */
import type { InvitationData, InvitationSignUp, ProfileData, User } from '@app/contracts';
import { AppError } from '../../lib/app-error.js';
import {
  type AccountsContext,
  type Caller,
  assertPasswordStrongEnough,
  hashPassword,
  addMembership,
  findMember,
  findUserByEmail,
  insertUser,
  toApiUser,
} from '../auth/auth.module.js';
import { profileOf } from '../profile/profile.module.js';
import { acceptInvitation, usableInvitation, type InvitationRecord } from './invitations.repository.js';
import { setCurrentOrganisation } from './team.repository.js';

export const INVITATION_NOT_VALID =
  'This invitation is not valid: it may have expired, been used or been withdrawn. Ask for a new one.';
export const INVITATION_FOR_ANOTHER_ADDRESS =
  'This invitation was sent to another e-mail address. Log in with the account of that address to accept it.';

async function mustBeUsable(ctx: AccountsContext, key: string): Promise<InvitationRecord> {
  const invitation = await usableInvitation(ctx.db, key);
  if (!invitation) throw AppError.badRequest(INVITATION_NOT_VALID);
  return invitation;
}

export async function describeInvitation(ctx: AccountsContext, key: string): Promise<InvitationData> {
  const invitation = await mustBeUsable(ctx, key);
  return {
    invitation: {
      organisationName: invitation.organisationName,
      email: invitation.email,
      roleName: invitation.roleName,
      invitedBy: invitation.invitedBy,
      expiresAt: invitation.expiresAt.toISOString(),
    },
    accountExists: (await findUserByEmail(ctx.db, invitation.email)) !== undefined,
  };
}

/** The signed-in caller joins with the invited role (unless already a member) and now works in that organisation. */
export async function acceptAsCaller(
  ctx: AccountsContext,
  caller: Caller,
  key: string,
): Promise<ProfileData> {
  const invitation = await mustBeUsable(ctx, key);
  if (invitation.email.toLowerCase() !== caller.user.email.toLowerCase()) {
    throw AppError.forbidden(INVITATION_FOR_ANOTHER_ADDRESS);
  }
  return ctx.db.transaction(async (tx) => {
    if (!(await acceptInvitation(tx, invitation.id))) throw AppError.badRequest(INVITATION_NOT_VALID);
    const { organisationId, roleName } = invitation;
    if (!(await findMember(tx, organisationId, caller.user.id))) {
      await addMembership(tx, { organisationId, userId: caller.user.id, roleName });
    }
    await setCurrentOrganisation(tx, caller.user.id, organisationId);
    return profileOf(tx, caller.user.id);
  });
}

/** Creates the invited address's account, member of the organisation with the invited role; it can log in at once. */
export async function signUpFromInvitation(
  ctx: AccountsContext,
  key: string,
  request: InvitationSignUp,
): Promise<{ message: string; data: { user: User } }> {
  const invitation = await mustBeUsable(ctx, key);
  // Before the invitation is used up: a refused password leaves the link usable for another try.
  await assertPasswordStrongEnough(request.password, { ...request, email: invitation.email });
  const passwordHash = await hashPassword(request.password);
  const user = await ctx.db.transaction(async (tx) => {
    if (!(await acceptInvitation(tx, invitation.id))) throw AppError.badRequest(INVITATION_NOT_VALID);
    return insertUser(tx, {
      ...request,
      email: invitation.email,
      passwordHash,
      organisationId: invitation.organisationId,
      roleName: invitation.roleName,
      confirmed: true,
    });
  });
  return {
    message: `User account created for user ${user.firstName}. You can log in now.`,
    data: { user: toApiUser(user) },
  };
}
