/**
 * SQL for the answers kept for create calls sent with an Idempotency-Key (idempotent-writes.ts): one row per user
 * and key, written in the transaction of the write it answers, valid for a day.
 */
import type { Queryable } from '../../db/database.js';
import { and, eq, lte, ne, sql } from '../../db/orm.js';
import { idempotentAnswers } from '../../db/schema.js';

/** How long a key's answer is given again; an older one is ignored, then replaced or removed. */
export const ANSWER_KEPT_HOURS = 24;

const expired = lte(idempotentAnswers.createdAt, sql`now() - make_interval(hours => ${ANSWER_KEPT_HOURS})`);

export type KeyOf = { userId: number; key: string };

export type StoredAnswer = { requestFingerprint: string; statusCode: number; answer: unknown };

/**
 * Takes the key for this transaction's write: true when it had no answer (or only an expired one). The row is
 * written at once, without its answer yet, so another request with the same key waits on it (PostgreSQL holds a
 * second insert of the same primary key until the first transaction ends) and then finds the answer, or takes the
 * key itself if the first one rolled back. The row is never committed as it is now: recordAnswer completes it.
 */
export async function claimKey(db: Queryable, { userId, key }: KeyOf, requestFingerprint: string) {
  // JSON null (not SQL NULL: the column requires a value) and status 0: no answer yet.
  const pending = { requestFingerprint, statusCode: 0, answer: sql`'null'::jsonb`, createdAt: sql`now()` };
  const claimed = await db
    .insert(idempotentAnswers)
    .values({ userId, key, ...pending })
    .onConflictDoUpdate({
      target: [idempotentAnswers.userId, idempotentAnswers.key],
      set: pending,
      setWhere: expired,
    })
    .returning({ key: idempotentAnswers.key });
  return claimed.length === 1;
}

/** The answer kept for the key: read when claimKey found one less than a day old. */
export async function findAnswer(db: Queryable, { userId, key }: KeyOf): Promise<StoredAnswer | undefined> {
  const [row] = await db
    .select({
      requestFingerprint: idempotentAnswers.requestFingerprint,
      statusCode: idempotentAnswers.statusCode,
      answer: idempotentAnswers.answer,
    })
    .from(idempotentAnswers)
    .where(and(eq(idempotentAnswers.userId, userId), eq(idempotentAnswers.key, key)));
  return row;
}

/** Completes the claimed row with the answer, and removes the user's answers that are more than a day old. */
export async function recordAnswer(
  db: Queryable,
  { userId, key }: KeyOf,
  answer: { statusCode: number; body: unknown },
): Promise<void> {
  await db
    .update(idempotentAnswers)
    .set({ statusCode: answer.statusCode, answer: answer.body })
    .where(and(eq(idempotentAnswers.userId, userId), eq(idempotentAnswers.key, key)));
  await db
    .delete(idempotentAnswers)
    .where(and(eq(idempotentAnswers.userId, userId), ne(idempotentAnswers.key, key), expired));
}
