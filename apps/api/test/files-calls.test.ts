/**
 * Mes Fichiers, /api/files: a file kept, listed, downloaded byte for byte under its name and deleted; the
 * type decided from the bytes and matched with the name; the size limit; names kept as names, never as
 * paths; only the owner reaching a file (anyone else gets the 404 of a file that does not exist); 401
 * signed out.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  ACCEPTED_FILE_SUMMARY,
  FILE_MAX_BYTES,
  FILE_QUOTA_BYTES,
  type FileData,
  type UserFile,
} from '@app/contracts';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '../src/db/orm.js';
import { userFiles } from '../src/db/schema.js';
import { call, newSignedInUser } from './support/accounts.js';
import { multipart, tinyGif, tinyJpeg, tinyPng, tinyWebp } from './support/images.js';
import { expectFailure, expectSuccess, NOT_LOGGED_IN } from './support/profile.js';
import { expectCreatedFile, fileBody, filesOnDisk, listedFiles, uploadFile } from './support/files.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const upload = (token: string | undefined, name: string, content: Buffer | string, declaredType?: string) =>
  uploadFile(t, token, name, content, declaredType);

const list = (token: string | undefined) => call(t, { method: 'GET', url: '/api/files', token });
const download = (token: string | undefined, id: number) =>
  call(t, { method: 'GET', url: `/api/files/${id}/download`, token });
const remove = (token: string | undefined, id: number) =>
  call(t, { method: 'DELETE', url: `/api/files/${id}`, token });

async function keep(token: string, name: string, content: Buffer | string): Promise<UserFile> {
  return expectCreatedFile(await upload(token, name, content)).file;
}

const listed = (token: string) => listedFiles(t, token);

async function storedRow(id: number) {
  const [row] = await t.database.db.select().from(userFiles).where(eq(userFiles.id, id));
  return row;
}

/** What a browser makes of Content-Disposition's `filename*` (RFC 8187). */
function downloadName(res: LightMyRequestResponse): string {
  const value = /filename\*=UTF-8''([^;\s]+)/.exec(String(res.headers['content-disposition']))?.[1];
  if (value === undefined) throw new Error(`no filename* in ${res.headers['content-disposition']}`);
  return decodeURIComponent(value);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const pdf = (size = 3000) =>
  Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'), randomBytes(size)]);

async function xlsxBytes(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Budget').addRows([
    ['Poste', 'Montant'],
    ['Loyer', 650],
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('a round trip', () => {
  it('keeps a file, lists it, gives it back byte for byte under its name, and deletes it', async () => {
    const me = await newSignedInUser(t);
    const bytes = pdf();
    const created = expectCreatedFile(await upload(me.token, 'Devis 2026.pdf', bytes, 'application/pdf'));
    expect(created.file).toMatchObject({
      name: 'Devis 2026.pdf',
      mediaType: 'application/pdf',
      sizeBytes: bytes.length,
      sha256: sha256(bytes),
    });
    expect(new Date(created.file.createdAt).toISOString()).toBe(created.file.createdAt);
    expect(created.usage).toEqual({
      usedBytes: bytes.length,
      quotaBytes: FILE_QUOTA_BYTES,
      fileCount: 1,
      maxFiles: 500,
    });

    // Stored under a random key, not under its name.
    const row = await storedRow(created.file.id);
    expect(row?.storageKey).toMatch(/^[0-9a-f]{32}$/);
    expect(filesOnDisk(t)).toContain(row?.storageKey);
    expect(fs.readFileSync(path.join(t.config.dataDir, 'files', String(row?.storageKey)))).toEqual(bytes);

    expect(await listed(me.token)).toEqual({ files: [created.file], usage: created.usage });

    const res = await download(me.token, created.file.id);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(bytes);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Devis 2026.pdf"; filename\*=/);
    expect(downloadName(res)).toBe('Devis 2026.pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');

    const deleted = expectSuccess<FileData>(await remove(me.token, created.file.id), 'File deleted');
    expect(deleted.file).toEqual(created.file);
    expect(deleted.usage).toMatchObject({ usedBytes: 0, fileCount: 0 });
    expect((await listed(me.token)).files).toEqual([]);
    expect(await storedRow(created.file.id)).toBeUndefined();
    expect(filesOnDisk(t)).not.toContain(row?.storageKey);
    expectFailure(await download(me.token, created.file.id), 404, `No file with ID ${created.file.id}`);
    expectFailure(await remove(me.token, created.file.id), 404, `No file with ID ${created.file.id}`);
  });

  it('lists the newest first', async () => {
    const me = await newSignedInUser(t);
    const first = await keep(me.token, 'one.txt', 'first');
    const second = await keep(me.token, 'two.txt', 'second');
    const third = await keep(me.token, 'three.txt', 'third');
    const { files, usage } = await listed(me.token);
    expect(files.map((f) => f.id)).toEqual([third.id, second.id, first.id]);
    expect(usage).toMatchObject({ usedBytes: 16, fileCount: 3 });
  });

  it('sends text back as UTF-8', async () => {
    const me = await newSignedInUser(t);
    const csv = 'Nom;Montant\r\nÉlodie Lefèvre;12,50\r\nفاطمة;7\r\n';
    const file = await keep(me.token, 'dépenses.csv', csv);
    const res = await download(me.token, file.id);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.rawPayload.toString('utf8')).toBe(csv);
  });
});

describe('types, from the bytes', () => {
  it.each([
    ['a PDF', 'contrat.pdf', () => pdf(), 'application/pdf'],
    ['a PNG', 'photo.PNG', () => tinyPng(), 'image/png'],
    ['a JPEG', 'photo.jpeg', () => tinyJpeg(), 'image/jpeg'],
    ['a JPEG named .jpg', 'photo.jpg', () => tinyJpeg(), 'image/jpeg'],
    ['a WebP', 'photo.webp', () => tinyWebp(), 'image/webp'],
    ['a GIF', 'anim.gif', () => tinyGif(), 'image/gif'],
    ['UTF-8 text', 'notes.txt', () => 'Bismillah\nالحمد لله\n', 'text/plain'],
    ['a CSV', 'clients.csv', () => 'a,b\n1,2\n', 'text/csv'],
    [
      'an Excel workbook',
      'budget.xlsx',
      xlsxBytes,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
  ])('keeps %s whatever type the browser declared', async (_what, name, content, mediaType) => {
    const me = await newSignedInUser(t);
    const bytes = Buffer.from(await content());
    const file = expectCreatedFile(await upload(me.token, name, bytes, 'application/x-anything')).file;
    expect(file.mediaType).toBe(mediaType);
    expect((await download(me.token, file.id)).rawPayload).toEqual(bytes);
  });

  describe('refuses, and keeps nothing', () => {
    async function expectRefused(name: string, content: Buffer | string, status: number, reason: string) {
      const me = await newSignedInUser(t);
      const before = filesOnDisk(t);
      expectFailure(await upload(me.token, name, content, 'image/png'), status, reason);
      expect(filesOnDisk(t)).toEqual(before);
      expect((await listed(me.token)).files).toEqual([]);
    }

    const NOT_ACCEPTED = `This type of file is not accepted. Accepted: ${ACCEPTED_FILE_SUMMARY}.`;
    const windowsProgram = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
      randomBytes(500),
    ]);
    const html = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';

    it('a Windows program named .png', async () => {
      await expectRefused('holiday.png', windowsProgram, 400, NOT_ACCEPTED);
    });

    it('a Windows program named .exe', async () => {
      await expectRefused('setup.exe', windowsProgram, 400, NOT_ACCEPTED);
    });

    it('HTML named .png', async () => {
      await expectRefused('page.png', html, 400, '"page.png" is not a real PNG image (its content is text).');
    });

    it('HTML named .html', async () => {
      await expectRefused(
        'page.html',
        html,
        400,
        'A file whose content is text must have a name ending in .txt or .csv, unlike "page.html".',
      );
    });

    it('a PNG named .pdf', async () => {
      await expectRefused(
        'scan.pdf',
        tinyPng(),
        400,
        '"scan.pdf" is not a real PDF document (its content is a PNG image).',
      );
    });

    it('a ZIP archive named .docx', async () => {
      // A stored ZIP with one entry and no [Content_Types].xml.
      const archive = Buffer.from(
        'UEsDBAoAAAAAAAAAIQDxTUSmBQAAAAUAAAAFAAAAYS50eHRoZWxsb1BLAQIUAAoAAAAAAAAAIQDxTUSmBQAAAAUAAAAFAAAAAAAAAAAAAAAAAAAAAABhLnR4dFBLBQYAAAAAAQABADMAAAAoAAAAAAA=',
        'base64',
      );
      await expectRefused('rapport.docx', archive, 400, NOT_ACCEPTED);
    });

    it('text in Latin-1 rather than UTF-8', async () => {
      await expectRefused('notes.txt', Buffer.from('caf\xe9 cr\xe8me', 'latin1'), 400, NOT_ACCEPTED);
    });

    it('an empty file', async () => {
      await expectRefused('empty.txt', '', 400, 'The file is empty.');
    });
  });
});

