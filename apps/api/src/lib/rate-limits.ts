/**
 * Rate limits on the calls an attacker would repeat (login, register, reset, codes, refresh), counted per
 * address and per account. Counters live in memory, or in Redis when REDIS_URL is set so that several
 * server processes share them. If Redis stops answering, requests are let through: the lockout and the
 * single-use codes, kept in the database, still hold.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { AppError } from './app-error.js';

export type Limit = { max: number; minutes: number };

export async function registerRateLimiting(
  app: FastifyInstance,
  redisUrl: string | undefined,
): Promise<void> {
  const redis = redisUrl
    ? new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  // ioredis reconnects by itself; without a listener a lost connection would be an unhandled 'error' event.
  redis?.on('error', (error) => app.log.warn({ err: error }, 'rate-limit store unavailable'));
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'coran-hadith:rate:',
    skipOnError: true,
  });
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
}

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * A hook that counts the request under `name` and the key, and refuses it past the limit. Built on
 * createRateLimit rather than the plugin's ready-made hook, which runs only once per request and so
 * would skip the second of two limits (per address, then per account) on one call.
 */
function hook(app: FastifyInstance, name: string, limit: Limit, key: (request: FastifyRequest) => string) {
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.minutes * 60_000,
    keyGenerator: (request) => `${name}:${key(request)}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const outcome = await check(request);
    if (outcome.isAllowed || !outcome.isExceeded) return;
    reply.header('retry-after', outcome.ttlInSeconds);
    throw new AppError(429, `Too many attempts. Please try again in ${waitText(outcome.ttlInSeconds)}.`);
  };
}

/** Counts requests from one network address. */
export function perAddress(app: FastifyInstance, name: string, limit: Limit) {
  return hook(app, name, limit, (request) => `ip:${request.ip}`);
}

/** Counts requests aimed at one account (an e-mail, a token), from wherever they come. Use as a preHandler. */
export function perAccount(
  app: FastifyInstance,
  name: string,
  limit: Limit,
  accountOf: (request: FastifyRequest) => string | undefined,
) {
  return hook(app, name, limit, (request) => `account:${(accountOf(request) ?? request.ip).toLowerCase()}`);
}
