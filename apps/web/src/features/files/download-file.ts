/**
 * GET /api/files/{id}/download through lib/http's download (the token, the session and the cache rules of
 * every call), saved under the file's own name.
 */
import type { UserFile } from '@app/contracts';
import { apiDownload } from '../../lib/http/api-client';
import { ApiError, networkErrorMessage } from '../../lib/http/api-error';
import { saveFile } from '../../lib/save-file';
import { fileDownloadUrl } from './files-api';

/** The file's bytes; rejects with an ApiError whose message is SPEC §8's text. */
export async function fetchFile(file: Pick<UserFile, 'id' | 'sizeBytes'>): Promise<Blob> {
  const { blob } = await apiDownload(fileDownloadUrl(file.id));
  // A connection cut short can end a body early without an error; a partial file is not the file.
  if (blob.size !== file.sizeBytes) {
    throw new ApiError(networkErrorMessage(new Error('the download was incomplete')), 0);
  }
  return blob;
}

/** Downloads a file and saves it under its name. */
export async function downloadFile(file: Pick<UserFile, 'id' | 'name' | 'sizeBytes'>): Promise<void> {
  saveFile(await fetchFile(file), file.name);
}
