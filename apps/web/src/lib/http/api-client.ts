/**
 * The one way the web app calls the application API (/api), for JSON, a file's download and an upload
 * alike: headers by SPEC §7's call rules, the envelope read, errors by SPEC §8, the session rules of SPEC
 * §4 (session-calls.ts) and the cache rules. It shows nothing and opens no screen: an ended session is
 * announced (session-events.ts) for the screens to show.
 * The learning pages do not use it: their calls carry no token and need none of this (lib/public-json.ts).
 */
import type { MessageAnswer } from '@app/contracts';
import { queryClient } from '../query-client';
import { clearApiCache, clearsCache } from './cache-policy';
import type { HttpMethod } from './call-rules';
import { downloadFileName } from './download-name';
import { fetchAnswer, fetchEnvelope } from './exchange';
import { withSession, type SessionCall } from './session-calls';
import { readWithProgress, type DownloadProgress } from './transfer-progress';
import { uploadEnvelope, type UploadOptions } from './upload-exchange';

type Options = Pick<SessionCall, 'bearer' | 'onSessionLost'> & {
  /** Lets the call finish when the page is left (logout). */
  keepalive?: boolean;
};

export type ApiRequest = Options & {
  method?: HttpMethod;
  /** An address of our API, e.g. '/api/user/profile'. */
  url: string;
  /** Sent as JSON, or as is for FormData (a picture upload). */
  body?: unknown;
};

/** SPEC §7: after the call, so the answers fetched again on screen show its effect. */
async function thenClearing<R>(kind: 'json' | 'download', method: HttpMethod, call: Promise<R>): Promise<R> {
  try {
    return await call;
  } finally {
    if (clearsCache(method, kind)) clearApiCache(queryClient);
  }
}

/**
 * A call of the application API: resolves with its envelope, rejects with an ApiError. `A` is the call's
 * answer as the contracts describe it (their `*Answer` types); a call that answers only a message needs none.
 */
export function apiRequest<A extends MessageAnswer = MessageAnswer>(request: ApiRequest): Promise<A> {
  const method = request.method ?? 'GET';
  const exchange = { ...request, method };
  return thenClearing(
    'json',
    method,
    withSession(request, (bearer) => fetchEnvelope<A>(exchange, bearer)),
  );
}

export const apiGet = <A extends MessageAnswer = MessageAnswer>(url: string, options: Options = {}) =>
  apiRequest<A>({ ...options, url });
export const apiPost = <A extends MessageAnswer = MessageAnswer>(
  url: string,
  body?: unknown,
  options: Options = {},
) => apiRequest<A>({ ...options, method: 'POST', url, body });
export const apiPut = <A extends MessageAnswer = MessageAnswer>(
  url: string,
  body?: unknown,
  options: Options = {},
) => apiRequest<A>({ ...options, method: 'PUT', url, body });
export const apiPatch = <A extends MessageAnswer = MessageAnswer>(
  url: string,
  body?: unknown,
  options: Options = {},
) => apiRequest<A>({ ...options, method: 'PATCH', url, body });

export type DownloadAnswer = {
  blob: Blob;
  /** The name the answer gives the file (File-Name, else Content-Disposition), if any. */
  fileName: string | undefined;
};

/**
 * GETs a file's bytes. A plain link would carry no token; the bytes are read here, with the same session
 * rules as any call, and handed to the browser to save (lib/save-file.ts). With `onProgress`, the body is
 * read as a stream, so the progress is a true share of its Content-Length.
 */
export function apiDownload(
  url: string,
  options: Options & { onProgress?: (progress: DownloadProgress) => void } = {},
): Promise<DownloadAnswer> {
  const read = async (response: Response) => ({
    blob: options.onProgress ? await readWithProgress(response, options.onProgress) : await response.blob(),
    fileName: downloadFileName(response.headers),
  });
  return thenClearing(
    'download',
    'GET',
    withSession({ ...options, url }, (bearer) =>
      fetchAnswer({ method: 'GET', url, accept: '*/*' }, bearer),
    ).then(read),
  );
}

/**
 * POSTs a form with a file, reporting the share sent. A stored token that has already expired is refreshed
 * before sending, so the file is not sent only to be refused. Rejects with CallCanceled when stopped.
 */
export function apiUpload<A extends MessageAnswer>(
  url: string,
  form: FormData,
  options: Options & UploadOptions,
): Promise<A> {
  return thenClearing(
    'json',
    'POST',
    withSession({ ...options, url, refreshFirst: true }, (bearer) =>
      uploadEnvelope<A>(url, form, bearer, options),
    ),
  );
}
