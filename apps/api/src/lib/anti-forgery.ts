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

export function assertAntiForgeryToken(request: FastifyRequest): void {
  const cookie = request.cookies[ANTI_FORGERY_COOKIE];
  const header = request.headers[ANTI_FORGERY_HEADER];
  const matches =
    typeof cookie === 'string' &&
    typeof header === 'string' &&
    cookie.length === header.length &&
    timingSafeEqual(Buffer.from(cookie), Buffer.from(header));
  if (!matches) {
    throw AppError.forbidden(
      'The anti-forgery token is missing or wrong. Please reload the page and try again.',
    );
  }
}
