import { describe, expect, it } from 'vitest';
import { ApiError, endsSession, httpErrorMessage, isExpiredAccess, networkErrorMessage } from './api-error';

describe('the error catalogue (SPEC §8)', () => {
  it("gives the envelope's reason", () => {
    expect(httpErrorMessage(401, { statusCode: 401, reason: 'Incorrect email or password' })).toBe(
      'Incorrect email or password',
    );
  });

  it('gives the status when there is no reason', () => {
    expect(httpErrorMessage(502, undefined)).toBe('An error occurred - Error status 502');
    expect(httpErrorMessage(500, { message: 'not a reason' })).toBe('An error occurred - Error status 500');
    expect(httpErrorMessage(404, { reason: '  ' })).toBe('An error occurred - Error status 404');
    expect(httpErrorMessage(400, 'plain text')).toBe('An error occurred - Error status 400');
  });

  it("gives the browser's message for a network error", () => {
    expect(networkErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'A client error occurred - Failed to fetch',
    );
  });
});

describe('isExpiredAccess', () => {
  it("is true only for a 401 whose reason contains 'expired'", () => {
    expect(
      isExpiredAccess({ status: 401, reason: 'Your session has expired. Please refresh your token.' }),
    ).toBe(true);
    expect(isExpiredAccess({ status: 401, reason: 'Token Expired' })).toBe(true);
    expect(isExpiredAccess({ status: 401, reason: 'You need to log in to access this resource' })).toBe(
      false,
    );
    expect(isExpiredAccess({ status: 401 })).toBe(false);
    // A wrong or expired SMS code is a 400: it must not start a refresh.
    expect(isExpiredAccess({ status: 400, reason: 'This code has expired. Please login again.' })).toBe(
      false,
    );
  });
});

describe('endsSession', () => {
  it('is true when the server refuses the refresh, not when it could not be asked', () => {
    expect(endsSession(new ApiError('x', 401))).toBe(true);
    expect(endsSession(new ApiError('x', 403))).toBe(true);
    expect(endsSession(new ApiError('A client error occurred - Failed to fetch', 0))).toBe(false);
    expect(endsSession(new ApiError('x', 429))).toBe(false);
    expect(endsSession(new ApiError('x', 503))).toBe(false);
    expect(endsSession(new Error('x'))).toBe(false);
  });
});
