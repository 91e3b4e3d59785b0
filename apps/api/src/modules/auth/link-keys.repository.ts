/**
 * The keys of the links sent by e-mail (account confirmation, password reset): random, stored hashed,
 * valid for a limited time and usable once.
 */
import type { Queryable } from '../../db/database.js';
import { and, eq, gt, sql } from '../../db/orm.js';
import { accountVerifications, passwordResets, users } from '../../db/schema.js';
import { newKeyRow, spent, unusedKeysOf, usableKey } from './link-key-tables.js';
import { hashSecret } from './one-time-keys.js';

export type LinkKind = 'account' | 'password';

const tables = { account: accountVerifications, password: passwordResets };

/** Creates a key for the user and returns it in clear, to be put in the e-mail; only its hash is kept. */
export async function createLinkKey(
  db: Queryable,
  kind: LinkKind,
  userId: number,
  validMinutes: number,
): Promise<string> {
  const { key, stored } = newKeyRow(validMinutes);
  await db.insert(tables[kind]).values({
    userId,
    ...stored,
  });
  return key;
}

/**
 * Whether the user was given a key of this kind in the last `minutes`. Call it inside the transaction that may
 * create the next key: it first locks the user's row, so of two requests asking at once the second waits for
 * the first to commit its key, and then sees it.
 */
export async function keyGivenWithin(
  tx: Queryable,
  kind: LinkKind,
  userId: number,
  minutes: number,
): Promise<boolean> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const table = tables[kind];
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.userId, userId), gt(table.createdAt, sql`now() - make_interval(mins => ${minutes})`)))
    .limit(1);
  return row !== undefined;
}

export type LinkKeyState =
  | { state: 'valid'; userId: number }
  | { state: 'used'; userId: number }
  | { state: 'expired'; userId: number }
  | { state: 'unknown' };

export async function inspectLinkKey(db: Queryable, kind: LinkKind, key: string): Promise<LinkKeyState> {
  const table = tables[kind];
  const [row] = await db
    .select({
      userId: table.userId,
      used: sql<boolean>`${table.usedAt} IS NOT NULL`,
      expired: sql<boolean>`${table.expiresAt} <= now()`,
    })
    .from(table)
    .where(eq(table.keyHash, hashSecret(key)));
  if (!row) return { state: 'unknown' };
  if (row.used) return { state: 'used', userId: row.userId };
  if (row.expired) return { state: 'expired', userId: row.userId };
  return { state: 'valid', userId: row.userId };
}

/**
 * Marks the key used if it is still valid, in one statement, so two requests racing with the same link
 * cannot both succeed. Returns the user id, or undefined when the key was not (or no longer) valid.
 */
export async function consumeLinkKey(
  db: Queryable,
  kind: LinkKind,
  key: string,
): Promise<number | undefined> {
  const table = tables[kind];
  const [row] = await db
    .update(table)
    .set(spent())
    .where(usableKey(table, key))
    .returning({ userId: table.userId });
  return row?.userId;
}

/** A new password or confirmation makes the user's other outstanding links of that kind useless. */
export async function expireLinkKeysOf(db: Queryable, kind: LinkKind, userId: number): Promise<void> {
  const table = tables[kind];
  await db.update(table).set(spent()).where(unusedKeysOf(table, userId));
}
