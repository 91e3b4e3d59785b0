/**
 * Limits on guessing a secret, per account: the password at login (counted per e-mail address whether or not an
 * account has it, so the answer tells a stranger nothing), the second-factor code (per user, across logins: a new
 * login does not start the count again), and the current password re-entered to change the account.
 *
 * Guesses sent at once must not all be checked: an attempt is counted as pending *before* its secret is checked
 * (one statement, which concurrent attempts take in turn on the row), and is refused when the failures and the
 * pending attempts together reach the limit. A failure then settles as a failure, and the one that reaches the limit
 * locks the account for LOCKOUT_MINUTES. A success settles by taking back its own count and the failures settled
 * before it began, never those of attempts that ran beside it; and a success that finds the account locked
 * meanwhile is refused like any other attempt.
 *
 * The counts are kept in PostgreSQL, so they hold across server processes and whether or not Redis is up.
 */
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { and, eq, sql } from '../../db/orm.js';
import { guessCounts, type GUESS_KINDS } from '../../db/schema.js';

export type GuessKind = (typeof GUESS_KINDS)[number];

/** Failures that lock, by kind. REFERENCE: "lock after 6 failed attempts" (login). */
export const GUESS_LIMITS: Record<GuessKind, number> = { LOGIN: 6, CODE: 10, CURRENT_PASSWORD: 6 };

/**
 * A pending attempt older than this was lost with its server process (a check takes well under a second): it no
 * longer holds a place. Failures a day old no longer count.
 */
const LOST_ATTEMPT = sql`interval '1 minute'`;
const FORGOTTEN_FAILURE = sql`interval '1 day'`;

/** What is guessed about: a login's e-mail address, or a user. */
export const loginSubject = (email: string) => email.trim().toLowerCase();
export const userSubject = (userId: number) => String(userId);

/** The refusal of a second-factor code while the account's codes are locked (login, changes, the app's codes). */
export function tooManyCodes(lockoutMinutes: number): AppError {
  return new AppError(429, `Too many wrong codes. Please try again in ${lockoutMinutes} minutes.`);
}

/** What a guess came to: the secret was right, wrong, refused unchecked (locked), or not checkable (void). */
export type GuessOutcome = 'right' | 'wrong' | 'locked' | 'void';

/**
 * Checks a secret within the limit of its kind: `check` runs only when the attempt may be made, and tells whether
 * the secret was right (undefined when there was nothing to check it against, such as an expired code: no guess).
 */
export async function guess(
  db: Queryable,
  kind: GuessKind,
  subject: string,
  lockoutMinutes: number,
  check: () => Promise<boolean | undefined>,
): Promise<GuessOutcome> {
  const attempt = await beginGuess(db, kind, subject);
  if (!attempt) return 'locked';
  let right: boolean | undefined;
  try {
    right = await check();
  } catch (error) {
    await guessWithdrawn(db, attempt);
    throw error;
  }
  if (right === undefined) {
    await guessWithdrawn(db, attempt);
    return 'void';
  }
  if (!right) return (await guessFailed(db, attempt, lockoutMinutes)) ? 'locked' : 'wrong';
  return (await guessSucceeded(db, attempt)) ? 'right' : 'locked';
}

/** An attempt under way: settle it with guessFailed, guessSucceeded or guessWithdrawn. */
type Attempt = { kind: GuessKind; subject: string; failuresBefore: number };

const row = (kind: GuessKind, subject: string) =>
  and(eq(guessCounts.kind, kind), eq(guessCounts.subject, subject));

/**
 * Counts an attempt as pending before its secret is checked; undefined when the account is locked or has as many
 * attempts under way as it has left before the lock (refuse it: the secret must not be checked). Run it outside
 * the transaction of the check, so that concurrent attempts see it at once.
 */