describe('size', () => {
  it('keeps a file of exactly 10 MB and refuses one byte more with a 413', async () => {
    const me = await newSignedInUser(t);
    const largest = Buffer.alloc(FILE_MAX_BYTES, 'a');
    expect(expectCreatedFile(await upload(me.token, 'largest.txt', largest)).file.sizeBytes).toBe(
      FILE_MAX_BYTES,
    );
    const before = filesOnDisk(t);
    expectFailure(
      await upload(me.token, 'too-large.txt', Buffer.alloc(FILE_MAX_BYTES + 1, 'a')),
      413,
      'The file is larger than 10 MB.',
    );
    expect(filesOnDisk(t)).toEqual(before);
    expect((await listed(me.token)).files.map((f) => f.name)).toEqual(['largest.txt']);
  });

  it('refuses a request announcing far more than 10 MB before reading it', async () => {
    const me = await newSignedInUser(t);
    const res = await call(t, {
      method: 'POST',
      url: '/api/files',
      token: me.token,
      ...fileBody('huge.txt', Buffer.alloc(FILE_MAX_BYTES + 100_000, 'a')),
    });
    expectFailure(res, 413, 'The file is larger than 10 MB.');
  });
});

describe('names', () => {
  it('keeps names in any script, composed, without control characters, and sends them back exactly', async () => {
    const me = await newSignedInUser(t);
    const cases: Array<[string, string]> = [
      ['Re\u0301sume\u0301 – été 2026 📄.txt', 'R\u00e9sum\u00e9 – été 2026 📄.txt'],
      ['فاتورة رقم ٣.txt', 'فاتورة رقم ٣.txt'],
      ['報告書.txt', '報告書.txt'],
      ['invoice\u202Efdp.txt', 'invoicefdp.txt'],
      ["l'été 100% (copie) #2.txt", "l'été 100% (copie) #2.txt"],
    ];
    for (const [given, kept] of cases) {
      const file = await keep(me.token, given, `content of ${given}`);
      expect(file.name).toBe(kept);
      const res = await download(me.token, file.id);
      expect(downloadName(res)).toBe(kept);
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''\S+$/,
      );
    }
  });

  it('keeps only the name of a path, and never writes outside its folder', async () => {
    const me = await newSignedInUser(t);
    const cases: Array<[string, string]> = [
      ['../../escape.txt', 'escape.txt'],
      ['..\\..\\escape-windows.txt', 'escape-windows.txt'],
      ['/etc/cron.d/job.txt', 'job.txt'],
      ['C:\\Users\\amina\\Documents\\devis.txt', 'devis.txt'],
    ];
    for (const [given, kept] of cases) {
      expect((await keep(me.token, given, 'not a path')).name).toBe(kept);
    }
    expect(filesOnDisk(t).every((name) => /^[0-9a-f]{32}$/.test(name))).toBe(true);
    for (const name of ['escape.txt', 'escape-windows.txt', 'job.txt', 'devis.txt']) {
      expect(fs.existsSync(path.join(t.config.dataDir, name))).toBe(false);
      expect(fs.existsSync(path.join(t.config.dataDir, 'files', name))).toBe(false);
      expect(fs.existsSync(path.resolve(t.config.dataDir, '..', name))).toBe(false);
    }
  });

  it('refuses a file without a name', async () => {
    const me = await newSignedInUser(t);
    for (const name of ['', '..', 'folder/']) {
      expectFailure(await upload(me.token, name, 'text'), 400, 'The file needs a name.');
    }
    expect((await listed(me.token)).files).toEqual([]);
  });
});

