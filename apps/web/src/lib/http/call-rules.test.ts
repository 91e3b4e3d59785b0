import { describe, expect, it } from 'vitest';
import { antiForgeryHeaders, authorizationHeader, credentialFor } from './call-rules';

describe('credentialFor (which token a call carries)', () => {
  it('gives application calls the access token', () => {
    for (const url of [
      '/api/user/profile',
      '/api/user/update',
      '/api/user/togglemfa',
      '/api/customer/list?page=0',
      '/api/customer/invoice/get/3',
      '/api/customer/download/report',
    ]) {
      expect(credentialFor(url), url).toBe('access');
    }
  });

  it('gives no token to login, register, verify, reset and new password', () => {
    for (const url of [
      '/api/user/login',
      '/api/user/register',
      '/api/user/verify/code/a%40b.fr/123456',
      '/api/user/verify/account/abcdefabcdefabcdef',
      '/api/user/verify/password/abcdefabcdefabcdef',
      '/api/user/resetpassword/a%40b.fr',
      '/api/user/new/password',
      '/api/user/image/abc.png',
      '/api/user/verify/email/abcdefabcdefabcdef',
      '/api/user/report/change/abcdefabcdefabcdef',
    ]) {
      expect(credentialFor(url), url).toBe('none');
    }
  });

  it("gives no token to an invitation's public calls, and the access token to accepting it", () => {
    expect(credentialFor('/api/organisation/invitation/abcdefabcdefabcdef')).toBe('none');
    expect(credentialFor('/api/organisation/invitation/abcdefabcdefabcdef/signup')).toBe('none');
    expect(credentialFor('/api/organisation/invitation/abcdefabcdefabcdef/accept')).toBe('access');
    expect(credentialFor('/api/organisation/invitations')).toBe('access');
    expect(credentialFor('/api/organisation/team')).toBe('access');
  });

  it('gives the refresh token to the refresh and logout calls', () => {
    expect(credentialFor('/api/user/refresh/token')).toBe('refresh');
    expect(credentialFor('/api/user/logout')).toBe('refresh');
  });

  it('never sends a token to the learning services, static files or another site', () => {
    for (const url of [
      '/api/quran/surah',
      '/api/hadith/list?category_id=1',
      '/api/health',
      '/assets/histoire.json',
      'https://example.org/api/user/profile',
      '//example.org/api/user/profile',
      '/apiary',
    ]) {
      expect(credentialFor(url), url).toBe('none');
    }
  });
});

describe('authorizationHeader', () => {
  it('is a bearer header for a token and nothing otherwise, never "Bearer null"', () => {
    expect(authorizationHeader('abc')).toEqual({ Authorization: 'Bearer abc' });
    expect(authorizationHeader(null)).toEqual({});
    expect(authorizationHeader(undefined)).toEqual({});
    expect(authorizationHeader('')).toEqual({});
    expect(authorizationHeader('null')).toEqual({});
  });
});

describe('antiForgeryHeaders', () => {
  const cookies = 'theme=dark; XSRF-TOKEN=abc%2D123; other=1';

  it('echoes the cookie on non-GET relative calls', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'post']) {
      expect(antiForgeryHeaders(method, '/api/user/update', cookies)).toEqual({ 'X-XSRF-TOKEN': 'abc-123' });
    }
  });

  it('adds nothing to GET calls, absolute addresses, or without the cookie', () => {
    expect(antiForgeryHeaders('GET', '/api/user/profile', cookies)).toEqual({});
    expect(antiForgeryHeaders('POST', 'https://example.org/api/x', cookies)).toEqual({});
    expect(antiForgeryHeaders('POST', '//example.org/api/x', cookies)).toEqual({});
    expect(antiForgeryHeaders('POST', '/api/user/update', 'theme=dark')).toEqual({});
    expect(antiForgeryHeaders('POST', '/api/user/update', '')).toEqual({});
  });
});
