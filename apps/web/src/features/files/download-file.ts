/**
 * GET /api/files/{id}/download with the access token, read as bytes and handed to the browser to save
 * under the file's own name. A plain link would send no token; the bytes pass through a local object
 * address instead (saveFile), as the customer report does.
 */
import type { UserFile } from '@app/contracts';
import { ApiError, httpErrorMessage, networkErrorMessage, reasonOf } from '../../lib/http/api-error';
import { clearApiCache } from '../../lib/http/cache-policy';
import { authorizationHeader } from '../../lib/http/call-rules';
import { queryClient } from '../../lib/query-client';
import { saveFile } from '../../lib/save-file';
import { fileDownloadUrl } from './files-api';
import { sendWithSession, type Answered } from './session-calls';

type Fetched = Answered & { response: Response };

async function send(url: string, bearer: string | null): Promise<Fetched> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Accept: '*/*', ...authorizationHeader(bearer) },
      credentials: 'same-origin',
    });
  } catch (error) {
    throw new ApiError(networkErrorMessage(error), 0);
  }
  if (response.ok) return { status: response.status, response };
  // An error answers in the envelope: its reason is what the user reads.
  let body: unknown;
  try {
    body = JSON.parse(await response.text()) as unknown;
  } catch {
    body = undefined;
  }
  return { status: response.status, reason: reasonOf(body), response };
}

/** The file's bytes; rejects with an ApiError whose message is SPEC §8's text. */
export async function fetchFile(file: Pick<UserFile, 'id' | 'sizeBytes'>): Promise<Blob> {
  try {
    const answer = await sendWithSession((bearer) => send(fileDownloadUrl(file.id), bearer));
    if (answer.status < 200 || answer.status >= 300) {
      const message = httpErrorMessage(answer.status, { reason: answer.reason });
      throw new ApiError(message, answer.status, answer.reason);
    }
    const blob = await answer.response.blob();
    // A connection cut short can end a body early without an error; a partial file is not the file.
    if (blob.size !== file.sizeBytes) {
      throw new ApiError(networkErrorMessage(new Error('the download was incomplete')), 0);
    }
    return blob;
  } finally {
    // SPEC §7: a download clears the cached answers, as a write does.
    clearApiCache(queryClient);
  }
}

/** Downloads a file and saves it under its name. */
export async function downloadFile(file: Pick<UserFile, 'id' | 'name' | 'sizeBytes'>): Promise<void> {
  saveFile(await fetchFile(file), file.name);
}
