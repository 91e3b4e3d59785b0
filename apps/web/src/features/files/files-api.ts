/**
 * The Mes Fichiers calls, /api/files. The list and the delete go through lib/http (call, error and cache
 * rules); the upload and the download move bytes that the JSON client cannot carry, in their own modules.
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
