import { describe, expect, it } from 'vitest';
import { PASSWORDS_DIFFER, ProfileFieldsSchema, RegisterRequestSchema } from '@app/contracts';
import { checkForm } from '../../lib/form-errors';
import {
  AppOrRecoveryCodeFormSchema,
  NewPasswordFormSchema,
  passwordChangeFormSchema,
  ResetEmailFormSchema,
  SmsCodeFormSchema,
  stepUpFormSchema,
} from './form-schemas';

const errorsOf = (...args: Parameters<typeof checkForm>) => checkForm(...args).errors;

describe('the account forms', () => {
  it('say a required field is required before anything else (SPEC §5)', () => {
    expect(
      errorsOf(RegisterRequestSchema, { firstName: ' ', lastName: 'B', email: '', password: '' }),
    ).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name must be at least 2 characters',
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(errorsOf(ResetEmailFormSchema, { email: 'a@b' })).toEqual({
      email: 'Enter a valid e-mail address',
    });
  });

  it('take the code sent by SMS, or the app’s code or a recovery code, at the login’s second step', () => {
    expect(errorsOf(SmsCodeFormSchema, { code: ' ' })).toEqual({ code: 'Code is required' });
    expect(errorsOf(SmsCodeFormSchema, { code: ' 123456 ' })).toEqual({});
    expect(errorsOf(SmsCodeFormSchema, { code: 'abcdef-gh23ij-klmn4p-qrstuv' })).toEqual({
      code: 'The code has 6 digits',
    });
    expect(errorsOf(AppOrRecoveryCodeFormSchema, { code: 'abcdef-gh23ij-klmn4p-qrstuv' })).toEqual({});
    expect(errorsOf(AppOrRecoveryCodeFormSchema, { code: '12345' })).toEqual({
      code: 'Enter the 6-digit code, or a recovery code',
    });
  });

  it('after a reset, need the confirmation but do not compare it (SPEC §5)', () => {
    expect(errorsOf(NewPasswordFormSchema, { password: 'eight888', confirmPassword: '' })).toEqual({
      confirmPassword: 'Please confirm the new password',
    });
    expect(errorsOf(NewPasswordFormSchema, { password: 'eight888', confirmPassword: 'other' })).toEqual({});
  });

  it('when changing the password, say the two differ whatever else is wrong', () => {
    const change = { currentPassword: '', newPassword: 'eight888', confirmNewPassword: 'eight88', code: '' };
    expect(errorsOf(passwordChangeFormSchema('TOTP'), change)).toEqual({
      currentPassword: 'Current password is required',
      confirmNewPassword: PASSWORDS_DIFFER,
      code: 'Code is required',
    });
    expect(errorsOf(passwordChangeFormSchema(undefined), { ...change, confirmNewPassword: '' })).toEqual({
      currentPassword: 'Current password is required',
      confirmNewPassword: 'Please confirm the new password',
    });
  });

  it('ask for the code of the factor a change needs, and none without one', () => {
    const proof = { currentPassword: 'secret', code: 'abcdef-gh23ij-klmn4p-qrstuv' };
    expect(errorsOf(stepUpFormSchema('TOTP'), proof)).toEqual({});
    expect(errorsOf(stepUpFormSchema('SMS'), proof)).toEqual({ code: 'The code has 6 digits' });
    expect(errorsOf(stepUpFormSchema(undefined), { currentPassword: 'secret', code: '' })).toEqual({});
    expect(stepUpFormSchema('SMS')).toBe(stepUpFormSchema('SMS'));
  });

  it('check the phone’s spelling only on the profile, blank meaning none', () => {
    const profile = {
      firstName: 'Amina',
      lastName: 'Benali',
      email: 'amina@example.com',
      phone: '  ',
      address: '',
      title: '',
      bio: 'x'.repeat(1001),
    };
    expect(errorsOf(ProfileFieldsSchema, profile)).toEqual({ bio: 'Bio must be at most 1000 characters' });
    // Spelled right but no real number: the server says so, with libphonenumber-js, which this page does not load.
    expect(errorsOf(ProfileFieldsSchema, { ...profile, phone: '00 00 00 00 00', bio: '' })).toEqual({});
    expect(errorsOf(ProfileFieldsSchema, { ...profile, phone: '+' + '1'.repeat(30), bio: '' })).toEqual({
      phone: 'Enter a phone number with digits only (spaces, dashes and + allowed)',
    });
  });
});
