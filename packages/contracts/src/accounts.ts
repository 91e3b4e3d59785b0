import { z } from './zod.js';
import { successEnvelope } from './envelope.js';

/**
 * Accounts: the requests of the /api/user calls and what the API answers (REFERENCE §1).
 * One schema, three uses: the server validates with it, the handlers are typed by it,
 * and the forms of the web app check the same rules before sending.
 */

export const ROLE_NAMES = ['ROLE_USER', 'ROLE_MANAGER', 'ROLE_ADMIN', 'ROLE_SYSADMIN'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];
export const RoleNameSchema = z.enum(ROLE_NAMES);

export const PERMISSIONS = [
  'READ:USER',
  'READ:CUSTOMER',
  'UPDATE:USER',
  'UPDATE:CUSTOMER',
  'CREATE:USER',
  'CREATE:CUSTOMER',
  'DELETE:USER',
  'DELETE:CUSTOMER',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const EVENT_TYPES = [
  'LOGIN_ATTEMPT',
  'LOGIN_ATTEMPT_FAILURE',
  'LOGIN_ATTEMPT_SUCCESS',
  'PROFILE_UPDATE',
  'PROFILE_PICTURE_UPDATE',
  'ROLE_UPDATE',
  'ACCOUNT_SETTINGS_UPDATE',
  'PASSWORD_UPDATE',
  'MFA_UPDATE',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Limits shared by the forms and the server. */
export const PASSWORD_MIN_LENGTH = 8;
/** argon2 hashes any length, but a multi-megabyte "password" is only a way to burn CPU. */
export const PASSWORD_MAX_LENGTH = 128;
export const MFA_CODE_LENGTH = 6;
/** The longest address, title and bio a profile keeps. */
export const PROFILE_TEXT_MAX_LENGTH = { address: 200, title: 100, bio: 1000 } as const;

/** Said for a password or its confirmation that is too long, whichever field it is. */
const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
/** The server's words when two new passwords differ (the web's password change form says them too). */
export const PASSWORDS_DIFFER = "Passwords don't match. Please try again.";

/**
 * The parameters of a `min(1)` check: an empty field says it is required, and nothing more (the checks after it,
 * which would only repeat it, do not run).
 */
export const requiredError = (message: string) => ({ error: message, abort: true });
const requiredName = (label: string) =>
  z
    .string()
    .trim()
    .min(1, requiredError(`${label} is required`))
    .min(2, `${label} must be at least 2 characters`)
    .max(100, `${label} must be at most 100 characters`);
export const EmailSchema = z
  .string()
  .trim()
  .min(1, requiredError('Email is required'))
  .max(254, 'Enter a valid e-mail address')
  .pipe(z.email('Enter a valid e-mail address'));
const PasswordSchema = z
  .string()
  .min(1, requiredError('Password is required'))
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG);
/** The password that proves the account's owner: any length the account may have been given under older rules. */
export const CurrentPasswordSchema = z
  .string()
  .min(1, 'Current password is required')
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG);
/** An optional profile text: blank means "none". */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));
/**
 * A phone number as typed: digits with an optional +, spaces, dots, dashes and brackets, at most 30 characters
 * (the lookahead), in one check so that one message is said once.
 */
export const PhoneTextSchema = z
  .string()
  .trim()
  .regex(
    /^(?=.{0,30}$)\+?[0-9 ().-]{6,30}$/,
    'Enter a phone number with digits only (spaces, dashes and + allowed)',
  );
