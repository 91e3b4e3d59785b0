import { describe, expect, it } from 'vitest';
import { fakeJwt } from '../../test/fake-jwt';
import { expiryOf, isAuthenticated, sessionStatus } from './token-claims';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const inSeconds = (s: number) => Math.floor(NOW / 1000) + s;

describe('isAuthenticated', () => {
  it('is true for a token that decodes and expires later', () => {
    expect(isAuthenticated(fakeJwt({ exp: inSeconds(60) }), NOW)).toBe(true);
    expect(isAuthenticated(fakeJwt({ exp: inSeconds(1) }), NOW)).toBe(true);
  });

  it('has no leeway: a token is expired from its exp second on', () => {
    expect(isAuthenticated(fakeJwt({ exp: inSeconds(0) }), NOW)).toBe(false);
    expect(isAuthenticated(fakeJwt({ exp: inSeconds(-1) }), NOW)).toBe(false);
    expect(isAuthenticated(fakeJwt({ exp: inSeconds(0) }), NOW - 1)).toBe(true);
  });

  it('is false for no token, a token that does not decode, or one without exp', () => {
    expect(isAuthenticated(null, NOW)).toBe(false);
    expect(isAuthenticated('', NOW)).toBe(false);
    expect(isAuthenticated('null', NOW)).toBe(false);
    expect(isAuthenticated('not.a.jwt', NOW)).toBe(false);
    expect(isAuthenticated(fakeJwt({ sub: '1' }), NOW)).toBe(false);
    expect(isAuthenticated(fakeJwt({ exp: 'soon' }), NOW)).toBe(false);
  });
});

describe('expiryOf', () => {
  it('reads exp in milliseconds', () => {
    expect(expiryOf(fakeJwt({ exp: 1_800_000_000 }))).toBe(1_800_000_000_000);
    expect(expiryOf(undefined)).toBeUndefined();
  });
});

describe('sessionStatus', () => {
  const valid = fakeJwt({ exp: inSeconds(600) });
  const expired = fakeJwt({ exp: inSeconds(-600) });

  it('is active while the access token is valid', () => {
    expect(sessionStatus({ accessToken: valid, refreshToken: null }, NOW)).toBe('active');
  });

  it('is refreshable when only the refresh token is still valid', () => {
    expect(sessionStatus({ accessToken: expired, refreshToken: valid }, NOW)).toBe('refreshable');
    expect(sessionStatus({ accessToken: null, refreshToken: valid }, NOW)).toBe('refreshable');
  });

  it('has ended when neither is', () => {
    expect(sessionStatus({ accessToken: expired, refreshToken: expired }, NOW)).toBe('ended');
    expect(sessionStatus({ accessToken: null, refreshToken: null }, NOW)).toBe('ended');
  });
});
