/**
 * The /api/files calls of Mes Fichiers (decision 0011): a signed-in user's own files, listed, uploaded,
 * downloaded and deleted. Any signed-in, enabled user may use them; no customer permission is involved.
 * The guard runs on request, before a byte of an upload is read. Every query names the caller as owner,
 * so another user's file id answers the same 404 as an id that does not exist.
 */
import { signedInCall } from '../../lib/api-docs.js';
import fs from 'node:fs/promises';
import multipart from '@fastify/multipart';
import {
  DOWNLOAD_MEDIA_TYPES,
  FILE_MAX_BYTES,
  FileAnswerSchema,
  FileListAnswerSchema,
  IdSchema,
  type FileData,
  type FileListData,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../app-context.js';
import { binaryAnswer, errorAnswers } from '../../lib/answer-schemas.js';
import { AppError } from '../../lib/app-error.js';
import { successBody } from '../../lib/envelope.js';
import { callerOf } from '../auth/auth.module.js';
import { keyedRequestOf, SAFE_TO_RETRY, sendAnswer } from '../idempotency/idempotent-writes.js';
import { attachmentDisposition } from './file-names.js';
import { removeAbandonedUploads, removeFile, storedFilePath } from './file-storage.js';
import { keepUploadedFile } from './file-upload.service.js';
import { deleteOwnFile, findOwnFile, listOwnFiles, toApiFile, usageOf } from './files.repository.js';

const IdParamsSchema = z.object({ id: IdSchema });

const noFile = (id: number) => AppError.notFound(`No file with ID ${id}`);

/** Text is always sent as UTF-8, which is what the upload check accepted. */
const contentTypeOf = (mediaType: string) =>
  mediaType.startsWith('text/') ? `${mediaType}; charset=utf-8` : mediaType;

export const filesRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { context }) => {
  const { config } = context;
  const { db } = context.database;
  const { guard } = context.auth;
  // One file and nothing else; busboy stops reading the file one byte past the limit.
  await app.register(multipart, { limits: { fileSize: FILE_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
  app.addHook('onReady', async () => {
    const removed = await removeAbandonedUploads(config.dataDir).catch((error: unknown) => {
      app.log.warn({ err: error }, 'abandoned uploads could not be removed');
      return 0;
    });
    if (removed > 0) app.log.info({ removed }, 'abandoned uploads removed');
  });
  const signedIn = guard.authenticate;

  app.get(
    '/',
    {
      schema: {
        ...signedInCall('files', "The caller's files, newest first, and how much of the quota they use"),
        response: { 200: FileListAnswerSchema, ...errorAnswers(401, 403) },
      },
      onRequest: signedIn,
    },
    async (request) => {
      const { user } = callerOf(request);
      const [rows, usage] = await Promise.all([listOwnFiles(db, user.id), usageOf(db, user.id)]);
      const data: FileListData = { files: rows.map(toApiFile), usage };
      return successBody(200, 'Files retrieved', data);
    },
  );

  app.post(
    '/',
    {
      schema: {
        ...signedInCall(
          'files',
          'Keep a file (multipart field "file"; PDF, PNG, JPEG, WebP, GIF, UTF-8 text or CSV, DOCX, XLSX; 10 MB; ' +
            `100 MB in all)${SAFE_TO_RETRY}`,
        ),
        response: { 201: FileAnswerSchema, ...errorAnswers(400, 401, 403, 409, 413, 415, 507) },
      },
      onRequest: signedIn,
    },
    async (request, reply) => {
      // The key is checked before a byte of the file is read.
      const keyed = keyedRequestOf(request);
      const { user } = callerOf(request);
      return sendAnswer(reply, await keepUploadedFile(db, config.dataDir, user.id, request, keyed));
    },
  );

  app.get(
    '/:id/download',
    {
      schema: {
        ...signedInCall('files', "The bytes of one of the caller's files, under its name"),
        params: IdParamsSchema,
        response: {
          200: binaryAnswer('The file, under its name', DOWNLOAD_MEDIA_TYPES),
          ...errorAnswers(400, 401, 403, 404),
        },
      },
      onRequest: signedIn,
      // Pictures, PDF and Office files are compressed already, and compressing drops the Content-Length.
      compress: false,
    },
    async (request, reply) => {
      const { user } = callerOf(request);
      const row = await findOwnFile(db, user.id, request.params.id);
      if (!row) throw noFile(request.params.id);
      const file = await fs.open(storedFilePath(config.dataDir, row.storageKey), 'r');
      let size: number;
      try {
        size = (await file.stat()).size;
      } catch (error) {
        await file.close();
        throw error;
      }
      return reply
        .header('Content-Type', contentTypeOf(row.mediaType))
        .header('Content-Length', String(size))
        .header('Content-Disposition', attachmentDisposition(row.name))
        .header('Cache-Control', 'private, no-store')
        .send(file.createReadStream());
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        ...signedInCall('files', "Delete one of the caller's files"),
        params: IdParamsSchema,
        response: { 200: FileAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
      },
      onRequest: signedIn,
    },
    async (request) => {
      const { user } = callerOf(request);
      const row = await deleteOwnFile(db, user.id, request.params.id);
      if (!row) throw noFile(request.params.id);
      // The row is gone, so the file is no longer anyone's: bytes that cannot be removed now are only
      // disk space, reported in the log.
      await removeFile(storedFilePath(config.dataDir, row.storageKey)).catch((error: unknown) =>
        request.log.error({ err: error, storageKey: row.storageKey }, 'deleted file could not be removed'),
      );
      const data: FileData = { file: toApiFile(row), usage: await usageOf(db, user.id) };
      return successBody(200, 'File deleted', data);
    },
  );
};
