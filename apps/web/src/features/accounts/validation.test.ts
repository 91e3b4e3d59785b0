import { describe, expect, it } from 'vitest';
import {
  EmailSchema,
  INVITATION_VALID_DAYS as CONTRACT_INVITATION_DAYS,
  InvitationSignUpSchema,
  InviteRequestSchema,
  LoginRequestSchema,
  MFA_CODE_LENGTH as CONTRACT_CODE_LENGTH,
  NewPasswordRequestSchema,
  ORGANISATION_NAME_MAX_LENGTH as CONTRACT_ORGANISATION_NAME_MAX,
  PASSWORD_MAX_LENGTH as CONTRACT_PASSWORD_MAX,
  PASSWORD_MIN_LENGTH as CONTRACT_PASSWORD_MIN,
  PHONE_NOT_REAL,
  RegisterRequestSchema,
  RenameOrganisationSchema,
  UpdatePasswordRequestSchema,
  UpdateUserRequestSchema,
  VerificationCodeSchema,
} from '@app/contracts';
import {
  INVITATION_VALID_DAYS,
  MFA_CODE_LENGTH,
  ORGANISATION_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  validateCode,
  validateInvitation,
  validateInvitationSignUp,
  validateLogin,
  validateNewPassword,
  validateOrganisationName,
  validatePasswordChange,
  validateProfile,
  validateRegistration,
  validateResetEmail,
  type ProfileValues,
} from './validation';
import { profileRequest } from './profile-values';

const EMAILS = [
  'amina@example.com',
  'a.b-c+d@sub.example.fr',
  "o'neil@example.org",
  '  spaced@example.com  ',
  '',
  'ab',
  'no-at-sign',
  'a@b',
  'a@b.c',
  '.lead@example.com',
  'double..dot@example.com',
  'trail.@example.com',
  'a@-bad.com',
  'white space@example.com',
  `${'x'.repeat(250)}@example.com`,
];
const NAMES = ['Amina', 'Al', 'A', '', '  ', ' Jo ', 'x'.repeat(100), 'x'.repeat(101)];
const PASSWORDS = [
  '',
  'a',
  '1234',
  'seven77',
  'eight888',
  'a much longer passphrase',
  'x'.repeat(128),
  'x'.repeat(129),
];

describe('the rules agree with the server', () => {
  it('uses the same limits', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(CONTRACT_PASSWORD_MIN);
    expect(PASSWORD_MAX_LENGTH).toBe(CONTRACT_PASSWORD_MAX);
    expect(MFA_CODE_LENGTH).toBe(CONTRACT_CODE_LENGTH);
    expect(ORGANISATION_NAME_MAX_LENGTH).toBe(CONTRACT_ORGANISATION_NAME_MAX);
    expect(INVITATION_VALID_DAYS).toBe(CONTRACT_INVITATION_DAYS);
  });

  it('accepts and refuses the same e-mail addresses', () => {
    for (const email of EMAILS) {
      const ours = validateResetEmail({ email }).email === undefined;
      expect(ours, JSON.stringify(email)).toBe(EmailSchema.safeParse(email).success);
    }
  });

  it('accepts and refuses the same registrations', () => {
    for (const firstName of NAMES)
      for (const password of PASSWORDS) {
        const values = { firstName, lastName: 'Benali', email: 'amina@example.com', password };
        const ours = Object.keys(validateRegistration(values)).length === 0;
        expect(ours, JSON.stringify(values)).toBe(RegisterRequestSchema.safeParse(values).success);
      }
  });

  it('accepts and refuses the same logins', () => {
    for (const email of EMAILS)
      for (const password of PASSWORDS) {
        const ours = Object.keys(validateLogin({ email, password })).length === 0;
        expect(ours, JSON.stringify({ email, password })).toBe(
          LoginRequestSchema.safeParse({ email, password }).success,
        );
      }
  });

  it('accepts and refuses the same sign-ups from an invitation', () => {
    for (const firstName of NAMES)
      for (const password of PASSWORDS) {
        const values = { firstName, lastName: 'Benali', password };
        const ours = Object.keys(validateInvitationSignUp(values)).length === 0;
        expect(ours, JSON.stringify(values)).toBe(InvitationSignUpSchema.safeParse(values).success);
      }
    for (const lastName of NAMES) {
      const values = { firstName: 'Amina', lastName, password: 'eight888' };
      const ours = Object.keys(validateInvitationSignUp(values)).length === 0;
      expect(ours, JSON.stringify(values)).toBe(InvitationSignUpSchema.safeParse(values).success);
    }
  });

  it('accepts and refuses the same invitations and organisation names', () => {
    for (const email of EMAILS) {
      const ours = validateInvitation({ email }).email === undefined;
      expect(ours, email).toBe(InviteRequestSchema.safeParse({ email, roleName: 'ROLE_USER' }).success);
    }
    for (const name of [
      '',
      '   ',
      'A',
      ' Atelier Lumière ',
      'x'.repeat(100),
      ` ${'x'.repeat(100)} `,
      'x'.repeat(101),
    ]) {
      const ours = validateOrganisationName({ name }).name === undefined;
      expect(ours, name).toBe(RenameOrganisationSchema.safeParse({ name }).success);
    }
    expect(validateOrganisationName({ name: ' ' })).toEqual({ name: 'Enter the organisation name' });
  });

  it('accepts and refuses the same codes', () => {
    for (const code of ['123456', '000000', '12345', '1234567', 'abcdef', '12 456', '']) {
      expect(validateCode({ code }).code === undefined, code).toBe(
        VerificationCodeSchema.safeParse(code).success,
      );
    }
  });

  it('accepts and refuses the same new passwords (with a confirmation typed)', () => {
    for (const password of PASSWORDS) {
      const values = { password, confirmPassword: 'typed' };
      const ours = Object.keys(validateNewPassword(values)).length === 0;
      expect(ours, password).toBe(NewPasswordRequestSchema.safeParse({ userId: 1, ...values }).success);
    }
  });
});

