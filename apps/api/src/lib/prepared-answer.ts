/**
 * Answers of the content services (Quran, hadith), serialized once and then sent as they are. A Quran
 * chapter is up to ~460 KB of JSON: building and hashing it on every request would cost far more than
 * sending bytes that are ready. Each answer carries a strong ETag (a hash of its bytes), so a browser
 * that has it gets a 304.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type PreparedAnswer = {
  /** The JSON text of the answer; @fastify/compress compresses it per the request's Accept-Encoding. */
  body: Buffer;
  /** Strong validator: a hash of `body`, quoted as HTTP wants it. */
  etag: string;
};

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

/** Sends the answer, or a 304 when the browser already has these bytes; `cacheControl` is the service's. */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
  cacheControl: string,
) {
  reply
    .header('etag', answer.etag)
    .header('cache-control', cacheControl)
    // The body depends on Accept-Encoding once compressed; a shared cache must keep the variants apart.
    .header('vary', 'accept-encoding');
  if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(answer.body);
}
