import { describe, expect, it } from 'vitest';
import { redactSecretPath } from './log-redaction.js';

const KEY = 'q3Xv9K0aBcDeFgHiJkLmNoPqRsTuVwXyZ_0123456-';

describe('redactSecretPath', () => {
  it.each([
    [`/api/user/verify/account/${KEY}`, '/api/user/verify/account/[REDACTED]'],
    [`/api/user/verify/password/${KEY}`, '/api/user/verify/password/[REDACTED]'],
    [`/api/user/verify/email/${KEY}`, '/api/user/verify/email/[REDACTED]'],
    ['/api/user/verify/code/amina%40example.com/123456', '/api/user/verify/code/[REDACTED]/[REDACTED]'],
    [
      '/api/user/verify/code/amina@example.com/abcdef-gh23ij-klmn4p-qrstuv',
      '/api/user/verify/code/[REDACTED]/[REDACTED]',
    ],
    ['/api/user/resetpassword/amina%40example.com', '/api/user/resetpassword/[REDACTED]'],
    [`/api/user/report/change/${KEY}`, '/api/user/report/change/[REDACTED]'],
    [`/api/organisation/invitation/${KEY}`, '/api/organisation/invitation/[REDACTED]'],
    [`/api/organisation/invitation/${KEY}/accept`, '/api/organisation/invitation/[REDACTED]/accept'],
    [`/api/organisation/invitation/${KEY}/signup`, '/api/organisation/invitation/[REDACTED]/signup'],
    // The pages of the web app that the e-mailed links open.
    [`/user/verify/account/${KEY}`, '/user/verify/account/[REDACTED]'],
    [`/user/report/change/${KEY}`, '/user/report/change/[REDACTED]'],
    [`/invitation/${KEY}`, '/invitation/[REDACTED]'],
  ])('redacts the secret segments of %s', (url, logged) => {
    expect(redactSecretPath(url)).toBe(logged);
  });

  it('redacts a query on such an address, and spellings the router may take for the same route', () => {
    expect(redactSecretPath(`/user/verify/account/${KEY}?from=mail`)).toBe(
      '/user/verify/account/[REDACTED]?[REDACTED]',
    );
    expect(redactSecretPath(`/API/User/Verify/Account/${KEY}`)).toBe('/API/User/Verify/Account/[REDACTED]');
    expect(redactSecretPath(`//api/user//verify/account/${KEY}`)).toBe('/api/user/verify/account/[REDACTED]');
    expect(redactSecretPath(`/api/user/%76erify/account/${KEY}`)).toBe('/api/user/verify/account/[REDACTED]');
  });

  it('leaves every other address as it is', () => {
    for (const url of [
      '/api/customer/get/123456',
      '/api/customer/search?name=Amina&page=0',
      '/api/organisation/invitations/12',
      '/api/user/verify',
      '/api/files/42/download',
      '/coran',
    ]) {
      expect(redactSecretPath(url)).toBe(url);
    }
  });
});
