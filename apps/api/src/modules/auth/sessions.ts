/**
 * Login sessions. A login opens a session (a row of `sessions`, with its device and address, and an absolute end
 * SESSION_DAYS after it began): a family of refresh tokens, each used once and replaced by the next (rotation).
 * A refresh token also ends when unused for REFRESH_TOKEN_DAYS (the idle lifetime). Presenting a token that was already used means two parties hold it: one of them
 * stole it, so the whole family is revoked and both must log in again.
 *
 * Except just after its use: tabs of one browser share the stored tokens, and a tab can send the old
 * token before it sees the one another tab stored a moment earlier (browsers copy local storage between
 * tabs asynchronously); an answer lost on the network makes the client retry with it too. Within
 * REUSE_GRACE_SECONDS of its first use, the token gets another pair of the same session instead.
 */
import type { Database, Queryable } from '../../db/database.js';
import { and, eq, gt, inArray, isNull, sql, type SQL } from '../../db/orm.js';
import { memberships, refreshTokens, sessions } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { RequestOrigin } from './events.repository.js';
import { hashSecret } from './one-time-keys.js';
import type { TokenSigner } from './tokens.js';

export type TokenPair = { access_token: string; refresh_token: string };

export const SESSION_REVOKED = 'This session is no longer valid. Please log in again.';

/** How long a used refresh token still counts as its holder's (see above); as identity providers do. */
export const REUSE_GRACE_SECONDS = 30;

const DAY_MS = 24 * 3600_000;

/** The session is neither ended nor past its absolute lifetime. */
export const sessionLives = sql`${sessions.endedAt} IS NULL AND ${sessions.expiresAt} > now()`;

