/**
 * A full disk (issue 19, point 8) answers 507 with a clear reason, never a generic 500, and leaves nothing
 * half-written: no part of the file on the disk, no row. The folders of the uploads and of the profile pictures are
 * each a tiny tmpfs, a real file system that fills up (mounting one needs root, as in CI; elsewhere these tests are
 * skipped). PostgreSQL's own full disk (SQLSTATE 53100) cannot be brought about here: the mapping of its error is
 * checked on the error as the drivers hand it over.
 *
 * @module-tag slow
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../src/db/orm.js';
import { mapError } from '../src/lib/error-handler.js';
import { STORAGE_FULL } from '../src/lib/storage-full.js';
import { FILE_NOT_SAVED } from '../src/modules/files/file-upload.service.js';
import { call, signedInUser } from './support/accounts.js';
import { imageUpload, multipart, PNG_SIGNATURE, tinyPng } from './support/images.js';
import { expectFailure } from './support/profile.js';
import { ownerRows } from './support/tables-owner.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Room on each tiny file system: less than the uploads below, more than a small picture. */
const TMPFS_SIZE = '256k';
const LARGER_THAN_THE_DISK = 400 * 1024;

function mountTmpfs(folder: string) {
  fs.mkdirSync(folder, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_SIZE}`, 'tmpfs', folder], { stdio: 'ignore' });
}

const unmount = (folder: string) => execFileSync('umount', [folder], { stdio: 'ignore' });

function canMount(): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'tmpfs-probe-'));
  try {
    mountTmpfs(probe);
    unmount(probe);
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}

/** The files under a folder, at any depth. */
const filesUnder = (folder: string) =>
  fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

/** A PNG's signature and then bytes enough to fill the disk: accepted as a picture, too large for the room. */
const largePicture = () => Buffer.concat([PNG_SIGNATURE, Buffer.alloc(LARGER_THAN_THE_DISK, 7)]);

describe.runIf(canMount())('a full disk under the uploads', () => {
  let t: TestApp;
  let filesFolder: string;
  let imagesFolder: string;
  beforeAll(async () => {
    t = await createTestApp();
    filesFolder = path.join(t.config.dataDir, 'files');
    imagesFolder = path.join(t.config.dataDir, 'uploads', 'images');
    mountTmpfs(filesFolder);
    mountTmpfs(imagesFolder);
  });
  afterAll(async () => {
    await t.close();
    for (const folder of [filesFolder, imagesFolder]) unmount(folder);
  });

  it('answers a file upload with 507 and keeps neither bytes nor row; the room is there again after', async () => {
    const me = await signedInUser(t, 'ROLE_USER');
    const upload = (name: string, content: Buffer) =>
      call(t, {
        method: 'POST',
        url: '/api/files',
        token: me.tokens.access,
        ...multipart([{ field: 'file', filename: name, contentType: 'image/png', content }]),
      });

    const full = await upload('scan.png', largePicture());
    expectFailure(full, 507, FILE_NOT_SAVED);
    expect(full.json().status).toBe('INSUFFICIENT_STORAGE');
    expect(filesUnder(filesFolder)).toEqual([]);
    expect(await ownerRows(t, sql`SELECT id FROM user_files WHERE user_id = ${me.id}`)).toEqual([]);

    // What the failed upload had written was removed, so a file that fits is kept.
    expect((await upload('small.png', tinyPng())).statusCode).toBe(201);
    expect(filesUnder(filesFolder)).toHaveLength(1);
  });

  it('answers a profile picture with 507, keeps no part of it, and leaves the profile as it was', async () => {
    const me = await signedInUser(t, 'ROLE_USER');
    const full = await call(t, {
      method: 'PATCH',
      url: '/api/user/update/image',
      token: me.tokens.access,
      ...imageUpload(largePicture()),
    });
    expectFailure(full, 507, STORAGE_FULL);
    expect(filesUnder(imagesFolder)).toEqual([]);
    const [user] = await ownerRows<{ image_url: string | null }>(
      t,
      sql`SELECT image_url FROM users WHERE id = ${me.id}`,
    );
    expect(user?.image_url).toBeNull();
  });
});

describe("PostgreSQL's full disk", () => {
  it('is a 507 with the clear reason, however deep the driver wrapped it', () => {
    const postgres = Object.assign(
      new Error('could not extend file "base/5/16384": No space left on device'),
      {
        code: '53100',
      },
    );
    const wrapped = new Error('Failed query: insert into "invoices" …', { cause: postgres });
    expect(mapError(wrapped)).toEqual({ statusCode: 507, reason: STORAGE_FULL });
    expect(mapError(postgres)).toEqual({ statusCode: 507, reason: STORAGE_FULL });
  });
});
