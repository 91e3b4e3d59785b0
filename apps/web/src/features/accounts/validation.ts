/**
 * The rules of SPEC §5 for the account forms, as small pure functions.
 *
 * Why not the shared zod schemas: zod 4 probes `new Function` on its first parse unless configured
 * jitless, which the site's Content-Security-Policy (no unsafe-eval) reports, and it would add a validation
 * library to screens that check five fields. These functions apply the same rules as the server's schemas
 * (packages/contracts/src/accounts.ts), with the same messages, and validation.test.ts checks on a set of
 * samples that both accept and refuse the same values, so the two cannot drift apart unnoticed.
 *
 * Where SPEC §5 and the server differ, the server's rule is shown: it is the one that decides (passwords of
 * at least 8 characters, decision 0006, where the template's client asked for 4).
 */

/** Equal to the contracts' constants (checked by the tests); not imported, as that module holds schemas. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const MFA_CODE_LENGTH = 6;
/** The longest organisation name, and how many days an invitation's link stays valid. */
export const ORGANISATION_NAME_MAX_LENGTH = 100;
export const INVITATION_VALID_DAYS = 7;
const NAME_MIN_LENGTH = 2;
const NAME_MAX_LENGTH = 100;
const EMAIL_MAX_LENGTH = 254;

/** The e-mail pattern the server's schema uses (zod's). */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

function emailError(value: string): string | undefined {
  const email = value.trim();
  if (email === '') return 'Email is required';
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return 'Enter a valid e-mail address';
  return undefined;
}

function nameError(label: string, value: string): string | undefined {
  const name = value.trim();
  if (name === '') return `${label} is required`;
  if (name.length < NAME_MIN_LENGTH) return `${label} must be at least ${NAME_MIN_LENGTH} characters`;
  if (name.length > NAME_MAX_LENGTH) return `${label} must be at most ${NAME_MAX_LENGTH} characters`;
  return undefined;
}

