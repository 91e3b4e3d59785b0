/**
 * What the tables of one-time link keys have in common (account confirmation, password reset, "this wasn't me",
 * a new e-mail address): each row holds a key's hash, whose it is, when it expires and when it was used. A key is
 * used by an UPDATE that also tests it, in one statement, so two clicks racing with the same link cannot both count.
 */
import { and, eq, gt, isNull, sql, type AnyPgColumn } from '../../db/orm.js';
import { hashSecret, newLinkKey } from './one-time-keys.js';

type LinkKeyColumns = {
  userId: AnyPgColumn;
  keyHash: AnyPgColumn;
  expiresAt: AnyPgColumn;
  usedAt: AnyPgColumn;
};

/** An expiry `minutes` from now, by the database's clock (the one usableKey compares with). */
const minutesFromNow = (minutes: number) => sql`now() + make_interval(mins => ${minutes})`;

/**
 * A new key valid for `validMinutes`: `key` in clear, for the link, and `stored`, the columns its row keeps (its
 * hash, never the key, and its expiry).
 */
export function newKeyRow(validMinutes: number) {
  const key = newLinkKey();
  return { key, stored: { keyHash: hashSecret(key), expiresAt: minutesFromNow(validMinutes) } };
}

/** The row of `key` while it can be used: never used and not expired. */
export const usableKey = (table: LinkKeyColumns, key: string) =>
  and(eq(table.keyHash, hashSecret(key)), isNull(table.usedAt), gt(table.expiresAt, sql`now()`));

/** The user's keys not used yet (expired or not). */
export const unusedKeysOf = (table: LinkKeyColumns, userId: number) =>
  and(eq(table.userId, userId), isNull(table.usedAt));

/** What an UPDATE sets to spend a key. */
export const spent = () => ({ usedAt: sql`now()` });
