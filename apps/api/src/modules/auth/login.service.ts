/**
 * Login, with or without a second step (the SMS code, or the authenticator app's code). A wrong e-mail and a
 * wrong password get the same answer after the same work (an argon2 check either way); the account's own state
 * is told only to whoever knows its password.
 */
import type { LoginData, LoginRequest, TokenData } from '@app/contracts';
import { AppError } from '../../lib/app-error.js';
import { enqueueSms } from '../outbox/outbox.module.js';
import type { AccountsContext } from './accounts-context.js';
import { verificationCodeSms } from './account-messages.js';
import { recordEvent, type RequestOrigin } from './events.repository.js';
import { guess, loginSubject, tooManyCodes, userSubject } from './guess-limits.js';
import { checkMfaCode, issueMfaCode, MFA_CODE_MINUTES, openAppCodeStep } from './mfa-codes.js';
import { hasConfirmedTotp } from './totp-factors.repository.js';
import { checkAppCode } from './totp-checks.js';
import { resendConfirmationEmail } from './registration.service.js';
import { findUserByEmail, toApiUser, type UserRecord } from './users.repository.js';
import { verifyPassword } from './passwords.js';

export const BAD_CREDENTIALS = 'Incorrect email or password';
export const CODE_INVALID = 'Code is invalid. Please try again.';
export const CODE_EXPIRED = 'This code has expired. Please login again.';

function lockedOut(minutes: number) {
  return new AppError(
    429,
    `Too many failed login attempts. Please try again in ${minutes} minutes, or reset your password to get back in now.`,
  );
}

/** What an account that proved its password may still be refused for. */
async function refuseUnusableAccount(ctx: AccountsContext, user: UserRecord): Promise<void> {
  if (!user.confirmedAt) {
    // A new link at most every 15 minutes; the answer is the same whether this login sent it or an earlier one.
    await resendConfirmationEmail(ctx, user);
    throw AppError.forbidden(
      'Your account is not confirmed yet. We have sent you a confirmation link: please check your email.',
    );
  }
  if (!user.enabled) throw AppError.forbidden('User account is currently disabled');
  if (!user.notLocked) throw AppError.forbidden('User account is currently locked');
}

export async function logIn(
  ctx: AccountsContext,
  request: LoginRequest,
  origin: RequestOrigin,
): Promise<{ message: string; data: LoginData }> {
  const { db, config } = ctx;
  const { lockoutMinutes } = config.auth;
  const user = await findUserByEmail(db, request.email);
  const outcome = await guess(db, 'LOGIN', loginSubject(request.email), lockoutMinutes, () =>
    verifyPassword(user?.passwordHash, request.password),
  );
  if (outcome !== 'right' && user) {
    await db.transaction(async (tx) => {
      await recordEvent(tx, user.id, 'LOGIN_ATTEMPT', origin);
      await recordEvent(tx, user.id, 'LOGIN_ATTEMPT_FAILURE', origin);
    });
  }
  if (outcome === 'locked') throw lockedOut(lockoutMinutes);
  if (outcome !== 'right' || !user) throw AppError.unauthorized(BAD_CREDENTIALS);

  await refuseUnusableAccount(ctx, user);

  // The authenticator app, when set up, is asked for rather than the SMS code: it is the stronger factor.
  if (await hasConfirmedTotp(db, user.id)) {
    await db.transaction(async (tx) => {
      await recordEvent(tx, user.id, 'LOGIN_ATTEMPT', origin);
      await openAppCodeStep(tx, user.id);
    });
    return { message: 'Authenticator Code Required', data: { user: toApiUser(user), factor: 'TOTP' } };
  }

  if (user.usingMfa && user.phone) {
    const phone = user.phone;
    await db.transaction(async (tx) => {
      await recordEvent(tx, user.id, 'LOGIN_ATTEMPT', origin);
      const code = await issueMfaCode(tx, user.id, 'LOGIN');
      await enqueueSms(tx, { to: phone, text: verificationCodeSms(code, MFA_CODE_MINUTES) });
    });
    ctx.deliverQueued();
    return { message: 'Verification Code Sent', data: { user: toApiUser(user) } };
  }

  const tokens = await db.transaction(async (tx) => {
    await recordEvent(tx, user.id, 'LOGIN_ATTEMPT', origin);
    await recordEvent(tx, user.id, 'LOGIN_ATTEMPT_SUCCESS', origin);
    return ctx.sessions.open(tx, user, origin);
  });
  return { message: 'Login Success', data: { user: toApiUser(user), ...tokens } };
}

/**
 * The second step of an MFA login: the code sent by SMS, or the authenticator app's code or one of its recovery
 * codes. Only after the password step (a pending mfa_codes row): a code alone never logs in.
 */
export async function verifyCode(
  ctx: AccountsContext,
  email: string,
  code: string,
  origin: RequestOrigin,
): Promise<{ message: string; data: TokenData }> {
  const { db } = ctx;
  const user = await findUserByEmail(db, email);
  if (!user) throw AppError.badRequest(CODE_EXPIRED);
  const { lockoutMinutes } = ctx.config.auth;
  // Codes are counted per account across logins (guess-limits.ts), besides each code's own few tries.
  const outcome = await guess(db, 'CODE', userSubject(user.id), lockoutMinutes, async () => {
    const check = await db.transaction((tx) =>
      checkMfaCode(tx, user.id, 'LOGIN', code, (tx) =>
        checkAppCode(ctx, tx, user.id, code, { recovery: true }),
      ),
    );
    return check === 'expired' ? undefined : check === 'accepted';
  });
  if (outcome === 'void') throw AppError.badRequest(CODE_EXPIRED);
  if (outcome !== 'right') await recordEvent(db, user.id, 'LOGIN_ATTEMPT_FAILURE', origin);
  if (outcome === 'locked') throw tooManyCodes(lockoutMinutes);
  if (outcome === 'wrong') throw AppError.badRequest(CODE_INVALID);
  // The account may have been disabled in the minutes between the two steps.
  await refuseUnusableAccount(ctx, user);
  const tokens = await db.transaction(async (tx) => {
    await recordEvent(tx, user.id, 'LOGIN_ATTEMPT_SUCCESS', origin);
    return ctx.sessions.open(tx, user, origin);
  });
  return { message: 'Login Success', data: { user: toApiUser(user), ...tokens } };
}
