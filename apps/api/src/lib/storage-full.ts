/**
 * A full disk, on the server's side: the uploads' folder (ENOSPC, or EDQUOT over a disk quota) or PostgreSQL's
 * (SQLSTATE 53100, disk_full). It is not the request's fault, nor a bug: the answer is a 507 that says so, rather
 * than a generic 500, and what was being written is undone (the transaction rolls back, a half-written file is
 * removed by whoever wrote it).
 */
import { AppError } from './app-error.js';

export const STORAGE_FULL = "The server's storage is full: nothing was saved. Please try again later.";

const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);

export function isStorageFull(error: unknown): boolean {
  // Drivers and drizzle wrap the system's or PostgreSQL's error: its code may be a few causes down.
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && FULL_CODES.has(code)) return true;
    e = cause;
  }
  return false;
}

/** The 507 of a write that names what was not saved; the disk's error stays attached for the log. */
export function storageFullError(reason: string, cause: unknown): AppError {
  const error = new AppError(507, reason);
  error.cause = cause;
  return error;
}