export const LoginRequestSchema = z.object({
  email: EmailSchema,
  // Not the creation rules: an account made under older rules must still be able to log in.
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const RegisterRequestSchema = z.object({
  firstName: requiredName('First name'),
  lastName: requiredName('Last name'),
  email: EmailSchema,
  password: PasswordSchema,
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

export const NewPasswordRequestSchema = z.object({
  userId: z.coerce.number().int().positive(),
  password: PasswordSchema,
  confirmPassword: z.string().max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
  /** The key of the reset link; may be omitted when the verify call set the reset cookie. */
  key: z.string().max(200).optional(),
});
export type NewPasswordRequest = z.infer<typeof NewPasswordRequestSchema>;

/**
 * What a change of the account's keys (e-mail, phone, password, turning MFA off) needs besides the session: the
 * current password, and a code of the second factor when the account has one (SMS: ask for it with
 * POST /user/step-up/code first; authenticator app: its code or a recovery code). A stolen session alone cannot.
 */
export const StepUpSchema = z.object({
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  code: z.string().trim().max(32).optional(),
});
export type StepUp = z.infer<typeof StepUpSchema>;

export const UpdatePasswordRequestSchema = z.object({
  currentPassword: CurrentPasswordSchema,
  newPassword: PasswordSchema,
  confirmNewPassword: z.string().max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
  code: StepUpSchema.shape.code,
});
export type UpdatePasswordRequest = z.infer<typeof UpdatePasswordRequestSchema>;

/**
 * The profile's own fields, as its form holds them: the phone as typed, blank (or spaces) for none. The request
 * adds who is changed and the proof a change of keys needs, and its phone must be a real number, kept in E.164
 * (profile-update.ts: the browser checks the phone's spelling only).
 */
export const ProfileFieldsSchema = z.object({
  firstName: requiredName('First name'),
  lastName: requiredName('Last name'),
  email: EmailSchema,
  phone: z
    .string()
    .trim()
    .pipe(PhoneTextSchema.or(z.literal(''))),
  address: optionalText('Address', PROFILE_TEXT_MAX_LENGTH.address),
  title: optionalText('Title', PROFILE_TEXT_MAX_LENGTH.title),
  bio: optionalText('Bio', PROFILE_TEXT_MAX_LENGTH.bio),
});

export const UpdateSettingsRequestSchema = z.object({
  enabled: z.boolean(),
  notLocked: z.boolean(),
});
export type UpdateSettingsRequest = z.infer<typeof UpdateSettingsRequestSchema>;

/** `?userId=` on the role and settings calls: an administrator names another user; absent means oneself. */
export const TargetUserQuerySchema = z.object({
  userId: z.coerce.number().int().positive().optional(),
});

/** The code sent by SMS, as typed. */
export const VerificationCodeSchema = z
  .string()
  .trim()
  .min(1, requiredError('Code is required'))
  .regex(new RegExp(`^[0-9]{${MFA_CODE_LENGTH}}$`), `The code has ${MFA_CODE_LENGTH} digits`);

/** The user as the API sends it: never the password or anything derived from it. */
export const UserSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  title: z.string().nullable(),
  bio: z.string().nullable(),
  imageUrl: z.string().nullable(),
  enabled: z.boolean(),
  notLocked: z.boolean(),
  usingMfa: z.boolean(),
  createdAt: z.iso.datetime(),
  roleName: RoleNameSchema,
  /** Comma-separated, e.g. "READ:USER,READ:CUSTOMER". */
  permissions: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const UserEventSchema = z.object({
  id: z.number().int(),
  type: z.enum(EVENT_TYPES),
  description: z.string(),
  device: z.string(),
  ipAddress: z.string(),
  createdAt: z.iso.datetime(),
});
export type UserEvent = z.infer<typeof UserEventSchema>;

export const RoleSchema = z.object({ id: z.number().int(), name: RoleNameSchema, permission: z.string() });
export type Role = z.infer<typeof RoleSchema>;

/** An organisation as one of its members sees it (organisations.ts): with their role there. */
export const OrganisationSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  roleName: RoleNameSchema,
});
export type OrganisationSummary = z.infer<typeof OrganisationSummarySchema>;

/** `organisation` is the current one (whose role is `user.roleName`); `organisations` all of the user's. */
export const ProfileDataSchema = z.object({
  user: UserSchema,
  /** A new e-mail address waiting for its owner to confirm it by the link sent to it (own profile only). */
  pendingEmail: z.string().optional(),
  events: z.array(UserEventSchema),
  roles: z.array(RoleSchema),
  organisation: OrganisationSummarySchema,
  organisations: z.array(OrganisationSummarySchema),
});
export type ProfileData = z.infer<typeof ProfileDataSchema>;

/** The second step a login asks for: the SMS code, or the code of an authenticator app (mfa.ts). */
export const LoginFactorSchema = z.enum(['SMS', 'TOTP']);
export type LoginFactor = z.infer<typeof LoginFactorSchema>;

/** `factor` is 'TOTP' when the authenticator app is asked for; absent on the seed's SMS answer, which is `{user}`. */
export const LoginDataSchema = z.object({
  user: UserSchema,
  access_token: z.string().optional(),
  refresh_token: z.string().optional(),
  factor: LoginFactorSchema.optional(),
});
export type LoginData = z.infer<typeof LoginDataSchema>;

export const TokenDataSchema = z.object({
  user: UserSchema,
  access_token: z.string(),
  refresh_token: z.string(),
});
export type TokenData = z.infer<typeof TokenDataSchema>;

/** The account just created, or the one a reset key is for. */
export const UserDataSchema = z.object({ user: UserSchema });
export type UserData = z.infer<typeof UserDataSchema>;

/** POST /user/login: the tokens, or the user alone when a second factor is asked for. */
export const LoginAnswerSchema = successEnvelope(LoginDataSchema);
export type LoginAnswer = z.infer<typeof LoginAnswerSchema>;

/** GET /user/verify/code/{email}/{code} and GET /user/refresh/token: a new token pair. */
export const TokenAnswerSchema = successEnvelope(TokenDataSchema);
export type TokenAnswer = z.infer<typeof TokenAnswerSchema>;

/** POST /user/register (201), GET /user/verify/password/{key}, POST /organisation/invitation/{key}/signup (201). */
export const UserAnswerSchema = successEnvelope(UserDataSchema);
export type UserAnswer = z.infer<typeof UserAnswerSchema>;

/** GET /user/profile and every call that changes the profile, the role, the settings or the current organisation. */
export const ProfileAnswerSchema = successEnvelope(ProfileDataSchema);
export type ProfileAnswer = z.infer<typeof ProfileAnswerSchema>;
