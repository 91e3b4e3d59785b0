/**
 * Keeping an uploaded file (decision 0011). The bytes stream to an incoming file while they are hashed,
 * counted and inspected, so an upload is never held in memory; the type is then decided from the bytes
 * and must agree with the name. Only then, in one transaction that holds a lock on the owner, the quota
 * is checked, the row inserted and the file renamed into place, last, just before the commit. Whatever
 * fails on the way, the incoming file and the renamed one are removed: no row is ever left without its
 * bytes, nor bytes without their row.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ACCEPTED_FILE_SUMMARY,
  acceptedTypeForName,
  acceptedTypeOfKind,
  FILE_MAX_BYTES,
  FILE_UPLOAD_FIELD,
  formatFileSize,
  type AcceptedFileType,
  type FileData,
  type FileKind,
  type FileUsage,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { successBody } from '../../lib/envelope.js';
import { isStorageFull, storageFullError } from '../../lib/storage-full.js';
import { answerOnce, type GivenAnswer, type KeyedRequest } from '../idempotency/idempotent-writes.js';
import { ContentInspector } from './file-content.js';
import { contentKindOf } from './file-kind.js';
import { keptFileName } from './file-names.js';
import { incomingPath, moveIntoPlace, newStorageKey, removeFile } from './file-storage.js';
import { insertFile, lockOwner, toApiFile, usageOf } from './files.repository.js';

export const TOO_LARGE = `The file is larger than ${formatFileSize(FILE_MAX_BYTES)}.`;
export const SEND_ONE_FILE = `Send one file, as multipart/form-data in the field "${FILE_UPLOAD_FIELD}".`;
export const INTERRUPTED = 'The file did not arrive whole. Please send it again.';
export const NOT_ACCEPTED = `This type of file is not accepted. Accepted: ${ACCEPTED_FILE_SUMMARY}.`;
export const EMPTY_FILE = 'The file is empty.';
export const NO_NAME = 'The file needs a name.';
export const FILE_NOT_SAVED = "The server's storage is full: the file was not saved.";
export const FILE_UPLOADED = 'File uploaded';

/** Room for the multipart framing around the file (boundaries, part headers with a long name). */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/** An upload written to its incoming file, not yet accepted. */
type Received = {
  name: string;
  key: string;
  path: string;
  sizeBytes: number;
  sha256: string;
  isText: boolean;
};

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** The limits @fastify/multipart enforces, and its refusals, in the words of this call. */
function partError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  switch (codeOf(error)) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, TOO_LARGE);
    case 'FST_MP_PREMATURE_CLOSE':
      return AppError.badRequest(INTERRUPTED);
  }
  return AppError.badRequest(SEND_ONE_FILE);
}

/**
 * A failure while the bytes were arriving. The disk's errors (they name a system call) are the server's:
 * a full disk is a 507, any other a 500; anything else is the multipart data ending early or malformed.
 */
function streamError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (isStorageFull(error)) return storageFullError(FILE_NOT_SAVED, error);
  if (typeof (error as { syscall?: unknown } | null)?.syscall === 'string') return error;
  return codeOf(error) === 'FST_REQ_FILE_TOO_LARGE'
    ? new AppError(413, TOO_LARGE)
    : AppError.badRequest(INTERRUPTED);
}

/** Reads the one file of the request into an incoming file, watching its bytes on the way. */
async function receiveFile(request: FastifyRequest, dataDir: string): Promise<Received> {
  if (!request.isMultipart()) throw AppError.badRequest(SEND_ONE_FILE);
  // Refused before reading when the client announces more than a file of the largest size.
  if (Number(request.headers['content-length']) > FILE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
    throw new AppError(413, TOO_LARGE);
  }
  // Read part by part rather than with request.file(), which would let a second file pass unseen.
  const parts = request.parts();
  const nextPart = () => parts.next().catch((error: unknown) => Promise.reject(partError(error)));
  const { value: part } = await nextPart();
  if (!part || part.type !== 'file') throw AppError.badRequest(SEND_ONE_FILE);
  const name = keptFileName(part.filename);
  if (part.fieldname !== FILE_UPLOAD_FIELD || !name) {
    // Read to the end and dropped, so the connection can serve the next request.
    part.file.resume();
    throw AppError.badRequest(part.fieldname === FILE_UPLOAD_FIELD ? NO_NAME : SEND_ONE_FILE);
  }

  const key = newStorageKey();
  const target = await incomingPath(dataDir, key);
  const inspector = new ContentInspector();
  const hash = createHash('sha256');
  let sizeBytes = 0;
  const watch = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sizeBytes += chunk.length;
      hash.update(chunk);
      inspector.push(chunk);
      done(null, chunk);
    },
  });
  const written = fs.createWriteStream(target, { flags: 'wx' });
  try {
    await pipeline(part.file, watch, written);
    // Busboy stops passing bytes at the limit and marks the file as cut short.
    if (part.file.truncated) throw new AppError(413, TOO_LARGE);
    if (sizeBytes === 0) throw AppError.badRequest(EMPTY_FILE);
    // Anything after the file (a second file, a field) is refused, not dropped: the client would not know
    // which of its files was kept.
    if (!(await nextPart()).done) throw AppError.badRequest(SEND_ONE_FILE);
  } catch (error) {
    // An upload can fail while its file is still being opened: removed before it is closed, the file would
    // be created after its removal and left behind.
    if (!written.closed)
      await new Promise<true>((closed) => written.destroy().once('close', () => closed(true)));
    await removeFile(target);
    throw streamError(error);
  }
  return { name, key, path: target, sizeBytes, sha256: hash.digest('hex'), isText: inspector.isText() };
}

