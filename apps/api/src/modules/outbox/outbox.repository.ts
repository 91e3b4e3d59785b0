/**
 * The outbox table: e-mails and SMS are written here inside the transaction of what they belong to
 * (a registration, a password reset), so a message exists exactly when that change was committed.
 * The dispatcher then claims, sends and records them; see outbox-dispatcher.ts.
 */
import type { Queryable } from '../../db/database.js';
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from '../../db/orm.js';
import { outbox } from '../../db/schema.js';

/** A message to send: its body is there until it is sent or given up (then cleared, see markSent). */
export type OutboxMessage = typeof outbox.$inferSelect & { body: string };

/** A file sent with an e-mail. */
export type EmailAttachment = { name: string; content: Uint8Array };

export async function enqueueEmail(
  db: Queryable,
  email: { to: string; subject: string; text: string; attachment?: EmailAttachment },
): Promise<void> {
  await db.insert(outbox).values({
    channel: 'EMAIL',
    recipient: email.to,
    subject: email.subject,
    body: email.text,
    attachmentName: email.attachment?.name,
    attachment: email.attachment?.content,
  });
}

export async function enqueueSms(db: Queryable, sms: { to: string; text: string }): Promise<void> {
  await db.insert(outbox).values({ channel: 'SMS', recipient: sms.to, body: sms.text });
}

/** `now() + seconds`, computed by the database so every process compares against the same clock. */
const secondsFromNow = (seconds: number) => sql`now() + ${seconds}::float8 * interval '1 second'`;

/**
 * Takes a lease on up to `limit` due messages in one statement and counts the attempt.
 * SKIP LOCKED lets several processes claim at once without waiting for or taking each other's rows;
 * a row whose lease has expired (its process died mid-send) is due again.
 */
export async function claimDueMessages(
  db: Queryable,
  options: { limit: number; leaseSeconds: number },
): Promise<OutboxMessage[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.state, 'PENDING'),
        isNotNull(outbox.body),
        lte(outbox.nextAttemptAt, sql`now()`),
        or(isNull(outbox.leaseUntil), lt(outbox.leaseUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(outbox.id))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outbox)
    .set({ leaseUntil: secondsFromNow(options.leaseSeconds), attempts: sql`${outbox.attempts} + 1` })
    .where(inArray(outbox.id, due))
    .returning();
  return claimed.flatMap((message) => (message.body === null ? [] : [{ ...message, body: message.body }]));
}

/**
 * last_error is left as it was: it tells that the message went out only after a retry. The body goes: its links
 * and codes must not stay readable in the database once they have reached their owner; an attachment goes with it.
 */
export async function markSent(db: Queryable, id: number): Promise<void> {
  await db
    .update(outbox)
    .set({ state: 'SENT', sentAt: sql`now()`, leaseUntil: null, body: null, attachment: null })
    .where(eq(outbox.id, id));
}

/**
 * Records a failed attempt: back to PENDING for `retryInSeconds`, or FAILED for good when undefined.
 * Only the holder of the current claim may write it (same attempt number, still PENDING): a process
 * whose lease ran out must not turn a message that another process has since sent back into PENDING.
 */
export async function recordFailure(
  db: Queryable,
  message: Pick<OutboxMessage, 'id' | 'attempts'>,
  failure: { error: string; retryInSeconds: number | undefined; countAttempt?: boolean },
): Promise<void> {
  const retry = failure.retryInSeconds;
  await db
    .update(outbox)
    .set({
      state: retry === undefined ? 'FAILED' : 'PENDING',
      lastError: failure.error,
      // Given up: nothing will send it, so its links and codes are not kept either.
      ...(retry === undefined ? { body: null, attachment: null } : {}),
      leaseUntil: null,
      ...(retry === undefined ? {} : { nextAttemptAt: secondsFromNow(retry) }),
      // A wait that is not the message's fault (no transport yet) must not bring it closer to FAILED.
      ...(failure.countAttempt === false ? { attempts: sql`${outbox.attempts} - 1` } : {}),
    })
    .where(
      and(eq(outbox.id, message.id), eq(outbox.attempts, message.attempts), eq(outbox.state, 'PENDING')),
    );
}
