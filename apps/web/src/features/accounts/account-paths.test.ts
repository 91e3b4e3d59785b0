import { describe, expect, it } from 'vitest';
import { returnPathOf, verificationTypeOf } from './account-paths';
import { lastFourDigits } from './phone';
import { PATHS } from '../../lib/paths';

describe('returnPathOf', () => {
  it('goes back to the page the user was sent away from', () => {
    expect(returnPathOf({ from: '/customers/12' })).toBe('/customers/12');
    expect(returnPathOf({ from: '/invoices/3/INV-1?print=1#top' })).toBe('/invoices/3/INV-1?print=1#top');
  });

  it("goes to '/' without a page to go back to", () => {
    expect(returnPathOf(null)).toBe('/');
    expect(returnPathOf(undefined)).toBe('/');
    expect(returnPathOf({})).toBe('/');
    expect(returnPathOf({ from: 42 })).toBe('/');
  });

  it('follows only addresses of this site, and not /login itself', () => {
    expect(returnPathOf({ from: 'https://evil.example/' })).toBe('/');
    expect(returnPathOf({ from: '//evil.example/' })).toBe('/');
    expect(returnPathOf({ from: '/\\evil.example/' })).toBe('/');
    expect(returnPathOf({ from: 'customers' })).toBe('/');
    expect(returnPathOf({ from: PATHS.login })).toBe('/');
    expect(returnPathOf({ from: '/login?x=1' })).toBe('/');
    expect(returnPathOf({ from: '/loginfo' })).toBe('/loginfo');
  });
});

describe('verificationTypeOf', () => {
  it("is 'password' when the address contains the word password, otherwise 'account'", () => {
    expect(verificationTypeOf('/user/verify/password/abc')).toBe('password');
    expect(verificationTypeOf('/user/verify/account/abc')).toBe('account');
    expect(verificationTypeOf('/user/verify/account/password-like-key')).toBe('password');
  });
});

describe('lastFourDigits', () => {
  it('shows the last four digits of the phone, separators left out', () => {
    expect(lastFourDigits('+33 6 12 34 56 78')).toBe('5678');
    expect(lastFourDigits('0612345678')).toBe('5678');
    expect(lastFourDigits('(555) 010-99')).toBe('1099');
    expect(lastFourDigits('123')).toBe('123');
    expect(lastFourDigits(null)).toBe('');
  });
});
