/**
 * "Forgot password": an e-mail with a one-hour, single-use link. The new password is accepted only with
 * the link's key (sent back in the body, or kept by the verify call in an HttpOnly cookie): a bare
 * userId, which the template trusted, proves nothing.
 */
import type { NewPasswordRequest, User } from '@app/contracts';
import { AppError } from '../../lib/app-error.js';
import { enqueueEmail } from '../outbox/outbox.module.js';
import type { AccountsContext } from './accounts-context.js';
import { passwordResetEmail } from './account-messages.js';
import { recordEvent, type RequestOrigin } from './events.repository.js';
import { consumeLinkKey, createLinkKey, expireLinkKeysOf, inspectLinkKey } from './link-keys.repository.js';
import { clearGuesses, loginSubject, userSubject } from './guess-limits.js';
import { assertPasswordStrongEnough, PASSWORDS_DIFFER } from './password-strength.js';
import { hashPassword } from './passwords.js';
import { LINK_NOT_VALID } from './registration.service.js';
import { findUserByEmail, findUserById, toApiUser, updateUser } from './users.repository.js';

export const RESET_EMAIL_SENT = 'Email sent. Please check your email to reset your password.';
export const RESET_LINK_EXPIRED = 'This link has expired. Please reset your password again.';

/** Answers the same whether or not an account has this e-mail. */
export async function requestPasswordReset(
  ctx: AccountsContext,
  email: string,
): Promise<{ message: string }> {
  const user = await findUserByEmail(ctx.db, email);
  if (user) {
    const minutes = ctx.config.auth.resetLinkMinutes;
    await ctx.db.transaction(async (tx) => {
      const key = await createLinkKey(tx, 'password', user.id, minutes);
      const link = `${ctx.config.publicUrl}/user/verify/password/${key}`;
      await enqueueEmail(tx, { to: user.email, ...passwordResetEmail(user.firstName, link, minutes) });
    });
    ctx.deliverQueued();
  }
  return { message: RESET_EMAIL_SENT };
}

async function assertUsableResetKey(ctx: AccountsContext, key: string): Promise<number> {
  const found = await inspectLinkKey(ctx.db, 'password', key);
  if (found.state === 'expired') throw AppError.badRequest(RESET_LINK_EXPIRED);
  if (found.state !== 'valid') throw AppError.badRequest(LINK_NOT_VALID);
  return found.userId;
}

/** The reset link was opened: the key is checked but not used up until the new password is set. */
export async function checkResetKey(
  ctx: AccountsContext,
  key: string,
): Promise<{ message: string; data: { user: User }; expiresInSeconds: number }> {
  const userId = await assertUsableResetKey(ctx, key);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw AppError.badRequest(LINK_NOT_VALID);
  return {
    message: 'Please enter a new password',
    data: { user: toApiUser(user) },
    expiresInSeconds: ctx.config.auth.resetLinkMinutes * 60,
  };
}

export async function setNewPassword(
  ctx: AccountsContext,
  request: NewPasswordRequest & { key: string },
  origin: RequestOrigin,
): Promise<{ message: string }> {
  if (request.password !== request.confirmPassword) throw AppError.badRequest(PASSWORDS_DIFFER);
  const keyOwner = await findUserById(ctx.db, await assertUsableResetKey(ctx, request.key));
  // Before the key is used up: a refused password leaves the link usable for another try.
  await assertPasswordStrongEnough(request.password, keyOwner ?? {});
  const passwordHash = await hashPassword(request.password);
  await ctx.db.transaction(async (tx) => {
    const userId = await consumeLinkKey(tx, 'password', request.key);
    if (userId === undefined || userId !== request.userId) throw AppError.badRequest(LINK_NOT_VALID);
    const user = await updateUser(tx, userId, { passwordHash });
    // Reading the reset e-mail proves the address: an unconfirmed account is confirmed by it.
    if (!user.confirmedAt) await updateUser(tx, userId, { confirmedAt: new Date(), enabled: true });
    await expireLinkKeysOf(tx, 'password', userId);
    await ctx.sessions.revokeAllOf(tx, userId);
    // Reading the reset e-mail proves the owner: the password locks end (not the second factor's).
    await clearGuesses(tx, 'LOGIN', loginSubject(user.email));
    await clearGuesses(tx, 'CURRENT_PASSWORD', userSubject(userId));
    await recordEvent(tx, userId, 'PASSWORD_UPDATE', origin);
  });
  return { message: 'Password reset successfully' };
}
