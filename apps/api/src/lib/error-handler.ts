/**
 * Maps every error to the envelope, in one place. The texts are what a user reads:
 * which fields are wrong, that the body is not JSON, that the service is briefly unavailable, that the
 * server's storage is full.
 * A 5xx never carries internals; they go to the log with the request id.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/availability.js';
import { isUnstorableCharacter } from '../db/errors.js';
import { AppError } from './app-error.js';
import { errorBody } from './envelope.js';
import { isStorageFull, STORAGE_FULL } from './storage-full.js';

type Mapped = { statusCode: number; reason: string; developerMessage?: string };

function describeValidation(error: FastifyError): Mapped {
  const issues = hasZodFastifySchemaValidationErrors(error)
    ? error.validation.map((v) => {
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return field ? `${field}: ${v.message}` : (v.message ?? 'invalid value');
      })
    : [error.message];
  const where = error.validationContext ?? 'body';
  return {
    statusCode: 400,
    reason: `Invalid ${where === 'querystring' ? 'query' : where}: ${issues.join('; ')}`,
  };
}

export function mapError(error: unknown): Mapped {
  if (error instanceof AppError) {
    return { statusCode: error.statusCode, reason: error.reason, developerMessage: error.developerMessage };
  }
  if (isStorageFull(error)) return { statusCode: 507, reason: STORAGE_FULL };
  if (isDatabaseUnavailable(error)) {
    return { statusCode: 503, reason: 'The service is temporarily unavailable. Please try again shortly.' };
  }
  // A NUL in any text of the request (a search, a name) reaches the database, which cannot store it.
  if (isUnstorableCharacter(error)) {
    return { statusCode: 400, reason: 'The request contains a character that is not allowed (U+0000).' };
  }
  const e = error as FastifyError;
  if (e.validation) return describeValidation(e);
  switch (e.code) {
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { statusCode: 414, reason: 'The address is too long.' };
    case 'FST_ERR_BAD_URL':
      return { statusCode: 400, reason: 'The address is not valid.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { statusCode: 413, reason: 'The request body is too large.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { statusCode: 415, reason: 'This content type is not accepted here.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { statusCode: 400, reason: 'The request body is empty but JSON was announced.' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { statusCode: 400, reason: 'The request body is not valid JSON.' };
  }
  if (e instanceof SyntaxError && e.statusCode === 400) {
    return { statusCode: 400, reason: 'The request body is not valid JSON.' };
  }
  // Errors that Fastify or a plugin raised on purpose with a 4xx status (e.g. rate limit, bad header).
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return { statusCode: e.statusCode, reason: e.message };
  }
  return { statusCode: 500, reason: 'An error occurred. Please try again.' };
}

/** Logs the error (5xx in full, others briefly) and sends it in the envelope. */
export function replyWithError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  const mapped = mapError(error);
  if (mapped.statusCode >= 500) {
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.info({ reason: mapped.reason }, 'request refused');
  }
  return reply
    .status(mapped.statusCode)
    .send(errorBody(mapped.statusCode, mapped.reason, mapped.developerMessage));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => replyWithError(request, reply, error));
}
