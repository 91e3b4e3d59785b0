import { describe, expect, it } from 'vitest';
import {
  ConfirmTotpRequestSchema,
  DisableTotpRequestSchema,
  LoginCodeSchema,
  RegenerateRecoveryCodesRequestSchema,
  StartTotpRequestSchema,
  VerificationCodeSchema,
} from '@app/contracts';
import {
  LOGIN_CODE_MAX_LENGTH,
  validateAppCode,
  validateCurrentPassword,
  validateLoginCode,
  validateNewRecoveryCodes,
  validateStepUp,
  validateTotpOff,
} from './mfa-validation';

const CODES = [
  '',
  '   ',
  '123456',
  ' 123456 ',
  '000000',
  '12345',
  '1234567',
  'abcdef',
  '12 456',
  'abcdef-gh23ij-klmn4p-qrstuv',
  'ABCDEF-GH23IJ-KLMN4P-QRSTUV',
  'abcdefgh23ijklmn4pqrstuv',
  ' abcdef-gh23ijklmn4p-qrstuv ',
  'abcdef-gh23ij-klmn4p-qrstu',
  'abcdef-gh23ij-klmn4p-qrstuv5',
  'abcdef-gh01ij-klmn4p-qrstuv',
  'abcdef--gh23ij-klmn4p-qrstuv',
  'abcdef gh23ij klmn4p qrstuv',
  'abcd-ef23-ghij-k4mn',
];
const PASSWORDS = ['', 'a', 'correct horse battery', 'x'.repeat(128), 'x'.repeat(129)];
const valid = (errors: object) => Object.keys(errors).length === 0;

describe('the authenticator-app rules agree with the server', () => {
  it('accepts and refuses the same current passwords', () => {
    for (const currentPassword of PASSWORDS) {
      expect(valid(validateCurrentPassword({ currentPassword })), currentPassword).toBe(
        StartTotpRequestSchema.safeParse({ currentPassword }).success,
      );
    }
  });

  it('accepts and refuses the same codes of the app, and of the login with recovery codes', () => {
    for (const code of CODES) {
      expect(valid(validateAppCode({ code })), code).toBe(
        ConfirmTotpRequestSchema.safeParse({ code }).success,
      );
      expect(valid(validateLoginCode({ code })), code).toBe(LoginCodeSchema.safeParse(code).success);
    }
    expect(validateLoginCode({ code: 'abcdef-gh23ij-klmn4p-qrstuv' })).toEqual({});
    expect('abcdef-gh23ij-klmn4p-qrstuv').toHaveLength(LOGIN_CODE_MAX_LENGTH);
    expect(validateAppCode({ code: 'abcd-ef23-ghij-k4mn' })).toEqual({ code: 'The code has 6 digits' });
  });

  it('accepts and refuses the same requests to turn the app off and to replace the recovery codes', () => {
    for (const currentPassword of PASSWORDS)
      for (const code of CODES) {
        const values = { currentPassword, code };
        expect(valid(validateTotpOff(values)), JSON.stringify(values)).toBe(
          DisableTotpRequestSchema.safeParse(values).success,
        );
        expect(valid(validateNewRecoveryCodes(values)), JSON.stringify(values)).toBe(
          RegenerateRecoveryCodesRequestSchema.safeParse(values).success,
        );
      }
  });

  it("says what is wrong in the server's words", () => {
    expect(validateTotpOff({ currentPassword: '', code: '12' })).toEqual({
      currentPassword: 'Current password is required',
      code: 'Enter the 6-digit code, or a recovery code',
    });
    const [issue] = LoginCodeSchema.safeParse('12').error?.issues ?? [];
    expect(issue?.message).toBe('Enter the 6-digit code, or a recovery code');
  });
});

describe('the proof a change of the account needs, by its second factor', () => {
  it('asks for the current password whatever the factor', () => {
    for (const factor of ['TOTP', 'SMS', undefined] as const) {
      for (const currentPassword of PASSWORDS) {
        expect(validateStepUp({ currentPassword, code: '123456' }, { factor }).currentPassword).toBe(
          validateCurrentPassword({ currentPassword }).currentPassword,
        );
      }
    }
  });

  it("takes the app's code or a recovery code with the app on, as the login does", () => {
    for (const code of CODES) {
      expect(valid(validateStepUp({ currentPassword: 'pw', code }, { factor: 'TOTP' })), code).toBe(
        LoginCodeSchema.safeParse(code).success,
      );
    }
    expect(validateStepUp({ currentPassword: 'pw', code: '' }, { factor: 'TOTP' })).toEqual({
      code: 'Code is required',
    });
  });

  it('takes only the six digits sent by SMS with SMS on, and no code without a factor', () => {
    for (const code of CODES) {
      expect(valid(validateStepUp({ currentPassword: 'pw', code }, { factor: 'SMS' })), code).toBe(
        VerificationCodeSchema.safeParse(code.trim()).success,
      );
      expect(validateStepUp({ currentPassword: 'pw', code }, { factor: undefined }), code).toEqual({});
    }
    const recovery = { currentPassword: 'pw', code: 'abcdef-gh23ij-klmn4p-qrstuv' };
    expect(validateStepUp(recovery, { factor: 'SMS' })).toEqual({ code: 'The code has 6 digits' });
  });
});
