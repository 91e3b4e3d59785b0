import { describe, expect, it } from 'vitest';
import { newDigitCode } from './one-time-keys.js';

describe('the SMS codes', () => {
  // Six digits are a million codes only if every digit is drawn: a code padded from a smaller number still has six.
  it('draw each of their six digits from all ten', () => {
    const codes = Array.from({ length: 200 }, () => newDigitCode(6));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    // Missing a digit in 200 draws of one place happens about once in 10^8 runs.
    for (let place = 0; place < 6; place += 1) {
      expect(new Set(codes.map((code) => code[place])).size, `place ${place}`).toBe(10);
    }
    expect(new Set(codes).size).toBeGreaterThan(190);
  });
});
