/**
 * The Mes Fichiers calls, /api/files, all through lib/http (call, session, error and cache rules): the list
 * and the delete here, the upload with its progress (upload-file.ts) and the download of a file's bytes
 * (download-file.ts) beside.
 */
import type { FileAnswer, FileListAnswer } from '@app/contracts';
import { apiRequest } from '../../lib/http/api-client';
import { apiQuery } from '../../lib/http/api-query';

export const FILES_API = '/api/files';

/** The signed-in user's files, newest first, and how much of the quota they use. */
export const filesQuery = () => apiQuery<FileListAnswer>(FILES_API);

export const fileDownloadUrl = (id: number) => `${FILES_API}/${id}/download`;

export const deleteFile = (id: number) =>
  apiRequest<FileAnswer>({ method: 'DELETE', url: `${FILES_API}/${id}` });