/** A password being chosen: the server's length rule. */
function newPasswordError(value: string): string | undefined {
  if (value === '') return 'Password is required';
  if (value.length < PASSWORD_MIN_LENGTH)
    return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (value.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  return undefined;
}

/** Drops the fields without an error, so "no keys" means valid. */
function only<F extends string>(errors: Record<F, string | undefined>): FieldErrors<F> {
  return Object.fromEntries(Object.entries(errors).filter(([, e]) => e !== undefined)) as FieldErrors<F>;
}

export type LoginValues = { email: string; password: string };

/** Login: both required. Any length of password is tried: an older account may have a shorter one. */
export function validateLogin(values: LoginValues): FieldErrors<keyof LoginValues> {
  return only({
    email: emailError(values.email),
    password:
      values.password === ''
        ? 'Password is required'
        : values.password.length > PASSWORD_MAX_LENGTH
          ? `Password must be at most ${PASSWORD_MAX_LENGTH} characters`
          : undefined,
  });
}

export type CodeValues = { code: string };

export function validateCode(values: CodeValues): FieldErrors<keyof CodeValues> {
  const code = values.code.trim();
  return only({
    code:
      code === ''
        ? 'Code is required'
        : new RegExp(`^[0-9]{${MFA_CODE_LENGTH}}$`).test(code)
          ? undefined
          : `The code has ${MFA_CODE_LENGTH} digits`,
  });
}

export type RegistrationValues = { firstName: string; lastName: string; email: string; password: string };

export function validateRegistration(values: RegistrationValues): FieldErrors<keyof RegistrationValues> {
  return only({
    firstName: nameError('First name', values.firstName),
    lastName: nameError('Last name', values.lastName),
    email: emailError(values.email),
    password: newPasswordError(values.password),
  });
}

/** Creating the invited account from an invitation's link: the address is the invited one, not typed. */
export type InvitationSignUpValues = { firstName: string; lastName: string; password: string };

export function validateInvitationSignUp(
  values: InvitationSignUpValues,
): FieldErrors<keyof InvitationSignUpValues> {
  return only({
    firstName: nameError('First name', values.firstName),
    lastName: nameError('Last name', values.lastName),
    password: newPasswordError(values.password),
  });
}

/** Inviting someone: their address (the role comes from a select that offers only valid ones). */
export type InvitationValues = { email: string };

export function validateInvitation(values: InvitationValues): FieldErrors<keyof InvitationValues> {
  return only({ email: emailError(values.email) });
}

export type OrganisationNameValues = { name: string };

/** Renaming the organisation: the server's messages. */
export function validateOrganisationName(
  values: OrganisationNameValues,
): FieldErrors<keyof OrganisationNameValues> {
  const name = values.name.trim();
  return only({
    name:
      name === ''
        ? 'Enter the organisation name'
        : name.length > ORGANISATION_NAME_MAX_LENGTH
          ? `The organisation name has at most ${ORGANISATION_NAME_MAX_LENGTH} characters`
          : undefined,
  });
}

export type ResetValues = { email: string };

export function validateResetEmail(values: ResetValues): FieldErrors<keyof ResetValues> {
  return only({ email: emailError(values.email) });
}

export type NewPasswordValues = { password: string; confirmPassword: string };

/** SPEC §5: both required, no match check in the browser (the server checks it and says so). */
export function validateNewPassword(values: NewPasswordValues): FieldErrors<keyof NewPasswordValues> {
  return only({
    password: newPasswordError(values.password),
    confirmPassword:
      values.confirmPassword === ''
        ? 'Please confirm the new password'
        : values.confirmPassword.length > PASSWORD_MAX_LENGTH
          ? `Password must be at most ${PASSWORD_MAX_LENGTH} characters`
          : undefined,
  });
}

const PHONE_MAX_LENGTH = 30;
/**
 * The server's phone pattern: digits with an optional leading +, spaces, dots, dashes and brackets. The server
 * also checks that the number can exist and keeps it in E.164; that check needs libphonenumber-js's metadata,
 * which this page does not load (about 29 KB compressed), so its reason comes back in the form's banner.
 */
const PHONE_PATTERN = /^\+?[0-9 ().-]{6,30}$/;
/** The longest address, title and bio the server keeps. */
export const PROFILE_TEXT_MAX_LENGTH = { address: 200, title: 100, bio: 1000 } as const;

function phoneError(value: string): string | undefined {
  const phone = value.trim();
  if (phone === '') return undefined;
  if (phone.length > PHONE_MAX_LENGTH || !PHONE_PATTERN.test(phone))
    return 'Enter a phone number with digits only (spaces, dashes and + allowed)';
  return undefined;
}

function optionalTextError(label: string, value: string, max: number): string | undefined {
  return value.trim().length > max ? `${label} must be at most ${max} characters` : undefined;
}

export type ProfileValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  title: string;
  bio: string;
};

/** The profile form (PATCH /user/update): the server's rules. */
export function validateProfile(values: ProfileValues): FieldErrors<keyof ProfileValues> {
  return only({
    firstName: nameError('First name', values.firstName),
    lastName: nameError('Last name', values.lastName),
    email: emailError(values.email),
    phone: phoneError(values.phone),
    address: optionalTextError('Address', values.address, PROFILE_TEXT_MAX_LENGTH.address),
    title: optionalTextError('Title', values.title, PROFILE_TEXT_MAX_LENGTH.title),
    bio: optionalTextError('Bio', values.bio, PROFILE_TEXT_MAX_LENGTH.bio),
  });
}

export type PasswordChangeValues = {
  currentPassword: string;
  newPassword: string;
  confirmNewPassword: string;
};

/** The password re-entered to prove it is the account's owner: any length the server may have kept. */
function currentPasswordError(value: string): string | undefined {
  if (value === '') return 'Current password is required';
  if (value.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  return undefined;
}

/** The server's words when the two new passwords differ. */
export const PASSWORDS_DIFFER = "Passwords don't match. Please try again.";

/**
 * Changing one's password while signed in. Unlike SPEC §5's reset form, the two new passwords are compared
 * here too, with the server's words: the answer comes at once instead of after a round trip.
 */
export function validatePasswordChange(
  values: PasswordChangeValues,
): FieldErrors<keyof PasswordChangeValues> {
  return only({
    currentPassword: currentPasswordError(values.currentPassword),
    newPassword: newPasswordError(values.newPassword),
    confirmNewPassword:
      values.confirmNewPassword === ''
        ? 'Please confirm the new password'
        : values.confirmNewPassword !== values.newPassword
          ? PASSWORDS_DIFFER
          : undefined,
  });
}
