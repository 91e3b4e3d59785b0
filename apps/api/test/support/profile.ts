/**
 * Helpers of the profile, role and picture tests: envelope checks, the body of PATCH /api/user/update,
 * and User-Agents of common browsers.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** A 200 in the envelope with the message; returns `data`. */
export function expectSuccess<T = Record<string, unknown>>(
  res: LightMyRequestResponse,
  message: string,
  statusCode: 200 | 201 = 200,
): T {
  const body = res.json();
  expect(res.statusCode, res.body).toBe(statusCode);
  expect(body).toMatchObject({ statusCode, status: statusCode === 200 ? 'OK' : 'CREATED', message });
  expect(body).not.toHaveProperty('reason');
  expect(new Date(body.timeStamp).toISOString()).toBe(body.timeStamp);
  return body.data as T;
}

/** An error in the envelope: the status, and the reason (exact text, or a pattern). */
export function expectFailure(
  res: LightMyRequestResponse,
  statusCode: number,
  reason?: string | RegExp,
): string {
  expect(res.statusCode, res.body).toBe(statusCode);
  const body = res.json();
  expect(body.statusCode).toBe(statusCode);
  expect(typeof body.status).toBe('string');
  expect(body).not.toHaveProperty('data');
  expect(body).not.toHaveProperty('message');
  expect(typeof body.reason).toBe('string');
  if (typeof reason === 'string') expect(body.reason).toBe(reason);
  else if (reason) expect(body.reason).toMatch(reason);
  return body.reason as string;
}

export const NOT_LOGGED_IN = 'You need to log in to access this resource';
export const NO_PERMISSION = "You don't have enough permission";

/** A valid body of PATCH /api/user/update for the given account, with some fields changed. */
export function updateBody(user: { id: number; email: string }, changes: Record<string, unknown> = {}) {
  return { id: user.id, firstName: 'Amina', lastName: 'Benali', email: user.email, ...changes };
}

export const USER_AGENTS = {
  chromeOnWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  firefoxOnAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0',
  safariOnIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  edgeOnWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
  chromeOnAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  safariOnMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  firefoxOnLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
} as const;
