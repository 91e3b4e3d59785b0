/**
 * POST /api/files, reporting how much of the file was sent, through lib/http's upload (the call, session,
 * error and cache rules of every call).
 */
import { FILE_UPLOAD_FIELD, type FileAnswer } from '@app/contracts';
import { apiUpload } from '../../lib/http/api-client';
import { CallCanceled } from '../../lib/http/api-error';
import type { UploadOptions } from '../../lib/http/upload-exchange';
import { FILES_API } from './files-api';

/** The user stopped the upload; nothing to report as an error. */
export class UploadCanceled extends Error {
  constructor() {
    super('Upload canceled.');
    this.name = 'UploadCanceled';
  }
}

/** Uploads a file; resolves with the server's answer, rejects with an ApiError (or UploadCanceled). */
export async function uploadFile(file: File, options: UploadOptions): Promise<FileAnswer> {
  const form = new FormData();
  form.append(FILE_UPLOAD_FIELD, file, file.name);
  try {
    return await apiUpload<FileAnswer>(FILES_API, form, options);
  } catch (error) {
    throw error instanceof CallCanceled ? new UploadCanceled() : error;
  }
}
