import { z } from './zod.js';

/**
 * The envelope of every JSON answer of the application API (REFERENCE §1).
 * Success carries `message` and `data`; an error carries `reason` (the text a user sees)
 * and, where useful, `developerMessage`. Absent fields are omitted, never null.
 */
export const HttpStatusNames = {
  200: 'OK',
  201: 'CREATED',
  204: 'NO_CONTENT',
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_ENTITY',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
  507: 'INSUFFICIENT_STORAGE',
} as const;

export type HttpStatusCode = keyof typeof HttpStatusNames;

export function statusName(code: number): string {
  return HttpStatusNames[code as HttpStatusCode] ?? (code >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
}

const envelopeBase = {
  timeStamp: z.iso.datetime(),
  statusCode: z.number().int(),
  status: z.string(),
};

export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ ...envelopeBase, message: z.string(), data });
}

/** A success that says only its message (a link confirmed, an e-mail sent): no `data`. */
export const MessageAnswerSchema = z.object({ ...envelopeBase, message: z.string() });
export type MessageAnswer = z.infer<typeof MessageAnswerSchema>;

export const ErrorEnvelopeSchema = z.object({
  ...envelopeBase,
  reason: z.string(),
  developerMessage: z.string().optional(),
});

export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export type SuccessEnvelope<T> = {
  timeStamp: string;
  statusCode: number;
  status: string;
  message: string;
  data?: T;
};
