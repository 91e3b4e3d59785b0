/**
 * The stored authenticator-app factor of a user (totp_factors) and its recovery codes (recovery_codes). The
 * secret arrives here already encrypted (totp-secrets.ts) and the codes already hashed: nothing readable is kept.
 */
import type { Queryable } from '../../db/database.js';
import { and, count, eq, isNotNull, isNull, lt, or, sql } from '../../db/orm.js';
import { mfaCodes, recoveryCodes, totpFactors } from '../../db/schema.js';

export type StoredTotpFactor = { encryptedSecret: string; confirmed: boolean };

export async function findTotpFactor(db: Queryable, userId: number): Promise<StoredTotpFactor | undefined> {
  const [row] = await db
    .select({
      encryptedSecret: totpFactors.encryptedSecret,
      confirmed: sql<boolean>`${totpFactors.confirmedAt} IS NOT NULL`,
    })
    .from(totpFactors)
    .where(eq(totpFactors.userId, userId));
  return row;
}

/** Whether the user logs in with the authenticator app (set up and confirmed). */
export async function hasConfirmedTotp(db: Queryable, userId: number): Promise<boolean> {
  return (await findTotpFactor(db, userId))?.confirmed ?? false;
}

/**
 * Keeps a new secret waiting for its first code, replacing one that was never confirmed. Returns false, changing
 * nothing, when the user already has a confirmed factor: that one is replaced only after turning it off.
 */
export async function saveUnconfirmedTotp(
  db: Queryable,
  userId: number,
  encryptedSecret: string,
): Promise<boolean> {
  const values = { encryptedSecret, confirmedAt: null, lastUsedStep: null, createdAt: sql`now()` };
  const saved = await db
    .insert(totpFactors)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: values,
      setWhere: isNull(totpFactors.confirmedAt),
    })
    .returning({ userId: totpFactors.userId });
  return saved.length > 0;
}

/**
 * Turns the factor on with its first code's time step, which is thereby used: that code cannot then log in.
 * Returns false when there was no unconfirmed factor to confirm (a concurrent confirmation won).
 */
export async function confirmTotp(db: Queryable, userId: number, step: number): Promise<boolean> {
  const confirmed = await db
    .update(totpFactors)
    .set({ confirmedAt: sql`now()`, lastUsedStep: step })
    .where(and(eq(totpFactors.userId, userId), isNull(totpFactors.confirmedAt)))
    .returning({ userId: totpFactors.userId });
  return confirmed.length > 0;
}

/**
 * Uses a code's time step: in one statement, so of two requests with the same code (or codes of the same or an
 * earlier step) only one succeeds. Returns false when a code of this step or a later one was already used.
 */
export async function useTotpStep(db: Queryable, userId: number, step: number): Promise<boolean> {
  const used = await db
    .update(totpFactors)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(totpFactors.userId, userId),
        isNotNull(totpFactors.confirmedAt),
        or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpFactors.userId });
  return used.length > 0;
}

/** Turns the factor off: its secret, its recovery codes, and a login waiting for its code all go. */
export async function deleteTotp(db: Queryable, userId: number): Promise<void> {
  await db.delete(totpFactors).where(eq(totpFactors.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.delete(mfaCodes).where(and(eq(mfaCodes.userId, userId), eq(mfaCodes.factor, 'TOTP')));
}

/** A new set of recovery codes (their hashes) replaces every previous one, used or not. */
export async function replaceRecoveryCodes(
  db: Queryable,
  userId: number,
  codeHashes: string[],
): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks an unused recovery code used, in one statement (two requests with it cannot both succeed). */
export async function useRecoveryCode(db: Queryable, userId: number, codeHash: string): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

export async function countUnusedRecoveryCodes(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}