async function beginGuess(db: Queryable, kind: GuessKind, subject: string): Promise<Attempt | undefined> {
  const limit = GUESS_LIMITS[kind];
  const t = guessCounts;
  const failures = sql`CASE WHEN ${t.lastAttemptAt} < now() - ${FORGOTTEN_FAILURE} THEN 0 ELSE ${t.failures} END`;
  const pending = sql`CASE WHEN ${t.lastAttemptAt} < now() - ${LOST_ATTEMPT} THEN 0 ELSE ${t.pending} END`;
  const [counted] = await db
    .insert(t)
    .values({ kind, subject, failures: 0, pending: 1 })
    .onConflictDoUpdate({
      target: [t.kind, t.subject],
      set: { failures, pending: sql`${pending} + 1`, lastAttemptAt: sql`now()` },
      setWhere: sql`(${t.lockedUntil} IS NULL OR ${t.lockedUntil} <= now()) AND ${failures} + ${pending} < ${limit}`,
    })
    .returning({ failures: t.failures });
  return counted && { kind, subject, failuresBefore: counted.failures };
}

/**
 * Settles an attempt whose secret was wrong. Returns true when this failure locks the subject (the count then starts
 * again from zero, so the next lock also needs the whole limit); an attempt checked beside it is told it was wrong.
 */
async function guessFailed(db: Queryable, attempt: Attempt, lockoutMinutes: number): Promise<boolean> {
  const t = guessCounts;
  const reachesLimit = sql`${t.failures} + 1 >= ${GUESS_LIMITS[attempt.kind]}`;
  const [settled] = await db
    .update(t)
    .set({
      pending: sql`greatest(${t.pending} - 1, 0)`,
      failures: sql`CASE WHEN ${reachesLimit} THEN 0 ELSE ${t.failures} + 1 END`,
      lockedUntil: sql`CASE WHEN ${reachesLimit} THEN now() + make_interval(mins => ${lockoutMinutes}) ELSE ${t.lockedUntil} END`,
      lastAttemptAt: sql`now()`,
    })
    .where(row(attempt.kind, attempt.subject))
    // Only the failure that reaches the limit leaves the count at zero.
    .returning({ lockedNow: sql<boolean>`${t.failures} = 0` });
  return settled?.lockedNow ?? false;
}

/**
 * Settles an attempt whose secret was right. Returns false when the account was locked while it was checked: the
 * attempt must then be refused, as the lock refuses even the right secret.
 */
async function guessSucceeded(db: Queryable, attempt: Attempt): Promise<boolean> {
  const t = guessCounts;
  const [settled] = await db
    .update(t)
    .set({
      pending: sql`greatest(${t.pending} - 1, 0)`,
      failures: sql`greatest(${t.failures} - ${attempt.failuresBefore}, 0)`,
    })
    .where(row(attempt.kind, attempt.subject))
    .returning({ locked: sql<boolean>`coalesce(${t.lockedUntil} > now(), false)` });
  return !(settled?.locked ?? false);
}

/** Settles an attempt that was not a guess after all (its check could not be made): it counts neither way. */
async function guessWithdrawn(db: Queryable, attempt: Attempt): Promise<void> {
  const t = guessCounts;
  await db
    .update(t)
    .set({ pending: sql`greatest(${t.pending} - 1, 0)` })
    .where(row(attempt.kind, attempt.subject));
}

/** Forgets every failure and lock of a subject: the owner proved who they are another way (a password reset). */
export async function clearGuesses(db: Queryable, kind: GuessKind, subject: string): Promise<void> {
  await db.delete(guessCounts).where(row(kind, subject));
}

/**
 * Locks a subject until its owner proves who they are another way (clearGuesses, on a password reset): for an
 * account its owner reported taken ("this wasn't me").
 */
export async function lockUntilCleared(db: Queryable, kind: GuessKind, subject: string): Promise<void> {
  const forever = sql`'infinity'::timestamptz`;
  await db
    .insert(guessCounts)
    .values({ kind, subject, lockedUntil: forever })
    .onConflictDoUpdate({
      target: [guessCounts.kind, guessCounts.subject],
      set: { lockedUntil: forever, failures: 0 },
    });
}
