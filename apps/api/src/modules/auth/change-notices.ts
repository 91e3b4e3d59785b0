/**
 * The notice sent to an account's address when its e-mail, phone, password or second factor changes: whoever
 * made the change with a stolen session, the owner hears of it, and one link ("this wasn't me") takes the account
 * back: it gets the address the notice went to again, every session of it ends, and it is locked until its owner
 * resets the password (by a link sent to that address).
 */
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { enqueueEmail } from '../outbox/outbox.module.js';
import type { AccountsContext } from './accounts-context.js';
import { changeNoticeEmail, type CHANGE_NAMES } from './account-messages.js';
import { recordEvent, type RequestOrigin } from './events.repository.js';
import { lockUntilCleared, loginSubject } from './guess-limits.js';
import { findUserByEmail, findUserById, updateUser } from './users.repository.js';
import { consumeReportKey, createReportKey } from './change-reports.repository.js';
import { cancelEmailChanges } from './email-changes.repository.js';

export type AccountChange = keyof typeof CHANGE_NAMES;

/** Long enough for an owner who reads their mail a few days later. */
export const REPORT_LINK_DAYS = 7;

export const CHANGE_REPORTED =
  'Your account is locked and signed out everywhere. Reset your password to get back in.';
export const REPORT_LINK_NOT_VALID = 'This link is not valid or was already used.';

/**
 * Queues the notice to the account's address (the former one, for a change of address), in the caller's
 * transaction, so it exists exactly when the change was committed.
 */
export async function sendChangeNotice(
  ctx: AccountsContext,
  db: Queryable,
  user: { id: number; email: string; firstName: string },
  change: AccountChange,
): Promise<void> {
  const key = await createReportKey(db, user.id, user.email, REPORT_LINK_DAYS * 24 * 60);
  const link = `${ctx.config.publicUrl}/user/report/change/${key}`;
  await enqueueEmail(db, {
    to: user.email,
    ...changeNoticeEmail(user.firstName, change, link, REPORT_LINK_DAYS),
  });
}

/** "This wasn't me" (see above). The key is used once; the account's other report links are spent with it. */
export async function reportChange(
  ctx: AccountsContext,
  key: string,
  origin: RequestOrigin,
): Promise<{ message: string }> {
  await ctx.db.transaction(async (tx) => {
    const report = await consumeReportKey(tx, key);
    if (!report) throw AppError.badRequest(REPORT_LINK_NOT_VALID);
    const user = await findUserById(tx, report.userId);
    if (!user) throw AppError.badRequest(REPORT_LINK_NOT_VALID);
    // The address the owner reads comes back, unless another account has taken it since.
    const addressTaken = await findUserByEmail(tx, report.notifiedEmail);
    const email = addressTaken && addressTaken.id !== user.id ? user.email : report.notifiedEmail;
    if (email !== user.email) await updateUser(tx, user.id, { email });
    await cancelEmailChanges(tx, user.id);
    await lockUntilCleared(tx, 'LOGIN', loginSubject(email));
    await ctx.sessions.revokeAllOf(tx, user.id);
    await recordEvent(tx, user.id, 'ACCOUNT_SETTINGS_UPDATE', origin);
  });
  return { message: CHANGE_REPORTED };
}
