/**
 * Double-submit anti-forgery token (SPEC §7): a cookie the page's script can read, whose value must come
 * back in a header. Another site can make a browser send our cookies, but cannot read them to set the header,
 * so any request that relies on a cookie checks it.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

export const ANTI_FORGERY_COOKIE = 'XSRF-TOKEN';
export const ANTI_FORGERY_HEADER = 'x-xsrf-token';

/** onRequest hook: gives the browser a token if it has none. */
export function issueAntiForgeryCookie(secure: boolean) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.cookies[ANTI_FORGERY_COOKIE]) return;
    reply.setCookie(ANTI_FORGERY_COOKIE, randomBytes(32).toString('base64url'), {
      path: '/',
      sameSite: 'strict',
      secure,
      httpOnly: false,
    });
  };
}

/**
 * Compared as bytes: two texts of one length can differ in bytes (a decoded cookie may hold any character),
 * and timingSafeEqual throws on buffers of different lengths. Empty never matches.
 */
function sameToken(cookie: unknown, header: unknown): boolean {
  if (typeof cookie !== 'string' || typeof header !== 'string' || cookie === '') return false;
  const expected = Buffer.from(cookie, 'utf8');
  const given = Buffer.from(header, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function assertAntiForgeryToken(request: FastifyRequest): void {
  if (!sameToken(request.cookies[ANTI_FORGERY_COOKIE], request.headers[ANTI_FORGERY_HEADER])) {
    throw AppError.forbidden(
      'The anti-forgery token is missing or wrong. Please reload the page and try again.',
    );
  }
}
