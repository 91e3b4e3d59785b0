/**
 * Lockout after repeated failed logins, counted per e-mail address whether or not an account has it
 * (answering differently for unknown addresses would reveal which ones exist). The owner of a locked
 * account gets back in at once through the password-reset e-mail, which clears the count; a stranger
 * who does not read that mailbox cannot.
 */
import type { Queryable } from '../../db/database.js';
import { and, eq, gt, sql } from '../../db/orm.js';
import { loginFailures } from '../../db/schema.js';

/** REFERENCE: "lock after 6 failed attempts". */
export const MAX_FAILED_LOGINS = 6;

export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export async function lockedUntil(db: Queryable, email: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ lockedUntil: loginFailures.lockedUntil })
    .from(loginFailures)
    .where(and(eq(loginFailures.emailKey, emailKey(email)), gt(loginFailures.lockedUntil, sql`now()`)));
  return row?.lockedUntil ?? undefined;
}

/**
 * Counts one failure; failures a day old no longer count. Returns true when this failure locks the address
 * (the count then starts again, so the next lock also needs six failures).
 */
export async function recordLoginFailure(
  db: Queryable,
  email: string,
  lockoutMinutes: number,
): Promise<boolean> {
  const [row] = await db
    .insert(loginFailures)
    .values({ emailKey: emailKey(email), failures: 1 })
    .onConflictDoUpdate({
      target: loginFailures.emailKey,
      set: {
        failures: sql`CASE WHEN ${loginFailures.lastFailureAt} < now() - interval '1 day' THEN 1 ELSE ${loginFailures.failures} + 1 END`,
        lastFailureAt: sql`now()`,
      },
    })
    .returning({ failures: loginFailures.failures });
  if (!row || row.failures < MAX_FAILED_LOGINS) return false;
  await db
    .update(loginFailures)
    .set({ failures: 0, lockedUntil: sql`now() + make_interval(mins => ${lockoutMinutes})` })
    .where(eq(loginFailures.emailKey, emailKey(email)));
  return true;
}

export async function clearLoginFailures(db: Queryable, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.emailKey, emailKey(email)));
}
