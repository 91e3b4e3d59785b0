/**
 * The rules of the authenticator-app forms (profile card and the login's code view), and of the proof a change of
 * the account's keys carries, as small pure functions, for the reason validation.ts gives (no zod in the screens).
 * They apply the rules of the server's schemas (packages/contracts/src/mfa.ts) with the same messages;
 * mfa-validation.test.ts checks on samples that both accept and refuse the same values.
 */
import type { ChangeFactor } from './use-change-factor';
import { MFA_CODE_LENGTH, PASSWORD_MAX_LENGTH, validateCode, type FieldErrors } from './validation';

const APP_CODE = new RegExp(`^[0-9]{${MFA_CODE_LENGTH}}$`);
/** The longest code the login's app view takes: a recovery code with its three dashes. */
export const LOGIN_CODE_MAX_LENGTH = 27;
/** Four groups of six base-32 characters, dashes optional, any case (the contracts' RECOVERY_CODE). */
const RECOVERY_CODE = /^[A-Za-z2-7]{6}(?:-?[A-Za-z2-7]{6}){3}$/;

const only = <F extends string>(errors: Record<F, string | undefined>): FieldErrors<F> =>
  Object.fromEntries(Object.entries(errors).filter(([, e]) => e !== undefined)) as FieldErrors<F>;

function currentPasswordError(value: string): string | undefined {
  if (value === '') return 'Current password is required';
  if (value.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  return undefined;
}

function appCodeError(value: string): string | undefined {
  const code = value.trim();
  if (code === '') return 'Code is required';
  return APP_CODE.test(code) ? undefined : `The code has ${MFA_CODE_LENGTH} digits`;
}

function loginCodeError(value: string): string | undefined {
  const code = value.trim();
  if (code === '') return 'Code is required';
  return APP_CODE.test(code) || RECOVERY_CODE.test(code)
    ? undefined
    : `Enter the ${MFA_CODE_LENGTH}-digit code, or a recovery code`;
}

export type CurrentPasswordValues = { currentPassword: string };

/** Setting the app up: the current password (StartTotpRequestSchema). */
export function validateCurrentPassword(
  values: CurrentPasswordValues,
): FieldErrors<keyof CurrentPasswordValues> {
  return only({ currentPassword: currentPasswordError(values.currentPassword) });
}

export type AppCodeValues = { code: string };

/** The app's first code (ConfirmTotpRequestSchema). */
export function validateAppCode(values: AppCodeValues): FieldErrors<keyof AppCodeValues> {
  return only({ code: appCodeError(values.code) });
}

/** The login's second step with the app: its code or a recovery code (LoginCodeSchema). */
export function validateLoginCode(values: AppCodeValues): FieldErrors<keyof AppCodeValues> {
  return only({ code: loginCodeError(values.code) });
}

export type PasswordAndCodeValues = { currentPassword: string; code: string };

/** Turning the app off: the current password, and its code or a recovery code (DisableTotpRequestSchema). */
export function validateTotpOff(values: PasswordAndCodeValues): FieldErrors<keyof PasswordAndCodeValues> {
  return only({
    currentPassword: currentPasswordError(values.currentPassword),
    code: loginCodeError(values.code),
  });
}

/** New recovery codes: the current password and the app's code (RegenerateRecoveryCodesRequestSchema). */
export function validateNewRecoveryCodes(
  values: PasswordAndCodeValues,
): FieldErrors<keyof PasswordAndCodeValues> {
  return only({
    currentPassword: currentPasswordError(values.currentPassword),
    code: appCodeError(values.code),
  });
}

/**
 * What a change of the account's keys (its e-mail, phone, password, turning SMS MFA off) asks for besides the
 * session (the contracts' StepUpSchema): the current password, then the code of the factor the change needs: with
 * the app on, its code or a recovery code (the login's rule, as the server takes either); with SMS, the code sent.
 * It lives here, not in validation.ts, because validation.ts is imported by this file (no import cycle).
 */
export function validateStepUp(
  values: PasswordAndCodeValues,
  { factor }: { factor: ChangeFactor },
): FieldErrors<keyof PasswordAndCodeValues> {
  const codeErrors =
    factor === 'TOTP' ? validateLoginCode(values) : factor === 'SMS' ? validateCode(values) : {};
  return { ...validateCurrentPassword(values), ...codeErrors };
}
