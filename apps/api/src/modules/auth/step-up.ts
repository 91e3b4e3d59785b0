/**
 * Proof, besides the session, that the account's owner is making a change of its keys (e-mail, phone, password,
 * turning MFA off): the current password, then a code of the second factor when the account has one. A stolen
 * access token alone changes none of them. Both checks are counted against the account's guess limits.
 * Turning the SMS factor on needs the password and a code sent to the phone: the phone is proven to receive the
 * codes before a login relies on it.
 */
import type { StepUp } from '@app/contracts';
import { enqueueSms } from '../outbox/outbox.module.js';
import { AppError } from '../../lib/app-error.js';
import type { AccountsContext } from './accounts-context.js';
import { verificationCodeSms } from './account-messages.js';
import type { Caller } from './auth-guard.js';
import { guess, tooManyCodes, userSubject } from './guess-limits.js';
import { checkMfaCode, issueMfaCode, MFA_CODE_MINUTES } from './mfa-codes.js';
import { verifyPassword } from './passwords.js';
import { assertAppCode } from './totp-checks.js';
import { hasConfirmedTotp } from './totp-factors.repository.js';

export const PASSWORD_NEEDED = 'Enter your current password to make this change.';
export const CODE_NEEDED = 'Enter the code we sent by SMS to make this change.';
export const APP_CODE_NEEDED =
  'Enter the code of your authenticator app (or a recovery code) to make this change.';
export const CODE_WRONG = 'The code is wrong or has expired. Ask for a new one and try again.';
export const NO_PHONE = 'Add a phone number to your account first: the code is sent to it by SMS.';

/**
 * The caller re-entered their password to change the account: checked within the account's limit of wrong
 * current passwords (guess-limits.ts), so a stolen session cannot use this check to guess it.
 */
export async function assertCurrentPassword(
  ctx: AccountsContext,
  caller: Caller,
  password: string,
): Promise<void> {
  const { lockoutMinutes } = ctx.config.auth;
  const outcome = await guess(ctx.db, 'CURRENT_PASSWORD', userSubject(caller.user.id), lockoutMinutes, () =>
    verifyPassword(caller.user.passwordHash, password),
  );
  if (outcome === 'locked') {
    throw new AppError(429, `Too many wrong passwords. Please try again in ${lockoutMinutes} minutes.`);
  }
  if (outcome !== 'right') throw AppError.badRequest('Incorrect current password. Please try again.');
}

/** Whether the account has the SMS second factor on. */
const usesSms = (user: Caller['user']) => user.usingMfa && user.phone !== null;

/**
 * Sends a fresh SMS code to the account's phone for a change of the account (it replaces any code sent before):
 * the second factor of a change when SMS MFA is on, or the proof that the phone receives codes before it is on.
 */
export async function sendStepUpCode(ctx: AccountsContext, caller: Caller): Promise<void> {
  const phone = caller.user.phone;
  if (!phone) throw AppError.badRequest(NO_PHONE);
  await ctx.db.transaction(async (tx) => {
    const code = await issueMfaCode(tx, caller.user.id, 'CHANGE');
    await enqueueSms(tx, { to: phone, text: verificationCodeSms(code, MFA_CODE_MINUTES) });
  });
  ctx.deliverQueued();
}

/**
 * Throws unless `stepUp` holds the caller's current password and, with a second factor on, its code: the
 * authenticator app's (or a recovery code) when the app is on, as at login, else the SMS code.
 */
export async function assertStepUp(ctx: AccountsContext, caller: Caller, stepUp: StepUp): Promise<void> {
  if (!stepUp.currentPassword) throw AppError.badRequest(PASSWORD_NEEDED);
  await assertCurrentPassword(ctx, caller, stepUp.currentPassword);
  const code = stepUp.code;
  if (await hasConfirmedTotp(ctx.db, caller.user.id)) {
    if (!code) throw AppError.badRequest(APP_CODE_NEEDED);
    return assertAppCode(ctx, caller.user.id, code, { recovery: true });
  }
  if (usesSms(caller.user)) await assertSmsCode(ctx, caller, code);
}

/**
 * Throws unless `stepUp` holds the caller's current password and a code sent to the account's phone (whatever
 * other factor is on): what turning the SMS factor on needs, so that no login asks for a code that never arrives.
 */
export async function assertPhoneProof(ctx: AccountsContext, caller: Caller, stepUp: StepUp): Promise<void> {
  if (!stepUp.currentPassword) throw AppError.badRequest(PASSWORD_NEEDED);
  await assertCurrentPassword(ctx, caller, stepUp.currentPassword);
  await assertSmsCode(ctx, caller, stepUp.code);
}

/** The SMS code of a change, counted against the account's limit of wrong codes. */
async function assertSmsCode(ctx: AccountsContext, caller: Caller, code: string | undefined): Promise<void> {
  if (!code) throw AppError.badRequest(CODE_NEEDED);
  const { lockoutMinutes } = ctx.config.auth;
  const outcome = await guess(ctx.db, 'CODE', userSubject(caller.user.id), lockoutMinutes, async () => {
    const check = await ctx.db.transaction((tx) => checkMfaCode(tx, caller.user.id, 'CHANGE', code));
    return check === 'expired' ? undefined : check === 'accepted';
  });
  if (outcome === 'locked') throw tooManyCodes(lockoutMinutes);
  if (outcome !== 'right') throw AppError.badRequest(CODE_WRONG);
}
