/**
 * The life of an authenticator-app code (ASVS 5.0 6.5.5, and the deviation decision 19 records): a code is
 * accepted in its own 30-second step and the steps just before and after it (a phone's clock may be off a
 * little), and refused from two steps on, either way. And the recovery codes use their whole alphabet (6.5.4).
 */
import { MFA_CODE_LENGTH, RECOVERY_CODE_COUNT } from '@app/contracts';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { newRecoveryCodes, newTotpSecret, stepOfCode } from './totp-codes.js';

const STEP_MS = 30_000;

/** The code an app shows at `timestamp` for `secret`. */
const codeAt = (secret: string, timestamp: number) =>
  new TOTP({
    algorithm: 'SHA1',
    digits: MFA_CODE_LENGTH,
    period: 30,
    secret: Secret.fromBase32(secret),
  }).generate({ timestamp });

describe('the life of an app code', () => {
  // The middle of a step, so that "one step later" is never the edge of one.
  const shown = 1_800_000_000_000 + STEP_MS / 2;
  const step = Math.floor(shown / STEP_MS);

  it('is accepted in its own step, and the steps just before and after it, as the step it was shown in', () => {
    const secret = newTotpSecret();
    const code = codeAt(secret, shown);
    for (const offset of [-1, 0, 1]) {
      expect(stepOfCode(secret, code, shown + offset * STEP_MS), `offset ${offset}`).toBe(step);
    }
  });

  it('is refused from two steps on, later or earlier: at most about 90 seconds in all', () => {
    const secret = newTotpSecret();
    const code = codeAt(secret, shown);
    for (const offset of [-3, -2, 2, 3, 20]) {
      expect(stepOfCode(secret, code, shown + offset * STEP_MS), `offset ${offset}`).toBeUndefined();
    }
  });
});

describe('the recovery codes', () => {
  // 24 characters are 120 bits only if each is any of the 32: the format alone would pass with fewer.
  it('draw their characters from the whole base-32 alphabet', () => {
    const codes = Array.from({ length: 10 }, newRecoveryCodes).flat();
    expect(codes).toHaveLength(10 * RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{6}(-[a-z2-7]{6}){3}$/);
    // 2400 draws leave one of the 32 characters out about once in 10^31 runs.
    const characters = new Set(codes.join('').replaceAll('-', ''));
    expect([...characters].sort().join('')).toBe('234567abcdefghijklmnopqrstuvwxyz');
    expect(new Set(codes).size).toBe(codes.length);
  });
});
