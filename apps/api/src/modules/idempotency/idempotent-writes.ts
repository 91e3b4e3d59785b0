/**
 * Create calls that are safe to retry (customer, invoice, file). A client that did not get the answer (a timeout, a
 * dropped connection) cannot tell whether its request was carried out; sent again with the same Idempotency-Key
 * header, it gets the first answer, and nothing is created twice. The answer is stored in the transaction of the
 * write, so one exists exactly when the write was committed. Keys are the caller's own and kept a day; the same key
 * with another request is refused, and a second request with a key whose first is still running waits for it.
 * Without the header a call behaves as it always did.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Transaction } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { callerOf } from '../auth/auth.module.js';
import { claimKey, findAnswer, recordAnswer, type KeyOf } from './idempotent-answers.repository.js';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Set on an answer given again, as other APIs that take the header do. */
export const REPLAYED_HEADER = 'idempotent-replayed';

export const BAD_KEY = 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.';
export const KEY_REUSED =
  'This Idempotency-Key was already used for another request. Use a new key for a new request.';

/** Said in the API documentation of the calls that take the header. */
export const SAFE_TO_RETRY =
  '. With an Idempotency-Key header (1–255 visible ASCII characters, kept a day), a retry gives the first answer';

/** 1 to 255 visible ASCII characters: a UUID, or any token a client makes. */
const VISIBLE_ASCII = /^[\x21-\x7e]{1,255}$/;

/** The create request of a caller who sent an Idempotency-Key. */
export type KeyedRequest = KeyOf & { method: string; path: string };

/** The request's key, checked, for its caller; undefined when it sent none. Call behind the guard. */
export function keyedRequestOf(request: FastifyRequest): KeyedRequest | undefined {
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (key === undefined) return undefined;
  // Two headers arrive joined by ", ", which the rule refuses too.
  if (typeof key !== 'string' || !VISIBLE_ASCII.test(key)) throw AppError.badRequest(BAD_KEY);
  return { userId: callerOf(request).user.id, key, method: request.method, path: request.url };
}

/** Method, path and a SHA-256 of what the request asks for: a retry is the same request when these agree. */
export function requestFingerprint(request: KeyedRequest, content: unknown): string {
  const digest = createHash('sha256').update(JSON.stringify(content)).digest('base64url');
  return `${request.method} ${request.path} ${digest}`;
}

export type Answer = { statusCode: number; body: unknown };
export type GivenAnswer = Answer & { replayed: boolean };

/**
 * Runs the write in a transaction and answers with what it returns. With a key, the answer is stored in that
 * transaction, or, when the key already has one, given again without writing. `content` is what the request asks
 * for (its body, and anything else that decides what it creates): the same key with other content is a 422.
 * Nothing reads the database after the commit, so a committed write always gets its answer.
 */
export async function answerOnce(
  db: Database,
  keyed: KeyedRequest | undefined,
  content: unknown,
  write: (tx: Transaction) => Promise<Answer>,
): Promise<GivenAnswer> {
  return db.transaction(async (tx) => {
    if (!keyed) return { ...(await write(tx)), replayed: false };
    const fingerprint = requestFingerprint(keyed, content);
    if (!(await claimKey(tx, keyed, fingerprint))) {
      const earlier = await findAnswer(tx, keyed);
      if (!earlier) throw new Error('an Idempotency-Key was neither claimed nor answered');
      if (earlier.requestFingerprint !== fingerprint) throw new AppError(422, KEY_REUSED);
      return { statusCode: earlier.statusCode, body: earlier.answer, replayed: true };
    }
    const answer = await write(tx);
    await recordAnswer(tx, keyed, answer);
    return { ...answer, replayed: false };
  });
}

export function sendAnswer(reply: FastifyReply, answer: GivenAnswer) {
  if (answer.replayed) reply.header(REPLAYED_HEADER, 'true');
  return reply.code(answer.statusCode).send(answer.body);
}
