/**
 * The SMS code of a login with multi-factor authentication: 6 digits, valid 10 minutes, one use,
 * and void after 5 wrong tries, so guessing one of a million codes is hopeless.
 */
import { timingSafeEqual } from 'node:crypto';
import { MFA_CODE_LENGTH } from '@app/contracts';
import type { Queryable } from '../../db/database.js';
import { eq, sql } from '../../db/orm.js';
import { mfaCodes } from '../../db/schema.js';
import { hashSecret, newDigitCode } from './one-time-keys.js';

export const MFA_CODE_MINUTES = 10;
export const MFA_MAX_TRIES = 5;

const codeHash = (userId: number, code: string) => hashSecret(`${userId}:${code}`);

/** A new code replaces any previous one; returns it in clear for the SMS. */
export async function issueMfaCode(db: Queryable, userId: number): Promise<string> {
  const code = newDigitCode(MFA_CODE_LENGTH);
  const values = {
    factor: 'SMS',
    codeHash: codeHash(userId, code),
    expiresAt: sql`now() + make_interval(mins => ${MFA_CODE_MINUTES})`,
    attempts: 0,
    createdAt: sql`now()`,
  };
  await db
    .insert(mfaCodes)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: mfaCodes.userId, set: values });
  return code;
}

export type CodeCheck = 'accepted' | 'wrong' | 'expired';

/** Call inside a transaction: the row is locked so concurrent guesses are counted one by one. */
export async function checkMfaCode(db: Queryable, userId: number, code: string): Promise<CodeCheck> {
  const [row] = await db
    .select({
      codeHash: mfaCodes.codeHash,
      attempts: mfaCodes.attempts,
      expired: sql<boolean>`${mfaCodes.expiresAt} <= now()`,
    })
    .from(mfaCodes)
    .where(eq(mfaCodes.userId, userId))
    .for('update');
  if (!row || row.expired || row.attempts >= MFA_MAX_TRIES) {
    if (row) await db.delete(mfaCodes).where(eq(mfaCodes.userId, userId));
    return 'expired';
  }
  if (row.codeHash !== null && sameHash(row.codeHash, codeHash(userId, code))) {
    await db.delete(mfaCodes).where(eq(mfaCodes.userId, userId));
    return 'accepted';
  }
  await db
    .update(mfaCodes)
    .set({ attempts: row.attempts + 1 })
    .where(eq(mfaCodes.userId, userId));
  return 'wrong';
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
