/** Registration and the confirmation of the e-mail address by the link sent to it. */
import type { RegisterRequest, User } from '@app/contracts';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { createOwnOrganisation } from './own-organisation.js';
import { enqueueEmail } from '../outbox/outbox.module.js';
import type { AccountsContext } from './accounts-context.js';
import { confirmationEmail } from './account-messages.js';
import {
  consumeLinkKey,
  createLinkKey,
  expireLinkKeysOf,
  inspectLinkKey,
  keyGivenWithin,
} from './link-keys.repository.js';
import { assertPasswordStrongEnough } from './password-strength.js';
import { hashPassword } from './passwords.js';
import { findUserById, insertUser, toApiUser, updateUser } from './users.repository.js';

export const LINK_NOT_VALID = 'This link is not valid.';

/** Queues the confirmation e-mail with a new key; call inside the transaction that needs it. */
export async function sendConfirmationEmail(
  ctx: AccountsContext,
  tx: Queryable,
  user: { id: number; firstName: string; email: string },
): Promise<void> {
  const hours = ctx.config.auth.accountLinkHours;
  const key = await createLinkKey(tx, 'account', user.id, hours * 60);
  const link = `${ctx.config.publicUrl}/user/verify/account/${key}`;
  await enqueueEmail(tx, { to: user.email, ...confirmationEmail(user.firstName, link, hours) });
}

/**
 * How long after a confirmation e-mail the next one may be sent. Whoever registered an address they do not own
 * knows the account's password: without this pause, each of their logins would send its owner another e-mail.
 */
export const CONFIRMATION_RESEND_MINUTES = 15;

/**
 * An unconfirmed account's login, with the right password, asks for the link again (the first may have expired
 * or been lost): a new one is sent unless one was sent in the last 15 minutes. True when one was sent.
 */
export async function resendConfirmationEmail(
  ctx: AccountsContext,
  user: { id: number; firstName: string; email: string },
): Promise<boolean> {
  const sent = await ctx.db.transaction(async (tx) => {
    if (await keyGivenWithin(tx, 'account', user.id, CONFIRMATION_RESEND_MINUTES)) return false;
    await sendConfirmationEmail(ctx, tx, user);
    return true;
  });
  if (sent) ctx.deliverQueued();
  return sent;
}

/** A new account and its own, empty organisation, which it owns (decision 17); the address is still to confirm. */
export async function register(
  ctx: AccountsContext,
  request: RegisterRequest,
): Promise<{ message: string; data: { user: User } }> {
  await assertPasswordStrongEnough(request.password, request);
  const passwordHash = await hashPassword(request.password);
  const user = await ctx.db.transaction(async (tx) => {
    const created = await insertUser(tx, {
      firstName: request.firstName,
      lastName: request.lastName,
      email: request.email,
      passwordHash,
      organisationId: await createOwnOrganisation(tx, request),
      roleName: 'ROLE_SYSADMIN',
    });
    await sendConfirmationEmail(ctx, tx, created);
    return created;
  });
  ctx.deliverQueued();
  return { message: `User account created for user ${user.firstName}`, data: { user: toApiUser(user) } };
}

export async function confirmAccount(ctx: AccountsContext, key: string): Promise<{ message: string }> {
  const found = await inspectLinkKey(ctx.db, 'account', key);
  if (found.state === 'unknown') throw AppError.badRequest(LINK_NOT_VALID);
  if (found.state === 'used') return { message: 'Account already verified' };
  if (found.state === 'expired') {
    throw AppError.badRequest('This link has expired. Log in to receive a new confirmation link.');
  }
  const confirmed = await ctx.db.transaction(async (tx) => {
    const userId = await consumeLinkKey(tx, 'account', key);
    if (userId === undefined) return false;
    // Each unconfirmed login sends another link, so older ones may still be valid. Confirming enables the
    // account only the first time: a stale link must not re-enable an account an administrator disabled since.
    const user = await findUserById(tx, userId);
    if (!user || user.confirmedAt) return false;
    await updateUser(tx, userId, { enabled: true, confirmedAt: new Date() });
    await expireLinkKeysOf(tx, 'account', userId);
    return true;
  });
  // Lost a race with another click on the same link, or an older link of an account already confirmed.
  return { message: confirmed ? 'Account verified' : 'Account already verified' };
}
