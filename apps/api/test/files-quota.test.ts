/**
 * Mes Fichiers, what /api/files keeps consistent: the quota per user (also against uploads racing each
 * other), the number of files, and no row without its bytes nor bytes without their row when something
 * fails between writing the bytes and committing the row, or when an upload stops half-way.
 */
import { randomBytes } from 'node:crypto';
import { FILE_MAX_COUNT, FILE_QUOTA_BYTES } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from '../src/db/orm.js';
import { userFiles } from '../src/db/schema.js';
import { asTablesOwner } from './support/tables-owner.js';
import { call, newSignedInUser } from './support/accounts.js';
import { expectFailure } from './support/profile.js';
import { expectCreatedFile, fileBody, filesOnDisk, listedFiles, uploadFile } from './support/files.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const upload = (token: string, name: string, content: Buffer | string) =>
  uploadFile(t, token, name, content, 'text/plain');

/**
 * Files the user kept earlier, as rows only: the quota is counted from the rows' sizes, and filling it
 * through uploads would send 100 MB per test.
 */
async function keptEarlier(userId: number, sizes: number[]): Promise<void> {
  await t.database.db.insert(userFiles).values(
    sizes.map((sizeBytes, i) => ({
      userId,
      name: `earlier-${i}.pdf`,
      mediaType: 'application/pdf',
      sizeBytes,
      storageKey: randomBytes(16).toString('hex'),
      sha256: '0'.repeat(64),
    })),
  );
}

const text = (size: number) => Buffer.alloc(size, 'x');

describe('the quota', () => {
  it('keeps a file that fills it exactly, refuses one byte more with a 409, and room comes back on delete', async () => {
    const me = await newSignedInUser(t);
    await keptEarlier(me.id, [FILE_QUOTA_BYTES - 1000]);
    const before = filesOnDisk(t);

    expectFailure(
      await upload(me.token, 'one-byte-too-many.txt', text(1001)),
      409,
      'Not enough space left: this file needs 1001 B and 1000 B of your 100 MB are free. Delete some files and try again.',
    );
    expect(filesOnDisk(t)).toEqual(before);

    const fits = expectCreatedFile(await upload(me.token, 'fits.txt', text(1000)));
    expect(fits.usage).toMatchObject({
      usedBytes: FILE_QUOTA_BYTES,
      quotaBytes: FILE_QUOTA_BYTES,
      fileCount: 2,
    });
    expectFailure(
      await upload(me.token, 'full.txt', text(1)),
      409,
      /^Not enough space left: this file needs 1 B and 0 B/,
    );

    await call(t, { method: 'DELETE', url: `/api/files/${fits.file.id}`, token: me.token });
    expectCreatedFile(await upload(me.token, 'again.txt', text(1000)));
  });

  it('is kept by uploads that race each other: of five that each fit, only one is kept', async () => {
    const me = await newSignedInUser(t);
    await keptEarlier(me.id, [FILE_QUOTA_BYTES - 1000]);
    const before = filesOnDisk(t);

    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => upload(me.token, `race-${n}.txt`, text(600))),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);

    const { files, usage } = await listedFiles(t, me.token);
    expect(files.filter((f) => f.name.startsWith('race-'))).toHaveLength(1);
    expect(usage.usedBytes).toBe(FILE_QUOTA_BYTES - 400);
    // One new kept file, and no incoming file left by the refused ones.
    expect(filesOnDisk(t).filter((f) => !before.includes(f))).toHaveLength(1);
    expect(filesOnDisk(t).every((f) => /^[0-9a-f]{32}$/.test(f))).toBe(true);
  });

  it('counts each user on their own', async () => {
    const full = await newSignedInUser(t);
    const other = await newSignedInUser(t);
    await keptEarlier(full.id, [FILE_QUOTA_BYTES]);
    expectFailure(await upload(full.token, 'no-room.txt', 'x'), 409);
    expectCreatedFile(await upload(other.token, 'room.txt', 'x'));
  });

  it(`refuses a file past ${FILE_MAX_COUNT} files, whatever their size`, async () => {
    const me = await newSignedInUser(t);
    await keptEarlier(
      me.id,
      Array.from({ length: FILE_MAX_COUNT }, () => 1),
    );
    expectFailure(
      await upload(me.token, 'one-more.txt', 'x'),
      409,
      `You already keep ${FILE_MAX_COUNT} files, the most allowed. Delete some files and try again.`,
    );
    expect((await listedFiles(t, me.token)).usage).toMatchObject({
      fileCount: FILE_MAX_COUNT,
      usedBytes: FILE_MAX_COUNT,
    });
  });
});

describe('a failure half-way leaves nothing behind', () => {
  beforeAll(async () => {
    // The API's role may not change the schema: the test's triggers are created as the tables' owner.
    await asTablesOwner(t, async (db) => {
      await db.execute(sql`CREATE FUNCTION refuse_file_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
      // Fails the INSERT itself: after the bytes were written, before they are renamed into place.
      await db.execute(sql`CREATE TRIGGER refuse_on_insert BEFORE INSERT ON user_files FOR EACH ROW
      WHEN (NEW.name = 'fails-on-insert.txt') EXECUTE FUNCTION refuse_file_row()`);
      // Fails the COMMIT: after the bytes were renamed into place, the last moment anything can fail.
      await db.execute(sql`CREATE CONSTRAINT TRIGGER refuse_on_commit AFTER INSERT ON user_files
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
      WHEN (NEW.name = 'fails-on-commit.txt') EXECUTE FUNCTION refuse_file_row()`);
    });
  });

  it.each(['fails-on-insert.txt', 'fails-on-commit.txt'])('%s: a 500, no row and no bytes', async (name) => {
    const me = await newSignedInUser(t);
    await upload(me.token, 'kept.txt', 'kept before');
    const before = filesOnDisk(t);

    expectFailure(
      await upload(me.token, name, randomBytes(2000).toString('hex')),
      500,
      'An error occurred. Please try again.',
    );
    expect(filesOnDisk(t)).toEqual(before);
    const rows = await t.database.db.select().from(userFiles).where(eq(userFiles.userId, me.id));
    expect(rows.map((r) => r.name)).toEqual(['kept.txt']);

    // The user can go on: the same content under another name is kept.
    expectCreatedFile(await upload(me.token, 'after.txt', 'after the failure'));
  });

  it('an upload that stops half-way: a 400, no row and no bytes', async () => {
    const me = await newSignedInUser(t);
    const before = filesOnDisk(t);
    const whole = fileBody('cut.txt', text(200_000), 'text/plain');
    // The body ends in the middle of the file, without its closing boundary.
    const res = await call(t, {
      method: 'POST',
      url: '/api/files',
      token: me.token,
      payload: whole.payload.subarray(0, 100_000),
      headers: whole.headers,
    });
    expectFailure(res, 400, 'The file did not arrive whole. Please send it again.');
    expect(filesOnDisk(t)).toEqual(before);
    expect((await listedFiles(t, me.token)).files).toEqual([]);
  });
});
