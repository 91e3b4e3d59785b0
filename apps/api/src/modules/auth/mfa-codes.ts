/**
 * The second step of a login with multi-factor authentication: the SMS code (6 digits, valid 10 minutes, one use,
 * and void after 5 wrong tries, so guessing one of a million codes is hopeless), or the authenticator app's code
 * within the same time and tries.
 */
import { timingSafeEqual } from 'node:crypto';
import { MFA_CODE_LENGTH } from '@app/contracts';
import type { Queryable } from '../../db/database.js';
import { and, eq, sql } from '../../db/orm.js';
import { mfaCodes, type MFA_PURPOSES } from '../../db/schema.js';
import { hashSecret, newDigitCode } from './one-time-keys.js';

export const MFA_CODE_MINUTES = 10;
export const MFA_MAX_TRIES = 5;

/** A login's second step, or a change of the account (step-up.ts): a code of one never serves the other. */
export type CodePurpose = (typeof MFA_PURPOSES)[number];

const codeHash = (userId: number, code: string) => hashSecret(`${userId}:${code}`);
const pendingStep = (userId: number, purpose: CodePurpose) =>
  and(eq(mfaCodes.userId, userId), eq(mfaCodes.purpose, purpose));

/** A new code replaces any previous one of the same purpose; returns it in clear for the SMS. */
export async function issueMfaCode(db: Queryable, userId: number, purpose: CodePurpose): Promise<string> {
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
    .values({ userId, purpose, ...values })
    .onConflictDoUpdate({ target: [mfaCodes.userId, mfaCodes.purpose], set: values });
  return code;
}

/**
 * The second step of a login with the authenticator app: no code is sent, the row only says that the password was
 * right (a code of the app alone never logs in), for as long and as many tries as an SMS code.
 */
export async function openAppCodeStep(db: Queryable, userId: number): Promise<void> {
  const values = {
    factor: 'TOTP',
    codeHash: null,
    expiresAt: sql`now() + make_interval(mins => ${MFA_CODE_MINUTES})`,
    attempts: 0,
    createdAt: sql`now()`,
  };
  await db
    .insert(mfaCodes)
    .values({ userId, purpose: 'LOGIN', ...values })
    .onConflictDoUpdate({ target: [mfaCodes.userId, mfaCodes.purpose], set: values });
}

export type CodeCheck = 'accepted' | 'wrong' | 'expired';

/**
 * Call inside a transaction: the row is locked so concurrent guesses are counted one by one. A TOTP row's code is
 * checked by `checkAppCode` (totp-checks.ts), in the same transaction; without it, a TOTP row accepts nothing.
 */
export async function checkMfaCode(
  db: Queryable,
  userId: number,
  purpose: CodePurpose,
  code: string,
  checkAppCode?: (db: Queryable) => Promise<boolean>,
): Promise<CodeCheck> {
  const step = pendingStep(userId, purpose);
  const [row] = await db
    .select({
      factor: mfaCodes.factor,
      codeHash: mfaCodes.codeHash,
      attempts: mfaCodes.attempts,
      expired: sql<boolean>`${mfaCodes.expiresAt} <= now()`,
    })
    .from(mfaCodes)
    .where(step)
    .for('update');
  if (!row || row.expired || row.attempts >= MFA_MAX_TRIES) {
    if (row) await db.delete(mfaCodes).where(step);
    return 'expired';
  }
  const accepted =
    row.factor === 'TOTP'
      ? ((await checkAppCode?.(db)) ?? false)
      : row.codeHash !== null && sameHash(row.codeHash, codeHash(userId, code));
  if (accepted) {
    await db.delete(mfaCodes).where(step);
    return 'accepted';
  }
  await db
    .update(mfaCodes)
    .set({ attempts: row.attempts + 1 })
    .where(step);
  return 'wrong';
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