const withArticle = (label: string) => `${/^[AEIOU]/.test(label) ? 'an' : 'a'} ${label}`;

/** The accepted type of a received file: found from its bytes, and agreeing with its name. */
async function acceptedTypeOf(received: Received): Promise<AcceptedFileType> {
  const found = await contentKindOf(received.path, received.isText);
  if (found === undefined) throw AppError.badRequest(NOT_ACCEPTED);
  const kinds: FileKind[] = found === 'text' ? ['text', 'csv'] : [found];
  const candidates = kinds.map(acceptedTypeOfKind);
  const claimed = acceptedTypeForName(received.name);
  const match = candidates.find((type) => type === claimed);
  if (match) return match;

  const content = found === 'text' ? 'text' : withArticle(candidates[0]?.label ?? '');
  if (claimed) {
    throw AppError.badRequest(
      `"${received.name}" is not a real ${claimed.label} (its content is ${content}).`,
    );
  }
  const extensions = candidates.flatMap((type) => type.extensions).join(' or ');
  throw AppError.badRequest(
    `A file whose content is ${content} must have a name ending in ${extensions}, unlike "${received.name}".`,
  );
}

/** Why a file of `sizeBytes` does not fit in what the user already keeps, or undefined when it does. */
export function roomProblem(usage: FileUsage, sizeBytes: number): string | undefined {
  if (usage.fileCount >= usage.maxFiles) {
    return `You already keep ${usage.maxFiles} files, the most allowed. Delete some files and try again.`;
  }
  if (usage.usedBytes + sizeBytes > usage.quotaBytes) {
    const free = Math.max(0, usage.quotaBytes - usage.usedBytes);
    return (
      `Not enough space left: this file needs ${formatFileSize(sizeBytes)} and ${formatFileSize(free)} ` +
      `of your ${formatFileSize(usage.quotaBytes)} are free. Delete some files and try again.`
    );
  }
  return undefined;
}

/**
 * Receives, checks and keeps the request's file for `userId`; answers with it and the new usage. With an
 * Idempotency-Key, a retry of an upload already kept (same name, same bytes) gets the first answer again and keeps
 * nothing more.
 */
export async function keepUploadedFile(
  db: Database,
  dataDir: string,
  userId: number,
  request: FastifyRequest,
  keyed: KeyedRequest | undefined,
): Promise<GivenAnswer> {
  const received = await receiveFile(request, dataDir);
  let kept: string | undefined;
  try {
    const type = await acceptedTypeOf(received);
    const content = { name: received.name, sha256: received.sha256 };
    const answer = await answerOnce(db, keyed, content, async (tx) => {
      if (!(await lockOwner(tx, userId))) throw AppError.unauthorized();
      const usage = await usageOf(tx, userId);
      const problem = roomProblem(usage, received.sizeBytes);
      if (problem) throw AppError.conflict(problem);
      const row = await insertFile(tx, {
        userId,
        name: received.name,
        mediaType: type.mediaType,
        sizeBytes: received.sizeBytes,
        storageKey: received.key,
        sha256: received.sha256,
      });
      // The last step before the commit: if the commit still fails, the bytes are removed below.
      kept = await moveIntoPlace(dataDir, received.path, received.key);
      const data: FileData = {
        file: toApiFile(row),
        usage: {
          ...usage,
          usedBytes: usage.usedBytes + received.sizeBytes,
          fileCount: usage.fileCount + 1,
        },
      };
      return { statusCode: 201, body: successBody(201, FILE_UPLOADED, data) };
    });
    // A retry answered with the first upload's answer: its own bytes are not kept.
    if (answer.replayed) await removeFile(received.path);
    return answer;
  } catch (error) {
    await Promise.allSettled([removeFile(received.path), kept ? removeFile(kept) : undefined]);
    throw isStorageFull(error) ? storageFullError(FILE_NOT_SAVED, error) : error;
  }
}
