/**
 * The error catalogue of SPEC §8, in one place: what text a failed application call shows.
 */
import { statusErrorText } from '../public-json';

/** A failed call of the application API; `message` is the text a user reads. */
export class ApiError extends Error {
  /** Set once the session was ended because of this error (tokens removed), so it is done only once. */
  sessionEnded = false;
  /** Set once the error was shown (notification): the callers that share it do not show it again. */
  reported = false;

  constructor(
    message: string,
    /** The HTTP status; 0 when no answer arrived. */
    readonly status: number,
    /** The envelope's `reason`, when the server gave one. */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The envelope's `reason`, if the answer is an envelope that has one. */
export function reasonOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const reason = (body as { reason?: unknown }).reason;
  return typeof reason === 'string' && reason.trim() !== '' ? reason : undefined;
}

/** An answer with an error status: the server's reason, otherwise the status. */
export function httpErrorMessage(status: number, body: unknown): string {
  return reasonOf(body) ?? statusErrorText(status);
}

/** No answer at all (offline, refused, blocked): what the browser said. */
export function networkErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `A client error occurred - ${message}`;
}

/** SPEC §4, §8: a 401 whose reason contains 'expired' starts the token refresh; no other error does. */
export function isExpiredAccess(error: { status: number; reason?: string }): boolean {
  return error.status === 401 && (error.reason ?? '').toLowerCase().includes('expired');
}

/**
 * Whether a failed refresh means the session is over. Only the server's refusal does (401, 403): being
 * offline, a rate limit or a server fault must not sign the user out of a session that is still valid.
 */
export function endsSession(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/** The user stopped the call (an upload's cancel button); nothing to report as an error. */
export class CallCanceled extends Error {
  constructor() {
    super('Canceled.');
    this.name = 'CallCanceled';
  }
}
