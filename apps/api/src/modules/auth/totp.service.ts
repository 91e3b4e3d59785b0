/**
 * The authenticator-app second factor (TOTP, RFC 6238): set up with the current password, a QR code and a first
 * code; ten single-use recovery codes shown once; turned off or given new recovery codes only with the current
 * password and a code. Every code of the factor is checked within the account's limit of wrong codes
 * (guess-limits.ts), the same count as the login's second step.
 */
import type {
  ConfirmTotpRequest,
  DisableTotpRequest,
  MfaStatus,
  RecoveryCodes,
  RegenerateRecoveryCodesRequest,
  StartTotpRequest,
  TotpEnrolment,
} from '@app/contracts';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import type { AccountsContext } from './accounts-context.js';
import type { Caller } from './auth-guard.js';
import { sendChangeNotice } from './change-notices.js';
import { recordEvent, type RequestOrigin } from './events.repository.js';
import { assertCurrentPassword } from './step-up.js';
import { APP_CODE_INVALID, assertAppCode } from './totp-checks.js';
import {
  newRecoveryCodes,
  newTotpSecret,
  qrCodeOf,
  recoveryCodeHash,
  stepOfCode,
  totpUri,
} from './totp-codes.js';
import {
  confirmTotp,
  countUnusedRecoveryCodes,
  deleteTotp,
  findTotpFactor,
  replaceRecoveryCodes,
  saveUnconfirmedTotp,
} from './totp-factors.repository.js';

export const TOTP_ALREADY_ON =
  'The authenticator app is already on. Turn it off first to set up another one.';
export const TOTP_NOT_STARTED = 'Start setting up the authenticator app first.';
export const TOTP_NOT_ON = 'The authenticator app is not on.';

export async function mfaStatus(db: Queryable, user: Caller['user']): Promise<MfaStatus> {
  const factor = await findTotpFactor(db, user.id);
  const totp = factor?.confirmed ?? false;
  return {
    sms: user.usingMfa && user.phone !== null,
    totp,
    recoveryCodesLeft: totp ? await countUnusedRecoveryCodes(db, user.id) : 0,
  };
}

/** A new secret waiting for its first code; answers it as a QR code, a URI and text to type. */
export async function startTotp(
  ctx: AccountsContext,
  caller: Caller,
  request: StartTotpRequest,
): Promise<TotpEnrolment> {
  const { id, email } = caller.user;
  if ((await findTotpFactor(ctx.db, id))?.confirmed) throw AppError.badRequest(TOTP_ALREADY_ON);
  await assertCurrentPassword(ctx, caller, request.currentPassword);
  const secret = newTotpSecret();
  if (!(await saveUnconfirmedTotp(ctx.db, id, ctx.totpSecrets.seal(id, secret)))) {
    throw AppError.badRequest(TOTP_ALREADY_ON);
  }
  const uri = totpUri(secret, email);
  return { uri, secret, qrCode: await qrCodeOf(uri) };
}

/** A new set of recovery codes replaces the previous one; they are answered in clear this once only. */
async function issueRecoveryCodes(db: Queryable, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(
    db,
    userId,
    codes.map((code) => recoveryCodeHash(userId, code)),
  );
  return codes;
}

/** The event on the profile and the notice to the account's address of every change of the factor. */
async function recordChange(ctx: AccountsContext, db: Queryable, caller: Caller, origin: RequestOrigin) {
  await recordEvent(db, caller.user.id, 'MFA_UPDATE', origin);
  await sendChangeNotice(ctx, db, caller.user, 'MFA');
}

/**
 * The first code of the app proves it holds the secret: the factor is on from now, and its recovery codes are
 * made. Not counted as a guess: the caller was given the secret, so there is nothing to find by guessing here.
 */
export async function confirmTotpFactor(
  ctx: AccountsContext,
  caller: Caller,
  request: ConfirmTotpRequest,
  origin: RequestOrigin,
): Promise<RecoveryCodes> {
  const { id } = caller.user;
  const recoveryCodes = await ctx.db.transaction(async (tx) => {
    const factor = await findTotpFactor(tx, id);
    if (!factor) throw AppError.badRequest(TOTP_NOT_STARTED);
    if (factor.confirmed) throw AppError.badRequest(TOTP_ALREADY_ON);
    const step = stepOfCode(ctx.totpSecrets.open(id, factor.encryptedSecret), request.code);
    if (step === undefined) throw AppError.badRequest(APP_CODE_INVALID);
    if (!(await confirmTotp(tx, id, step))) throw AppError.badRequest(TOTP_ALREADY_ON);
    const codes = await issueRecoveryCodes(tx, id);
    await recordChange(ctx, tx, caller, origin);
    return codes;
  });
  ctx.deliverQueued();
  return { recoveryCodes, status: await mfaStatus(ctx.db, caller.user) };
}

/** Turning the app off needs the current password and a code of the app or an unused recovery code. */
export async function disableTotp(
  ctx: AccountsContext,
  caller: Caller,
  request: DisableTotpRequest,
  origin: RequestOrigin,
): Promise<MfaStatus> {
  const { id } = caller.user;
  if (!(await findTotpFactor(ctx.db, id))?.confirmed) throw AppError.badRequest(TOTP_NOT_ON);
  await assertCurrentPassword(ctx, caller, request.currentPassword);
  await assertAppCode(ctx, id, request.code, { recovery: true });
  await ctx.db.transaction(async (tx) => {
    await deleteTotp(tx, id);
    await recordChange(ctx, tx, caller, origin);
  });
  ctx.deliverQueued();
  return mfaStatus(ctx.db, caller.user);
}

/** New recovery codes need the current password and a code of the app (a recovery code would not prove it). */
export async function regenerateRecoveryCodes(
  ctx: AccountsContext,
  caller: Caller,
  request: RegenerateRecoveryCodesRequest,
  origin: RequestOrigin,
): Promise<RecoveryCodes> {
  const { id } = caller.user;
  if (!(await findTotpFactor(ctx.db, id))?.confirmed) throw AppError.badRequest(TOTP_NOT_ON);
  await assertCurrentPassword(ctx, caller, request.currentPassword);
  await assertAppCode(ctx, id, request.code, { recovery: false });
  const recoveryCodes = await ctx.db.transaction(async (tx) => {
    const codes = await issueRecoveryCodes(tx, id);
    await recordChange(ctx, tx, caller, origin);
    return codes;
  });
  ctx.deliverQueued();
  return { recoveryCodes, status: await mfaStatus(ctx.db, caller.user) };
}
