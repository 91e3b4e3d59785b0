/**
 * The keys of the "this wasn't me" links (change-notices.ts): random, stored hashed, with the address the notice
 * was sent to; valid for a limited time and usable once.
 */
import type { Queryable } from '../../db/database.js';
import { changeReports } from '../../db/schema.js';
import { newKeyRow, spent, unusedKeysOf, usableKey } from './link-key-tables.js';

/** Creates a key for the notice sent to `notifiedEmail`; returns it in clear for the e-mail. */
export async function createReportKey(
  db: Queryable,
  userId: number,
  notifiedEmail: string,
  validMinutes: number,
): Promise<string> {
  const { key, stored } = newKeyRow(validMinutes);
  await db.insert(changeReports).values({
    userId,
    notifiedEmail,
    ...stored,
  });
  return key;
}

/**
 * Uses the key if it is still valid, in one statement (two clicks racing cannot both count), and spends the user's
 * other report keys with it. Returns whom it was about and the address notified, or undefined.
 */
export async function consumeReportKey(
  db: Queryable,
  key: string,
): Promise<{ userId: number; notifiedEmail: string } | undefined> {
  const [report] = await db
    .update(changeReports)
    .set(spent())
    .where(usableKey(changeReports, key))
    .returning({ userId: changeReports.userId, notifiedEmail: changeReports.notifiedEmail });
  if (!report) return undefined;
  await db.update(changeReports).set(spent()).where(unusedKeysOf(changeReports, report.userId));
  return report;
}
