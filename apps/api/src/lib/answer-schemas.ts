/**
 * The parts of a route's `response` that many routes share: the error statuses it answers, each in the
 * application envelope, and answers that are bytes rather than JSON. The JSON answers themselves are the
 * schemas of @app/contracts.
 */
import { ErrorEnvelopeSchema } from '@app/contracts';
import { z } from 'zod';

/** 400 bad input, 401 not signed in, 403 not allowed, 404 unknown, 409 conflict, 413/415 upload refused, 429 limit. */
type RouteErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 507;

/** Statuses any route can answer: an unexpected failure, and the database (or the server, while it closes) unavailable. */
const ALWAYS_POSSIBLE = [500, 503] as const;

/** The route's own error statuses plus those any route can answer, all in the error envelope. */
export function errorAnswers<S extends RouteErrorStatus>(...statuses: S[]) {
  return Object.fromEntries(
    [...statuses, ...ALWAYS_POSSIBLE].map((status) => [status, ErrorEnvelopeSchema]),
  ) as Record<S | (typeof ALWAYS_POSSIBLE)[number], typeof ErrorEnvelopeSchema>;
}

/** Bytes sent as they are (a file, a picture, a spreadsheet): documented by media type, never serialized. */
export function binaryAnswer(description: string, mediaTypes: readonly string[]) {
  // Any value: the handler sends a Buffer or a stream, which Fastify passes on without serializing.
  const schema = z.any().meta({ type: 'string', format: 'binary' });
  return {
    description,
    content: Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, { schema }])),
  };
}
