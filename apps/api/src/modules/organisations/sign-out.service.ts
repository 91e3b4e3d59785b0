/**
 * Administrators end the sessions of a member, owners those of everyone (ASVS 5.0 7.4.5): as after a lost laptop
 * or a departure. Nothing is locked or disabled: the people signed out may log in again at once; what ends is
 * every session someone else may hold. A session belongs to the account, so a member of other organisations too
 * is signed out there as well, as when they change their password.
 */
import type { SignedOutData } from '@app/contracts';
import { AppError } from '../../lib/app-error.js';
import {
  type AccountsContext,
  type Caller,
  recordEvent,
  type RequestOrigin,
  assertMayAdminister,
  isOwner,
  findMember,
} from '../auth/auth.module.js';
import { noUser } from '../profile/profile.module.js';

export const SIGN_OUT_YOURSELF =
  'To sign yourself out, end your sessions on your profile (Sessions), where you can keep the one you are using.';

/**
 * Ends every session of another member of the caller's current organisation; by the rank rules of a role change.
 * Anyone else's id is "no user" (404), as in every other member call.
 */
export async function signOutMember(
  ctx: AccountsContext,
  caller: Caller,
  userId: number,
  origin: RequestOrigin,
): Promise<SignedOutData> {
  if (userId === caller.user.id) throw AppError.badRequest(SIGN_OUT_YOURSELF);
  const target = await findMember(ctx.db, caller.user.organisationId, userId);
  if (!target) throw noUser(userId);
  assertMayAdminister(caller.user.roleName, target.roleName);
  return ctx.db.transaction(async (tx) => {
    const endedSessions = await ctx.sessions.revokeAllOf(tx, target.id);
    await recordEvent(tx, target.id, 'ACCOUNT_SETTINGS_UPDATE', origin);
    return { endedSessions };
  });
}

/** An owner ends every session of every member, their own other sessions included, but not the one asking. */
export async function signOutEveryone(
  ctx: AccountsContext,
  caller: Caller,
  origin: RequestOrigin,
): Promise<SignedOutData> {
  if (!isOwner(caller.user.roleName)) throw AppError.forbidden();
  return ctx.db.transaction(async (tx) => {
    const ended = await ctx.sessions.revokeAllOfMembers(tx, caller.user.organisationId, caller.sessionId);
    for (const userId of new Set(ended.map((session) => session.userId))) {
      await recordEvent(tx, userId, 'ACCOUNT_SETTINGS_UPDATE', origin);
    }
    return { endedSessions: ended.length };
  });
}