export function createSessions(
  signer: TokenSigner,
  lifetimes: { refreshTokenDays: number; sessionDays: number },
) {
  async function issuePair(
    db: Queryable,
    user: { id: number; permissions: string },
    session: { id: string; expiresAt: Date },
  ): Promise<TokenPair> {
    const sessionId = session.id;
    // A refresh token never outlives its session.
    const idleEnd = Date.now() + lifetimes.refreshTokenDays * DAY_MS;
    const expiresAt = new Date(Math.min(idleEnd, session.expiresAt.getTime()));
    const refresh = await signer.signRefreshToken(user.id, sessionId, expiresAt);
    await db.insert(refreshTokens).values({
      userId: user.id,
      familyId: sessionId,
      tokenHash: hashSecret(refresh),
      expiresAt,
    });
    return { access_token: await signer.signAccessToken(user, sessionId), refresh_token: refresh };
  }

  /** Ends the sessions `which` selects, and their refresh tokens; answers those it ended. */
  async function endSessions(db: Queryable, which: SQL): Promise<{ id: string; userId: number }[]> {
    const ended = await db
      .update(sessions)
      .set({ endedAt: sql`now()` })
      .where(and(which, isNull(sessions.endedAt)))
      .returning({ id: sessions.id, userId: sessions.userId });
    if (ended.length === 0) return ended;
    await db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          inArray(
            refreshTokens.familyId,
            ended.map((s) => s.id),
          ),
          isNull(refreshTokens.revokedAt),
        ),
      );
    return ended;
  }

  return {
    /** After a successful login: a new session, from the device and address that logged in, and its first pair. */
    async open(
      db: Queryable,
      user: { id: number; permissions: string },
      origin: RequestOrigin,
    ): Promise<TokenPair> {
      const session = {
        id: crypto.randomUUID(),
        expiresAt: new Date(Date.now() + lifetimes.sessionDays * DAY_MS),
      };
      await db.insert(sessions).values({
        ...session,
        userId: user.id,
        device: origin.device.slice(0, 200),
        ipAddress: origin.ipAddress.slice(0, 64),
      });
      return issuePair(db, user, session);
    },

    /**
     * Uses a refresh token: the token must be signed, of type refresh, known, unrevoked, unexpired and
     * unused (or used within the grace period). Returns the user and a new pair. A token used before
     * that revokes its family (see above).
     */
    async rotate<U extends { id: number; permissions: string }>(
      db: Database,
      refreshToken: string,
      /** The user the token belongs to, or undefined when that account may no longer sign in. */
      userOf: (tx: Queryable, userId: number) => Promise<U | undefined>,
    ): Promise<{ user: U; tokens: TokenPair }> {
      const verified = await signer.verify(refreshToken, 'refresh');
      const outcome = await db.transaction(async (tx) => {
        const tokenHash = hashSecret(refreshToken);
        const valid = and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, sql`now()`),
        );
        const session = { userId: refreshTokens.userId, familyId: refreshTokens.familyId };
        const inLiveSession = sql`EXISTS (SELECT 1 FROM ${sessions} WHERE ${sessions.id} = ${refreshTokens.familyId} AND ${sessionLives})`;
        // A concurrent use of the same token waits here for the first one's commit, then reads it below.
        let [claimed] = await tx
          .update(refreshTokens)
          .set({ usedAt: sql`now()` })
          .where(and(valid, inLiveSession, isNull(refreshTokens.usedAt)))
          .returning(session);
        if (!claimed) {
          [claimed] = await tx
            .select(session)
            .from(refreshTokens)
            .where(
              and(
                valid,
                inLiveSession,
                gt(refreshTokens.usedAt, sql`now() - make_interval(secs => ${REUSE_GRACE_SECONDS})`),
              ),
            );
        }
        if (!claimed) return 'replayed' as const;
        const user = await userOf(tx, claimed.userId);
        if (!user) return 'refused' as const;
        const [used] = await tx
          .update(sessions)
          .set({ lastUsedAt: sql`now()` })
          .where(eq(sessions.id, claimed.familyId))
          .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
        if (!used) return 'replayed' as const;
        return { user, tokens: await issuePair(tx, user, used) };
      });
      if (outcome === 'replayed') {
        // Known but used or revoked: a replay (or a session past its end). Unknown: forged with our key
        // (impossible) or from a wiped database. Ended outside the transaction above, so the ending stays.
        await endSessions(db, eq(sessions.id, verified.sessionId));
      }
      if (typeof outcome === 'string') throw AppError.unauthorized(SESSION_REVOKED);
      return outcome;
    },

    /** Logout: the refresh token's whole session ends, and access tokens of that session stop working. */
    async close(db: Queryable, refreshToken: string): Promise<void> {
      await signer.verify(refreshToken, 'refresh');
      const [known] = await db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashSecret(refreshToken)));
      if (!known) throw AppError.unauthorized(SESSION_REVOKED);
      await endSessions(db, eq(sessions.id, known.familyId));
    },

    /** Ends one live session of a user; false when the user has none such (or it ended, or expired). */
    async end(db: Queryable, userId: number, sessionId: string): Promise<boolean> {
      const [mine] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), sessionLives));
      if (!mine) return false;
      await endSessions(db, eq(sessions.id, sessionId));
      return true;
    },

    /**
     * Ends every session of a user (password reset, signed out by an administrator), or every one but the
     * caller's (password change). Answers how many ended.
     */
    async revokeAllOf(db: Queryable, userId: number, exceptSessionId?: string): Promise<number> {
      const ended = await endSessions(
        db,
        and(
          eq(sessions.userId, userId),
          exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined,
        ) as SQL,
      );
      return ended.length;
    },

    /**
     * Ends every session of every member of an organisation but the caller's (an owner signs everyone out).
     * A session is the account's, not the membership's: a member of other organisations too is signed out there
     * as well. Answers the sessions ended, with their users.
     */
    async revokeAllOfMembers(
      db: Queryable,
      organisationId: number,
      exceptSessionId: string,
    ): Promise<{ id: string; userId: number }[]> {
      const members = db
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(eq(memberships.organisationId, organisationId));
      return endSessions(
        db,
        and(inArray(sessions.userId, members), sql`${sessions.id} <> ${exceptSessionId}`) as SQL,
      );
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;

/**
 * An access token is honoured only while its session lives (not ended, not past its absolute end): a condition
 * for the guard's query of the caller, so that each guarded call costs one statement. It reads the
 * placeholders `userId` and `sessionId`.
 */
export const sessionIsOpen: SQL = sql`EXISTS (SELECT 1 FROM ${sessions}
  WHERE ${sessions.id} = ${sql.placeholder('sessionId')}
    AND ${sessions.userId} = ${sql.placeholder('userId')} AND ${sessionLives})`;
