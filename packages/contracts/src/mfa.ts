import { z } from './zod.js';
import { CurrentPasswordSchema, MFA_CODE_LENGTH, requiredError } from './accounts.js';
import { successEnvelope } from './envelope.js';

/**
 * The authenticator-app second factor (TOTP, RFC 6238) of the /api/user/mfa calls: set it up with a QR code and a
 * first code, turn it off, replace its recovery codes; and the codes a login's second step accepts.
 */

/** How many single-use recovery codes come with the factor (each set replaces the previous one). */
export const RECOVERY_CODE_COUNT = 10;

/**
 * A recovery code as shown: four groups of six base-32 characters, e.g. "k7m2qx-4tzab3-c5de2f-ghij7k" (120 random
 * bits, so that even the stored hash cannot be reversed by trying them all: ASVS 5.0 6.5.2 asks for 112 bits
 * before a plain hash will do). Typed in either case, dashes optional.
 */
const RECOVERY_CODE = '[A-Za-z2-7]{6}(?:-?[A-Za-z2-7]{6}){3}';
const APP_CODE = `[0-9]{${MFA_CODE_LENGTH}}`;
/** The longest code a login's second step takes: a recovery code with its three dashes. */
export const LOGIN_CODE_MAX_LENGTH = 4 * 6 + 3;
const CODE_REQUIRED = requiredError('Code is required');

export const RecoveryCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^${RECOVERY_CODE}$`), 'A recovery code looks like abcdef-gh23ij-klmn4p-qrstuv');

/** The code of the second step of a login: the SMS or app code, or a recovery code. */
export const LoginCodeSchema = z
  .string()
  .trim()
  .min(1, CODE_REQUIRED)
  .regex(
    new RegExp(`^(?:${APP_CODE}|${RECOVERY_CODE})$`),
    `Enter the ${MFA_CODE_LENGTH}-digit code, or a recovery code`,
  );

/** The code the authenticator app shows now (no recovery code). */
export const AppCodeSchema = z
  .string()
  .trim()
  .min(1, CODE_REQUIRED)
  .regex(new RegExp(`^${APP_CODE}$`), `The code has ${MFA_CODE_LENGTH} digits`);

/** Setting the app up begins with the current password: a stolen session alone cannot. */
export const StartTotpRequestSchema = z.object({ currentPassword: CurrentPasswordSchema });
export type StartTotpRequest = z.infer<typeof StartTotpRequestSchema>;

/** The first code the app shows proves it holds the secret; then the factor is on. */
export const ConfirmTotpRequestSchema = z.object({ code: AppCodeSchema });
export type ConfirmTotpRequest = z.infer<typeof ConfirmTotpRequestSchema>;

/** Turning the app off: the current password and a code of the app, or an unused recovery code. */
export const DisableTotpRequestSchema = z.object({
  currentPassword: CurrentPasswordSchema,
  code: LoginCodeSchema,
});
export type DisableTotpRequest = z.infer<typeof DisableTotpRequestSchema>;

/** New recovery codes: the current password and a code of the app (the app proves the factor is still held). */
export const RegenerateRecoveryCodesRequestSchema = z.object({
  currentPassword: CurrentPasswordSchema,
  code: AppCodeSchema,
});
export type RegenerateRecoveryCodesRequest = z.infer<typeof RegenerateRecoveryCodesRequestSchema>;

/** GET /user/mfa: which second factors are on, and how many recovery codes are left unused. */
export const MfaStatusSchema = z.object({
  /** The SMS code (the seed's MFA, User.usingMfa with a phone). */
  sms: z.boolean(),
  /** The authenticator app, set up and confirmed. At login it is asked for rather than the SMS code. */
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int().nonnegative(),
});
export type MfaStatus = z.infer<typeof MfaStatusSchema>;

/** The start answer: what the app needs, as a QR code and as text for typing it in. */
export const TotpEnrolmentSchema = z.object({
  /** otpauth://totp/Coran-Hadith:<e-mail>?secret=…&issuer=Coran-Hadith&… */
  uri: z.string(),
  /** The shared secret in base32, to type into an app that cannot scan. */
  secret: z.string(),
  /** The URI as a QR code image: a data: URL (SVG). */
  qrCode: z.string(),
});
export type TotpEnrolment = z.infer<typeof TotpEnrolmentSchema>;

/** The confirm and regenerate answers: the recovery codes in clear, shown this once and never readable again. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()), status: MfaStatusSchema });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** GET /user/mfa and POST /user/mfa/totp/disable. */
export const MfaStatusAnswerSchema = successEnvelope(MfaStatusSchema);
export type MfaStatusAnswer = z.infer<typeof MfaStatusAnswerSchema>;

/** POST /user/mfa/totp/start. */
export const TotpEnrolmentAnswerSchema = successEnvelope(TotpEnrolmentSchema);
export type TotpEnrolmentAnswer = z.infer<typeof TotpEnrolmentAnswerSchema>;

/** POST /user/mfa/totp/confirm and POST /user/mfa/recovery-codes. */
export const RecoveryCodesAnswerSchema = successEnvelope(RecoveryCodesSchema);
export type RecoveryCodesAnswer = z.infer<typeof RecoveryCodesAnswerSchema>;
