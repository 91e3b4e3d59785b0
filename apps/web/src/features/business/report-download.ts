/**
 * The customer report download (SPEC §2.3, §4, §7): GET /api/customer/download/report with the access
 * token, read as a stream so the progress is a true percentage of its Content-Length, then saved under the
 * name of its File-Name header. The JSON client of lib/http cannot stream a body, so this call applies the
 * same rules itself, with lib/http's own pieces: the bearer of the call rules, SPEC §8's error texts, one
 * session refresh on an expired token, and the cache cleared as for any download.
 */
import { resumeSession } from '../../lib/http/api-client';
import {
  ApiError,
  httpErrorMessage,
  isExpiredAccess,
  networkErrorMessage,
  reasonOf,
} from '../../lib/http/api-error';
import { clearApiCache, clearsCache } from '../../lib/http/cache-policy';
import { authorizationHeader } from '../../lib/http/call-rules';
import { queryClient } from '../../lib/query-client';
import { tokenStore } from '../../lib/session/token-store';
import { REPORT_URL } from './business-api';

/** The report's usual name (the contracts' CUSTOMER_REPORT_FILE_NAME; not imported, as that module holds schemas). */
export const REPORT_FILE_NAME = 'customer-report.xlsx';

export type DownloadProgress = {
  received: number;
  /** The Content-Length, when the server sent one. */
  total: number | undefined;
  /** 0–100, or undefined when the total is unknown. */
  percent: number | undefined;
};

/** The whole percentage received; never 100 before the last byte, never more than 100. */
export function progressPercent(received: number, total: number | undefined): number | undefined {
  if (total === undefined || !Number.isFinite(total) || total <= 0) return undefined;
  if (received >= total) return 100;
  return Math.min(99, Math.floor((received / total) * 100));
}

/** The Content-Length header as a number, when there is a sensible one. */
export function contentLengthOf(headers: Headers): number | undefined {
  const value = Number(headers.get('Content-Length'));
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/**
 * The name to save the file under: the File-Name header (REFERENCE §1), else the Content-Disposition's,
 * else the report's usual name. Only a plain file name: no folders, no control characters.
 */
export function reportFileName(headers: Headers, fallback = REPORT_FILE_NAME): string {
  const disposition = /filename="?([^";]+)"?/i.exec(headers.get('Content-Disposition') ?? '')?.[1];
  const raw = headers.get('File-Name') ?? disposition ?? '';
  const name = (raw.split(/[/\\]/).pop() ?? '')
    .replace(/[\u0000-\u001f\u007f]/g, '') // eslint-disable-line no-control-regex -- removing them is the point
    .trim();
  return name === '' || name === '.' || name === '..' ? fallback : name;
}

/** Reads a response body to the end, telling each step of the way how much arrived. */
export async function readWithProgress(
  response: Response,
  onProgress: (progress: DownloadProgress) => void,
): Promise<Blob> {
  const total = contentLengthOf(response.headers);
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  const reader = response.body?.getReader();
  if (!reader) {
    const blob = await response.blob();
    onProgress({ received: blob.size, total, percent: 100 });
    return new Blob([blob], { type });
  }
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress({ received, total, percent: progressPercent(received, total) });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress({ received, total, percent: progressPercent(received, total) });
  }
  onProgress({ received, total: total ?? received, percent: 100 });
  return new Blob(chunks, { type });
}

async function send(bearer: string | null): Promise<Response> {
  try {
    return await fetch(REPORT_URL, {
      headers: { Accept: '*/*', ...authorizationHeader(bearer) },
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new ApiError(networkErrorMessage(error), 0);
  }
}

async function errorOf(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = JSON.parse(await response.text()) as unknown;
  } catch {
    body = undefined;
  }
  return new ApiError(httpErrorMessage(response.status, body), response.status, reasonOf(body));
}

/** Downloads the report; rejects with an ApiError whose message is SPEC §8's text. */
export async function downloadReport(
  onProgress: (progress: DownloadProgress) => void,
): Promise<{ fileName: string; blob: Blob }> {
  try {
    let response = await send(tokenStore.accessToken());
    if (response.status === 401) {
      const error = await errorOf(response);
      if (!isExpiredAccess(error)) throw error;
      // SPEC §4: an expired token is refreshed once (shared with any other call doing the same), then retried.
      const resumed = await resumeSession();
      if (!resumed.resumed) throw new ApiError(resumed.reason, 401);
      response = await send(tokenStore.accessToken());
    }
    if (!response.ok) throw await errorOf(response);
    const blob = await readWithProgress(response, onProgress);
    return { fileName: reportFileName(response.headers), blob };
  } finally {
    // SPEC §7: a download clears the whole cache of answers, as a write does.
    if (clearsCache('GET', 'download')) clearApiCache(queryClient);
  }
}
