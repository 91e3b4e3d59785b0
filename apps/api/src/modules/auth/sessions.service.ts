/**
 * The profile's sessions (issue 19): a person sees where their account is signed in and ends any session,
 * or all but the one they are using (as after a lost phone). Ending one's own session is a logout; ending
 * others needs the current password, so a stolen session cannot sign its owner out everywhere else.
 */
import type { SessionsData } from '@app/contracts';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { AccountsContext } from './accounts-context.js';
import type { Caller } from './auth-guard.js';
import { liveSessionsOf } from './sessions.repository.js';
import { assertCurrentPassword, PASSWORD_NEEDED } from './step-up.js';

/** The same answer for another user's session as for none: ids of others' sessions are not confirmed. */
export const NO_SUCH_SESSION = 'No such session. It may have ended already.';

/** The caller's live sessions, theirs marked as current. */
export async function sessionsOf(db: Queryable, caller: Caller): Promise<SessionsData> {
  const rows = await liveSessionsOf(db, caller.user.id);
  return {
    sessions: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      current: row.id === caller.sessionId,
    })),
  };
}

/** The caller re-entered their password to end sessions other than their own. */
async function assertOwnerEnds(ctx: AccountsContext, caller: Caller, currentPassword: string | undefined) {
  if (!currentPassword) throw AppError.badRequest(PASSWORD_NEEDED);
  await assertCurrentPassword(ctx, caller, currentPassword);
}

/** Ends one of the caller's live sessions: its tokens stop working at once. Answers with those that remain. */
export async function endSession(
  ctx: AccountsContext,
  caller: Caller,
  sessionId: string,
  currentPassword: string | undefined,
): Promise<SessionsData> {
  if (sessionId !== caller.sessionId) await assertOwnerEnds(ctx, caller, currentPassword);
  const ended = await ctx.db.transaction((tx) => ctx.sessions.end(tx, caller.user.id, sessionId));
  if (!ended) throw AppError.notFound(NO_SUCH_SESSION);
  return sessionsOf(ctx.db, caller);
}

/** Ends every session of the caller but the one asking. Answers with the one that remains. */
export async function endOtherSessions(
  ctx: AccountsContext,
  caller: Caller,
  currentPassword: string | undefined,
): Promise<SessionsData> {
  await assertOwnerEnds(ctx, caller, currentPassword);
  await ctx.db.transaction((tx) => ctx.sessions.revokeAllOf(tx, caller.user.id, caller.sessionId));
  return sessionsOf(ctx.db, caller);
}
