/**
 * The checks of a code of the authenticator-app factor: the app's code of a time step not used yet, or one of the
 * unused recovery codes. Used by the login's second step (login.service.ts) and by the changes of the factor
 * (totp.service.ts); a change of the account's other keys can use assertAppCode the same way.
 */
import { AppError } from '../../lib/app-error.js';
import type { Queryable } from '../../db/database.js';
import type { AccountsContext } from './accounts-context.js';
import { guess, tooManyCodes, userSubject } from './guess-limits.js';
import { isRecoveryCode, recoveryCodeHash, stepOfCode } from './totp-codes.js';
import { findTotpFactor, useRecoveryCode, useTotpStep } from './totp-factors.repository.js';

export const APP_CODE_INVALID = 'The code is wrong or was already used. Enter the current code of your app.';

/**
 * Whether `code` is the user's app code (of a step not used yet, which it then uses) or, when `recovery`, one of
 * their unused recovery codes (which it then marks used). Run it inside the caller's guess (assertAppCode, or the
 * login's second step).
 */
export async function checkAppCode(
  ctx: AccountsContext,
  db: Queryable,
  userId: number,
  code: string,
  { recovery }: { recovery: boolean },
): Promise<boolean> {
  const factor = await findTotpFactor(db, userId);
  if (!factor?.confirmed) return false;
  if (isRecoveryCode(code)) return recovery && useRecoveryCode(db, userId, recoveryCodeHash(userId, code));
  const step = stepOfCode(ctx.totpSecrets.open(userId, factor.encryptedSecret), code.trim());
  return step !== undefined && useTotpStep(db, userId, step);
}

/** Throws unless `code` passes checkAppCode, counted within the account's limit of wrong codes. */
export async function assertAppCode(
  ctx: AccountsContext,
  userId: number,
  code: string,
  options: { recovery: boolean },
): Promise<void> {
  const { lockoutMinutes } = ctx.config.auth;
  const outcome = await guess(ctx.db, 'CODE', userSubject(userId), lockoutMinutes, () =>
    ctx.db.transaction((tx) => checkAppCode(ctx, tx, userId, code, options)),
  );
  if (outcome === 'locked') {
    throw tooManyCodes(lockoutMinutes);
  }
  if (outcome !== 'right') throw AppError.badRequest(APP_CODE_INVALID);
}
