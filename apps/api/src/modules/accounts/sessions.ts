/**
 * Login sessions. A login opens a session: a family of refresh tokens, each used once and replaced by
 * the next (rotation). Presenting a token that was already used means two parties hold it: one of them
 * stole it, so the whole family is revoked and both must log in again.
 *
 * Except just after its use: tabs of one browser share the stored tokens, and a tab can send the old
 * token before it sees the one another tab stored a moment earlier (browsers copy local storage between
 * tabs asynchronously); an answer lost on the network makes the client retry with it too. Within
 * REUSE_GRACE_SECONDS of its first use, the token gets another pair of the same session instead.
 */
import type { Database, Queryable } from '../../db/database.js';
import { and, eq, gt, isNull, sql, type SQL } from '../../db/orm.js';
import { refreshTokens } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { hashSecret } from './one-time-keys.js';
import type { TokenSigner } from './tokens.js';

export type TokenPair = { access_token: string; refresh_token: string };

export const SESSION_REVOKED = 'This session is no longer valid. Please log in again.';

/** How long a used refresh token still counts as its holder's (see above); as identity providers do. */
export const REUSE_GRACE_SECONDS = 30;

export function createSessions(signer: TokenSigner, refreshTokenDays: number) {
  async function issuePair(
    db: Queryable,
    user: { id: number; permissions: string },
    sessionId: string,
  ): Promise<TokenPair> {
    const expiresAt = new Date(Date.now() + refreshTokenDays * 24 * 3600_000);
    const refresh = await signer.signRefreshToken(user.id, sessionId, expiresAt);
    await db.insert(refreshTokens).values({
      userId: user.id,
      familyId: sessionId,
      tokenHash: hashSecret(refresh),
      expiresAt,
    });
    return { access_token: await signer.signAccessToken(user, sessionId), refresh_token: refresh };
  }

  async function revokeSession(db: Queryable, sessionId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)));
  }

  return {
    /** After a successful login: a new session with its first pair of tokens. */
    open(db: Queryable, user: { id: number; permissions: string }): Promise<TokenPair> {
      return issuePair(db, user, crypto.randomUUID());
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
        // A concurrent use of the same token waits here for the first one's commit, then reads it below.
        let [claimed] = await tx
          .update(refreshTokens)
          .set({ usedAt: sql`now()` })
          .where(and(valid, isNull(refreshTokens.usedAt)))
          .returning(session);
        if (!claimed) {
          [claimed] = await tx
            .select(session)
            .from(refreshTokens)
            .where(
              and(
                valid,
                gt(refreshTokens.usedAt, sql`now() - make_interval(secs => ${REUSE_GRACE_SECONDS})`),
              ),
            );
        }
        if (!claimed) return 'replayed' as const;
        const user = await userOf(tx, claimed.userId);
        if (!user) return 'refused' as const;
        return { user, tokens: await issuePair(tx, user, claimed.familyId) };
      });
      if (outcome === 'replayed') {
        // Known but used or revoked: a replay. Unknown: forged with our key (impossible) or from a wiped
        // database. Revoked outside the transaction above, so the revocation stays.
        await revokeSession(db, verified.sessionId);
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
      await revokeSession(db, known.familyId);
    },

    /** Ends every session of a user (password reset), or every one but the caller's (password change). */
    async revokeAllOf(db: Queryable, userId: number, exceptSessionId?: string): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(refreshTokens.userId, userId),
            isNull(refreshTokens.revokedAt),
            exceptSessionId ? sql`${refreshTokens.familyId} <> ${exceptSessionId}` : undefined,
          ),
        );
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;

/**
 * An access token is honoured only while its session has a refresh token that is not revoked: a condition
 * for the guard's query of the caller, so that each guarded call costs one statement. It reads the
 * placeholders `userId` and `sessionId`.
 */
export const sessionIsOpen: SQL = sql`EXISTS (SELECT 1 FROM ${refreshTokens}
  WHERE ${refreshTokens.familyId} = ${sql.placeholder('sessionId')}
    AND ${refreshTokens.userId} = ${sql.placeholder('userId')} AND ${refreshTokens.revokedAt} IS NULL)`;
