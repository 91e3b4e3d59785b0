/**
 * The account forms' schemas that are more than one of the contracts' requests (the other forms use the request's
 * schema itself): a request cut to the fields a form has, and the rules only a form has, a new password typed
 * twice and the code of the second factor a change needs. The messages are the contracts', the server's.
 */
import { z } from 'zod';
import {
  CurrentPasswordSchema,
  EmailSchema,
  LoginCodeSchema,
  NewPasswordRequestSchema,
  PASSWORDS_DIFFER,
  requiredError,
  UpdatePasswordRequestSchema,
  VerificationCodeSchema,
} from '@app/contracts';
import type { ChangeFactor } from './use-change-factor';

/** The address a reset link is sent to (GET /user/resetpassword/{email}). */
export const ResetEmailFormSchema = z.object({ email: EmailSchema });

/** The login's second step: the code sent by SMS. */
export const SmsCodeFormSchema = z.object({ code: VerificationCodeSchema });
/** The login's second step with the authenticator app: its code, or a recovery code. */
export const AppOrRecoveryCodeFormSchema = z.object({ code: LoginCodeSchema });

const CONFIRM_NEW_PASSWORD = requiredError('Please confirm the new password');

/** After a reset (SPEC §5): both required, no match check in the browser (the server checks it and says so). */
export const NewPasswordFormSchema = NewPasswordRequestSchema.pick({ password: true }).extend({
  confirmPassword: NewPasswordRequestSchema.shape.confirmPassword.min(1, CONFIRM_NEW_PASSWORD),
});

/**
 * A form's schema for each second factor a change of the account's keys may need, built once: with the app on,
 * its code or a recovery code (the login's rule, as the server takes either); with SMS, the code sent; without a
 * factor, no code.
 */
function byFactor<S>(build: (code: z.ZodString) => S): (factor: ChangeFactor) => S {
  const schemas = {
    TOTP: build(LoginCodeSchema),
    SMS: build(VerificationCodeSchema),
    none: build(z.string()),
  };
  return (factor) => schemas[factor ?? 'none'];
}

/**
 * What a change of the account's keys asks for besides the session (the contracts' StepUpSchema, where both are
 * optional as not every change needs them): the current password, and the code of the factor the change needs.
 */
export const stepUpFormSchema = byFactor((code) =>
  z.object({ currentPassword: CurrentPasswordSchema, code }),
);

/** The two new passwords compared, on their own: whatever else is wrong, the confirmation says they differ. */
const NewPasswordsMatchSchema = z
  .object({ newPassword: z.string(), confirmNewPassword: z.string() })
  .refine((values) => values.confirmNewPassword === values.newPassword, {
    error: PASSWORDS_DIFFER,
    path: ['confirmNewPassword'],
  });

/**
 * Changing one's password while signed in, with the proof the change needs. Unlike after a reset, the two new
 * passwords are compared here, with the server's words: the answer comes at once instead of after a round trip (a
 * confirmation equal to a valid new password is valid, hence no length rule of its own).
 */
export const passwordChangeFormSchema = byFactor((code) =>
  z.intersection(
    UpdatePasswordRequestSchema.pick({ currentPassword: true, newPassword: true }).extend({
      confirmNewPassword: z.string().min(1, CONFIRM_NEW_PASSWORD),
      code,
    }),
    NewPasswordsMatchSchema,
  ),
);

/** The current password alone, asked for before a change the server makes only with it (ending other sessions). */
export const CurrentPasswordFormSchema = z.object({ currentPassword: CurrentPasswordSchema });
