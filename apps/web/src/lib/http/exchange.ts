/**
 * One HTTP exchange with the application API by fetch, with a given bearer: the headers of SPEC §7's call
 * rules, and a failure turned into an ApiError with SPEC §8's text (read from the error envelope). The
 * session rules (which bearer, the refresh, the retry) are session-calls.ts's.
 */
import type { MessageAnswer } from '@app/contracts';
import { ApiError, httpErrorMessage, networkErrorMessage, reasonOf } from './api-error';
import { antiForgeryHeaders, authorizationHeader, type HttpMethod } from './call-rules';

/** What the server is asked for: an envelope (JSON) by default, or a file's bytes of any type. */
export type Accept = 'application/json' | '*/*';

/** SPEC §7: the headers of a call, whatever carries it (fetch, or XMLHttpRequest for an upload). */
export function callHeaders(
  method: HttpMethod,
  url: string,
  bearer: string | null | undefined,
  accept: Accept = 'application/json',
): Record<string, string> {
  return {
    Accept: accept,
    ...authorizationHeader(bearer),
    ...antiForgeryHeaders(method, url, typeof document === 'undefined' ? '' : document.cookie),
  };
}

/** A body read as JSON, or undefined when it is empty or not JSON (a proxy's HTML page). */
export function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** An answer with an error status, as the ApiError the user reads: the envelope's reason, else the status. */
export function failureOf(status: number, body: unknown): ApiError {
  return new ApiError(httpErrorMessage(status, body), status, reasonOf(body));
}

/**
 * A success answer's envelope, typed as the contracts describe the call's answer (trusted, not validated:
 * the server checks its answers against the same schemas outside production); a body that is not one is a
 * server fault.
 */
export function envelopeOf<A extends MessageAnswer>(status: number, body: unknown): A {
  if (typeof body !== 'object' || body === null) throw failureOf(status, body);
  return body as A;
}

export type Exchange = {
  method: HttpMethod;
  url: string;
  /** Sent as JSON, or as is for FormData (a picture upload). */
  body?: unknown;
  accept?: Accept;
  keepalive?: boolean;
};

/** Sends the call; resolves with a successful answer, its body still unread, or rejects with an ApiError. */
export async function fetchAnswer(exchange: Exchange, bearer: string | null | undefined): Promise<Response> {
  const headers = callHeaders(exchange.method, exchange.url, bearer, exchange.accept);
  let body: BodyInit | undefined;
  if (exchange.body instanceof FormData) body = exchange.body;
  else if (exchange.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(exchange.body);
  }
  let response: Response;
  try {
    response = await fetch(exchange.url, {
      method: exchange.method,
      headers,
      body,
      credentials: 'same-origin',
      keepalive: exchange.keepalive,
    });
  } catch (error) {
    throw new ApiError(networkErrorMessage(error), 0);
  }
  if (!response.ok) throw failureOf(response.status, parseBody(await response.text()));
  return response;
}

/** Sends the call and reads its envelope. */
export async function fetchEnvelope<A extends MessageAnswer>(
  exchange: Exchange,
  bearer: string | null | undefined,
): Promise<A> {
  const response = await fetchAnswer(exchange, bearer);
  return envelopeOf<A>(response.status, parseBody(await response.text()));
}
