/**
 * POST /api/files, reporting how much of the file was sent. fetch cannot tell how far a request body
 * has gone, so this call uses XMLHttpRequest and applies lib/http's rules itself, with lib/http's own
 * pieces: the bearer and the anti-forgery header of the call rules, SPEC §8's error texts, the session
 * refresh (session-calls.ts), and the cache cleared as after any write.
 */
import { FILE_UPLOAD_FIELD, type FileData } from '@app/contracts';
import type { ApiAnswer } from '../../lib/http/api-client';
import { ApiError, httpErrorMessage, networkErrorMessage, reasonOf } from '../../lib/http/api-error';
import { clearApiCache } from '../../lib/http/cache-policy';
import { antiForgeryHeaders, authorizationHeader } from '../../lib/http/call-rules';
import { queryClient } from '../../lib/query-client';
import { FILES_API } from './files-api';
import { sendWithSession, type Answered } from './session-calls';

/** The whole percentage sent, never 100 before the last byte has left. */
export function sentPercent(sent: number, total: number): number {
  if (total <= 0 || sent >= total) return 100;
  return Math.min(99, Math.floor((sent / total) * 100));
}

/** The user stopped the upload; nothing to report as an error. */
export class UploadCanceled extends Error {
  constructor() {
    super('Upload canceled.');
    this.name = 'UploadCanceled';
  }
}

type Sent = Answered & { body: unknown };

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function send(
  file: File,
  bearer: string | null,
  onProgress: (percent: number) => void,
  signal: AbortSignal | undefined,
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadCanceled());
      return;
    }
    const form = new FormData();
    form.append(FILE_UPLOAD_FIELD, file, file.name);
    const request = new XMLHttpRequest();
    request.open('POST', FILES_API);
    const headers = {
      Accept: 'application/json',
      ...authorizationHeader(bearer),
      ...antiForgeryHeaders('POST', FILES_API, document.cookie),
    };
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(sentPercent(event.loaded, event.total));
    };
    request.onload = () => {
      const body = parse(request.responseText);
      resolve({ status: request.status, reason: reasonOf(body), body });
    };
    request.onerror = () =>
      reject(new ApiError(networkErrorMessage(new Error('the upload was interrupted')), 0));
    request.onabort = () => reject(new UploadCanceled());
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    onProgress(0);
    request.send(form);
  });
}

/** Uploads a file; resolves with the server's answer, rejects with an ApiError (or UploadCanceled). */
export async function uploadFile(
  file: File,
  options: { onProgress: (percent: number) => void; signal?: AbortSignal },
): Promise<ApiAnswer<FileData>> {
  try {
    const answer = await sendWithSession((bearer) => send(file, bearer, options.onProgress, options.signal));
    const ok = answer.status >= 200 && answer.status < 300;
    if (!ok || typeof answer.body !== 'object' || answer.body === null) {
      throw new ApiError(httpErrorMessage(answer.status, answer.body), answer.status, answer.reason);
    }
    return answer.body as ApiAnswer<FileData>;
  } finally {
    // SPEC §7: a write clears the cached answers; the list on screen is fetched again.
    clearApiCache(queryClient);
  }
}
