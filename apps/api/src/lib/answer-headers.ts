/**
 * Headers that depend on what an answer is rather than on which route gave it, set in one place so that
 * no route can forget them:
 * - `Cache-Control: no-store` on every answer to a call that carried a bearer token (it may hold the caller's
 *   data) and on every answer that carries tokens (login, the code of an MFA login, refresh): no browser,
 *   proxy or shared cache keeps them. Answers to calls without a token keep the caching their route chose.
 * - `Retry-After` on every 503, so clients and load balancers wait before trying again.
 * - `Cross-Origin-Resource-Policy: cross-origin` on the pictures other sites may show (the profile pictures
 *   and the avatars customers point to); every other answer keeps helmet's `same-origin`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Long enough for a database restart or another instance to take over; short enough not to lose a user. */
export const RETRY_AFTER_SECONDS = 5;

/** Pictures a page of another site may display with <img>: public, and named at random or fixed. */
const PICTURES_FOR_OTHER_SITES = /^\/(api\/user\/image|assets\/avatars)\//;

function carriesTokens(payload: unknown): boolean {
  const data = (payload as { data?: unknown } | null)?.data;
  if (typeof data !== 'object' || data === null) return false;
  return 'access_token' in data || 'refresh_token' in data;
}

function forbidStoring(reply: FastifyReply): void {
  const current = reply.getHeader('cache-control');
  if (typeof current === 'string' && /\bno-store\b/.test(current)) return;
  reply.header('cache-control', 'no-store');
}

export function registerAnswerHeaders(app: FastifyInstance): void {
  // Tokens are recognised while the answer is still an object, before it is written as JSON.
  app.addHook('preSerialization', async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (carriesTokens(payload)) forbidStoring(reply);
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.headers.authorization !== undefined) forbidStoring(reply);
    if (reply.statusCode === 503 && !reply.hasHeader('retry-after')) {
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    }
    if (PICTURES_FOR_OTHER_SITES.test(request.url)) {
      reply.header('cross-origin-resource-policy', 'cross-origin');
    }
    return payload;
  });
}