describe('the request', () => {
  it('must be one file in the field "file"', async () => {
    const me = await newSignedInUser(t);
    const ONE_FILE = 'Send one file, as multipart/form-data in the field "file".';
    const post = (body: { payload: Buffer; headers: Record<string, string> } | { payload: object }) =>
      call(t, { method: 'POST', url: '/api/files', token: me.token, ...body });
    expectFailure(await post({ payload: { file: 'x' } }), 400, ONE_FILE);
    expectFailure(
      await post(multipart([{ field: 'image', filename: 'a.txt', content: 'x' }])),
      400,
      ONE_FILE,
    );
    expectFailure(await post(multipart([{ field: 'note', content: 'a text field' }])), 400, ONE_FILE);
    expectFailure(await post(multipart([])), 400, ONE_FILE);
    expect((await listed(me.token)).files).toEqual([]);
  });
});

describe('only the owner', () => {
  it("cannot see, download or delete another user's file, told only that it does not exist", async () => {
    const owner = await newSignedInUser(t);
    const other = await newSignedInUser(t);
    const bytes = pdf();
    const file = await keep(owner.token, 'private.pdf', bytes);

    expect((await listed(other.token)).files).toEqual([]);
    const unknownId = file.id + 1000;
    for (const id of [file.id, unknownId]) {
      expectFailure(await download(other.token, id), 404, `No file with ID ${id}`);
      expectFailure(await remove(other.token, id), 404, `No file with ID ${id}`);
    }

    // Nothing changed for the owner.
    expect((await listed(owner.token)).files).toEqual([file]);
    expect((await download(owner.token, file.id)).rawPayload).toEqual(bytes);
    expect(await storedRow(file.id)).toMatchObject({ userId: owner.id });
  });

  it('signed out: 401 for every call, and nothing is read or changed', async () => {
    const owner = await newSignedInUser(t);
    const file = await keep(owner.token, 'kept.txt', 'kept');
    const before = filesOnDisk(t);
    for (const token of [undefined, 'not-a-token']) {
      expectFailure(await list(token), 401, NOT_LOGGED_IN);
      expectFailure(await upload(token, 'sneaky.txt', 'sneaky'), 401, NOT_LOGGED_IN);
      expectFailure(await download(token, file.id), 401, NOT_LOGGED_IN);
      expectFailure(await remove(token, file.id), 401, NOT_LOGGED_IN);
    }
    expect(filesOnDisk(t)).toEqual(before);
    expect((await listed(owner.token)).files).toEqual([file]);
  });

  it('answers 400 for an id that is not a number', async () => {
    const me = await newSignedInUser(t);
    expectFailure(await download(me.token, 'abc' as unknown as number), 400);
  });
});
