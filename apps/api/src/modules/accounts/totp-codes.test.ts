import { RECOVERY_CODE_COUNT } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { newRecoveryCodes } from './totp-codes.js';

describe('the recovery codes', () => {
  // 16 characters are 80 bits only if each is any of the 32: the format alone would pass with fewer.
  it('draw their characters from the whole base-32 alphabet', () => {
    const codes = Array.from({ length: 10 }, newRecoveryCodes).flat();
    expect(codes).toHaveLength(10 * RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    // 1600 draws leave one of the 32 characters out about once in 10^20 runs.
    const characters = new Set(codes.join('').replaceAll('-', ''));
    expect([...characters].sort().join('')).toBe('234567abcdefghijklmnopqrstuvwxyz');
    expect(new Set(codes).size).toBe(codes.length);
  });
});
