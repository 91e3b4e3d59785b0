/** The calls of Mes Fichiers (/api/files) as the tests make them, and what they leave on the disk. */
import fs from 'node:fs';
import path from 'node:path';
import { FILE_UPLOAD_FIELD, type FileData, type FileListData } from '@app/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { call } from './accounts.js';
import { multipart } from './images.js';
import { expectSuccess } from './profile.js';
import type { TestApp } from './test-app.js';

/**
 * The multipart body a browser sends for one file: its name in the part's header, and the type the browser
 * guessed from the name (the server must not trust it).
 */
export const fileBody = (name: string, content: Buffer | string, declaredType = 'application/octet-stream') =>
  multipart([{ field: FILE_UPLOAD_FIELD, filename: name, contentType: declaredType, content }]);

/** POST /api/files with one file. */
export const uploadFile = (
  t: TestApp,
  token: string | undefined,
  name: string,
  content: Buffer | string,
  declaredType?: string,
) => call(t, { method: 'POST', url: '/api/files', token, ...fileBody(name, content, declaredType) });

/** GET /api/files, which must succeed. */
export async function listedFiles(t: TestApp, token: string): Promise<FileListData> {
  return expectSuccess<FileListData>(
    await call(t, { method: 'GET', url: '/api/files', token }),
    'Files retrieved',
  );
}

/** The answer of an upload that kept the file. */
export function expectCreatedFile(res: LightMyRequestResponse): FileData {
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toMatchObject({ statusCode: 201, status: 'CREATED', message: 'File uploaded' });
  return res.json().data as FileData;
}

/** Every file under DATA_DIR/files, incoming ones included, relative to it. */
export function filesOnDisk(t: TestApp): string[] {
  const root = path.join(t.config.dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}
