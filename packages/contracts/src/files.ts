import type { z } from './zod.js';
import type { FileDataSchema, FileListDataSchema, FileUsageSchema, UserFileSchema } from './file-answers.js';

/**
 * Mes Fichiers (decision 0011): the limits, the accepted types and the answers of the /api/files calls,
 * shared by the server, which enforces them, and the web app, which shows them and checks a file before
 * sending it. This module holds no schema on purpose: the web app imports these numbers and names without
 * pulling the validation library into its JavaScript; its answer types come from file-answers.ts, as types only.
 * The upload is multipart and is checked from its bytes on the server; the only parameter, a file's id, is an
 * IdSchema.
 */

/** The largest file kept. Busboy stops reading one byte past it. */
export const FILE_MAX_BYTES = 10 * 1024 * 1024;
/** What one user may keep in all, counted from the sizes of their files. */
export const FILE_QUOTA_BYTES = 100 * 1024 * 1024;
/** How many files one user may keep: enough for real use, and the list stays one screen without paging. */
export const FILE_MAX_COUNT = 500;
/** The longest file name kept, in characters (the database checks it too). */
export const FILE_NAME_MAX_LENGTH = 255;
/** The multipart field that carries the file. */
export const FILE_UPLOAD_FIELD = 'file';

/**
 * The types kept, each recognised from its bytes on the server; the name must end in one of the type's
 * extensions, so that the file opens with the right program once downloaded. Text and CSV share their
 * content (UTF-8 text) and are told apart by the extension.
 */
export const ACCEPTED_FILE_TYPES = [
  { kind: 'pdf', label: 'PDF document', mediaType: 'application/pdf', extensions: ['.pdf'] },
  { kind: 'png', label: 'PNG image', mediaType: 'image/png', extensions: ['.png'] },
  { kind: 'jpeg', label: 'JPEG image', mediaType: 'image/jpeg', extensions: ['.jpg', '.jpeg'] },
  { kind: 'webp', label: 'WebP image', mediaType: 'image/webp', extensions: ['.webp'] },
  { kind: 'gif', label: 'GIF image', mediaType: 'image/gif', extensions: ['.gif'] },
  { kind: 'text', label: 'Text file', mediaType: 'text/plain', extensions: ['.txt'] },
  { kind: 'csv', label: 'CSV file', mediaType: 'text/csv', extensions: ['.csv'] },
  {
    kind: 'docx',
    label: 'Word document',
    mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['.docx'],
  },
  {
    kind: 'xlsx',
    label: 'Excel workbook',
    mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['.xlsx'],
  },
] as const;

export type AcceptedFileType = (typeof ACCEPTED_FILE_TYPES)[number];
export type FileKind = AcceptedFileType['kind'];

/** The accepted types in a sentence, for the page and the server's refusals. */
export const ACCEPTED_FILE_SUMMARY =
  'PDF, PNG, JPEG, WebP, GIF, text (.txt, .csv), Word (.docx) and Excel (.xlsx)';

/** The file input's `accept`: the extensions and media types above (a hint to the browser, not a check). */
export const FILE_INPUT_ACCEPT = ACCEPTED_FILE_TYPES.flatMap((type) => [
  ...type.extensions,
  type.mediaType,
]).join(',');

/** The name's extension in lower case with its dot ('.pdf'), or '' when it has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot).toLowerCase();
}

/** The accepted type a name claims by its extension, if any. */
export function acceptedTypeForName(name: string): AcceptedFileType | undefined {
  const extension = fileExtension(name);
  return ACCEPTED_FILE_TYPES.find((type) => (type.extensions as readonly string[]).includes(extension));
}

export function acceptedTypeOfKind(kind: FileKind): AcceptedFileType {
  return ACCEPTED_FILE_TYPES.find((type) => type.kind === kind) as AcceptedFileType;
}

/** What the file list shows in its Type column. */
export function fileTypeLabel(mediaType: string): string {
  return ACCEPTED_FILE_TYPES.find((type) => type.mediaType === mediaType)?.label ?? mediaType;
}

const SIZE_UNITS = ['KB', 'MB', 'GB'] as const;

/**
 * A size as people read it, in binary units as file managers count them: "812 B", "1.5 KB", "10 MB".
 * One decimal under 10 of a unit, whole numbers above.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${SIZE_UNITS[unit]}`;
}

/** A kept file as the API sends it. `mediaType` is the type found from the bytes. */
export type UserFile = z.infer<typeof UserFileSchema>;

/** How much of the quota is used. */
export type FileUsage = z.infer<typeof FileUsageSchema>;

/** GET /api/files: the caller's files, newest first, and the usage. */
export type FileListData = z.infer<typeof FileListDataSchema>;

/** POST /api/files and DELETE /api/files/{id}: the file kept or removed, and the usage after it. */
export type FileData = z.infer<typeof FileDataSchema>;
