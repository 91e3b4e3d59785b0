import { z } from './zod.js';
import { ACCEPTED_FILE_TYPES } from './files.js';
import { successEnvelope } from './envelope.js';

/**
 * The answers of the /api/files calls (decision 0011), their schemas and types. Apart from files.ts, which the web
 * app imports for its numbers and names without pulling the validation library into its JavaScript (a type
 * imported from here costs it nothing).
 */

/** A kept file as the API sends it. `mediaType` is the type found from the bytes. */
export const UserFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mediaType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  /** SHA-256 of the bytes, in hexadecimal: lets a client check a download. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  createdAt: z.iso.datetime(),
});

/** How much of the quota is used. */
export const FileUsageSchema = z.object({
  usedBytes: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive(),
  fileCount: z.number().int().nonnegative(),
  maxFiles: z.number().int().positive(),
});

/** GET /api/files: the caller's files, newest first, and the usage. */
export const FileListDataSchema = z.object({ files: z.array(UserFileSchema), usage: FileUsageSchema });

/** POST /api/files and DELETE /api/files/{id}: the file kept or removed, and the usage after it. */
export const FileDataSchema = z.object({ file: UserFileSchema, usage: FileUsageSchema });

export const FileListAnswerSchema = successEnvelope(FileListDataSchema);
export type FileListAnswer = z.infer<typeof FileListAnswerSchema>;

/** POST /api/files (201) and DELETE /api/files/{id}. */
export const FileAnswerSchema = successEnvelope(FileDataSchema);
export type FileAnswer = z.infer<typeof FileAnswerSchema>;

/** The media types GET /api/files/{id}/download answers with: those of the accepted files (text in UTF-8). */
export const DOWNLOAD_MEDIA_TYPES = ACCEPTED_FILE_TYPES.map(({ mediaType }) =>
  mediaType.startsWith('text/') ? `${mediaType}; charset=utf-8` : mediaType,
);

/** A kept file as the API sends it. `mediaType` is the type found from the bytes. */
export type UserFile = z.infer<typeof UserFileSchema>;

/** How much of the quota is used. */
export type FileUsage = z.infer<typeof FileUsageSchema>;

/** GET /api/files: the caller's files, newest first, and the usage. */
export type FileListData = z.infer<typeof FileListDataSchema>;

/** POST /api/files and DELETE /api/files/{id}: the file kept or removed, and the usage after it. */
export type FileData = z.infer<typeof FileDataSchema>;
