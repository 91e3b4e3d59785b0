/**
 * New e-mail addresses waiting for their owner's confirmation: the key of the link sent to the new address is
 * stored hashed, valid for a limited time and usable once. A newer request replaces the pending one.
 */
import type { Queryable } from '../../db/database.js';
import { and, desc, gt, sql } from '../../db/orm.js';
import { emailChanges } from '../../db/schema.js';
import { newKeyRow, spent, unusedKeysOf, usableKey } from './link-key-tables.js';

const pendingOf = (userId: number) =>
  and(unusedKeysOf(emailChanges, userId), gt(emailChanges.expiresAt, sql`now()`));

/** Records the request and returns the key in clear, for the link; any earlier pending request is void. */
export async function createEmailChange(
  db: Queryable,
  userId: number,
  newEmail: string,
  validMinutes: number,
): Promise<string> {
  await cancelEmailChanges(db, userId);
  const { key, stored } = newKeyRow(validMinutes);
  await db.insert(emailChanges).values({
    userId,
    newEmail,
    ...stored,
  });
  return key;
}

/** Uses the key if still valid (one statement: two clicks cannot both count); whose and which address, or undefined. */
export async function consumeEmailChange(
  db: Queryable,
  key: string,
): Promise<{ userId: number; newEmail: string } | undefined> {
  const [change] = await db
    .update(emailChanges)
    .set(spent())
    .where(usableKey(emailChanges, key))
    .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail });
  return change;
}

export async function cancelEmailChanges(db: Queryable, userId: number): Promise<void> {
  await db.update(emailChanges).set(spent()).where(unusedKeysOf(emailChanges, userId));
}

/** The address the user asked for and has not confirmed yet, if any. */
export async function pendingEmailOf(db: Queryable, userId: number): Promise<string | undefined> {
  const [change] = await db
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(pendingOf(userId))
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return change?.newEmail;
}
