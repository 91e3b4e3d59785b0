/**
 * Answers of the Quran service, serialized once and then sent as they are. A chapter is up to ~460 KB of
 * JSON: building and hashing it on every request would cost far more than sending bytes that are ready.
 * Each answer carries a strong ETag (a hash of its bytes), so a browser that has it gets a 304.
 */
import { createHash } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { QuranError } from '@app/contracts';

export type PreparedAnswer = {
  /** The JSON text of the answer; @fastify/compress compresses it per the request's Accept-Encoding. */
  body: Buffer;
  /** Strong validator: a hash of `body`, quoted as HTTP wants it. */
  etag: string;
};

/** Where each answer comes from; the bundled data and the upstream service both provide it. */
export type QuranSource = {
  surahList(): Promise<PreparedAnswer>;
  /** `number` is a valid chapter number (1 to 114): the route checks it first. */
  surah(number: number): Promise<PreparedAnswer>;
};

/** The texts do not change; a day of browser caching, then a revalidation that usually ends in a 304. */
export const QURAN_CACHE_CONTROL = 'public, max-age=86400';

export function quranSuccess<T>(data: T) {
  return { code: 200, status: 'OK', data };
}

/** alquran.cloud's error shape: the HTTP status, its reason phrase, and the message as `data`. */
export function quranError(code: number, message: string): QuranError {
  return { code, status: STATUS_CODES[code] ?? 'Error', data: message };
}

export function prepareAnswer(value: unknown): PreparedAnswer {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
  return { body, etag };
}

/**
 * If-None-Match uses the weak comparison (RFC 9110 §13.1.2): `W/"x"` matches `"x"`, and `*` matches anything.
 * Compression proxies often weaken an ETag, and the revalidation must still succeed through them.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

export function sendPrepared(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer) {
  reply
    .header('etag', answer.etag)
    .header('cache-control', QURAN_CACHE_CONTROL)
    // The body depends on Accept-Encoding once compressed; a shared cache must keep the variants apart.
    .header('vary', 'accept-encoding');
  if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(answer.body);
}