const PHONES = [
  '',
  '   ',
  '+33 6 12 34 56 78',
  '06.12.34.56.78',
  '(555) 123-4567',
  '12345',
  '123456',
  '+1234567890123456789012345678901',
  '1'.repeat(30),
  '1'.repeat(31),
  'call me',
  '06 12 34 56 7a',
];
const PROFILE: ProfileValues = {
  firstName: 'Amina',
  lastName: 'Benali',
  email: 'amina@example.com',
  phone: '',
  address: '',
  title: '',
  bio: '',
};

describe('the profile rules agree with the server', () => {
  // What the form sends (trimmed, blanks as null) is what the server must accept or refuse alike.
  const same = (values: ProfileValues) => {
    const ours = Object.keys(validateProfile(values)).length === 0;
    expect(ours, JSON.stringify(values)).toBe(
      UpdateUserRequestSchema.safeParse(profileRequest(7, values)).success,
    );
  };

  it('accepts and refuses the same names and e-mail addresses', () => {
    for (const firstName of NAMES) same({ ...PROFILE, firstName });
    for (const lastName of NAMES) same({ ...PROFILE, lastName });
    for (const email of EMAILS) same({ ...PROFILE, email });
  });

  // The server also checks that a number can exist (libphonenumber-js, which the web app does not load): the
  // form lets such a number through and shows the server's reason. It never refuses a phone the server takes.
  it('refuses only phones the server refuses, which refuses the rest only as numbers that cannot exist', () => {
    for (const phone of PHONES) {
      const values = { ...PROFILE, phone };
      const ours = Object.keys(validateProfile(values)).length === 0;
      const server = UpdateUserRequestSchema.safeParse(profileRequest(7, values));
      if (!ours) expect(server.success, phone).toBe(false);
      else if (!server.success) {
        expect(
          server.error.issues.map((issue) => issue.message),
          phone,
        ).toEqual([PHONE_NOT_REAL]);
      }
    }
    expect(
      UpdateUserRequestSchema.parse(profileRequest(7, { ...PROFILE, phone: '06.12.34.56.78' })).phone,
    ).toBe('+33612345678');
  });

  it('accepts and refuses the same address, title and bio lengths', () => {
    for (const [field, max] of [
      ['address', 200],
      ['title', 100],
      ['bio', 1000],
    ] as const) {
      for (const value of ['', 'x'.repeat(max), ` ${'x'.repeat(max)} `, 'x'.repeat(max + 1)]) {
        same({ ...PROFILE, [field]: value });
      }
    }
  });

  it('accepts and refuses the same password changes (with matching new passwords)', () => {
    for (const currentPassword of ['', 'x', 'x'.repeat(129)])
      for (const newPassword of PASSWORDS) {
        const values = { currentPassword, newPassword, confirmNewPassword: newPassword };
        const ours = Object.keys(validatePasswordChange(values)).length === 0;
        expect(ours, JSON.stringify(values)).toBe(UpdatePasswordRequestSchema.safeParse(values).success);
      }
  });
});

describe('the messages', () => {
  it("names each invalid field in the server's words", () => {
    expect(validateProfile({ ...PROFILE, firstName: 'A', phone: 'call me' })).toEqual({
      firstName: 'First name must be at least 2 characters',
      phone: 'Enter a phone number with digits only (spaces, dashes and + allowed)',
    });
  });

  it("compares the two new passwords of a change, in the server's words", () => {
    expect(
      validatePasswordChange({ currentPassword: '', newPassword: 'short', confirmNewPassword: '' }),
    ).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'Password must be at least 8 characters',
      confirmNewPassword: 'Please confirm the new password',
    });
    expect(
      validatePasswordChange({
        currentPassword: 'old',
        newPassword: 'new-password-1',
        confirmNewPassword: 'new-password-2',
      }),
    ).toEqual({ confirmNewPassword: "Passwords don't match. Please try again." });
  });

  it('says what is missing or wrong on the login form', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(validateLogin({ email: 'amina@', password: 'x' })).toEqual({
      email: 'Enter a valid e-mail address',
    });
    expect(validateLogin({ email: 'amina@example.com', password: '1' })).toEqual({});
  });

  it("shows the server's password rule on registration", () => {
    expect(
      validateRegistration({ firstName: 'A', lastName: '', email: 'amina@example.com', password: '1234' }),
    ).toEqual({
      firstName: 'First name must be at least 2 characters',
      lastName: 'Last name is required',
      password: 'Password must be at least 8 characters',
    });
  });

  it('asks for both new passwords but does not compare them (SPEC §5)', () => {
    expect(validateNewPassword({ password: '', confirmPassword: '' })).toEqual({
      password: 'Password is required',
      confirmPassword: 'Please confirm the new password',
    });
    expect(validateNewPassword({ password: 'new-password-1', confirmPassword: 'different-2' })).toEqual({});
  });

  it('asks for the six digits of the code', () => {
    expect(validateCode({ code: '' })).toEqual({ code: 'Code is required' });
    expect(validateCode({ code: '123' })).toEqual({ code: 'The code has 6 digits' });
    expect(validateCode({ code: ' 123456 ' })).toEqual({});
  });
});
