import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { ContentInspector } from './file-content.js';
import { contentKindOf } from './file-kind.js';

type ZipEntry = { name: string; content: string | Buffer; deflate?: boolean };

/** A ZIP archive as Office writes one: local headers and data, the central directory, the end record. */
function zip(entries: ZipEntry[], comment = ''): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const raw = Buffer.isBuffer(entry.content) ? entry.content : Buffer.from(entry.content, 'utf8');
    const data = entry.deflate ? deflateRawSync(raw) : raw;
    const common = Buffer.alloc(26);
    common.writeUInt16LE(20, 0); // version needed
    common.writeUInt16LE(0, 2); // flags
    common.writeUInt16LE(entry.deflate ? 8 : 0, 4);
    common.writeUInt32LE(0, 6); // time and date
    common.writeUInt32LE(crc32(raw), 10);
    common.writeUInt32LE(data.length, 14);
    common.writeUInt32LE(raw.length, 18);
    common.writeUInt16LE(name.length, 22);
    common.writeUInt16LE(0, 24); // extra length
    const local = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), common, name, data]);
    // Comment length, disk, attributes, then where the local header is.
    const tail = Buffer.alloc(14);
    tail.writeUInt32LE(offset, 10);
    centrals.push(Buffer.concat([Buffer.from([0x50, 0x4b, 0x01, 0x02, 20, 0]), common, tail, name]));
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(Buffer.byteLength(comment), 20);
  return Buffer.concat([...locals, directory, end, Buffer.from(comment)]);
}

const WORD_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

function contentTypes(overrides: Array<[string, string]>): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    overrides.map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`).join('') +
    '</Types>'
  );
}

/** A Word-like archive whose main part, word/document.xml, is declared of `type`. */
const wordArchive = (type = WORD_MAIN, xml = contentTypes([['/word/document.xml', type]])) =>
  zip([
    { name: '[Content_Types].xml', content: xml, deflate: true },
    { name: 'word/document.xml', content: '<w:document/>', deflate: true },
  ]);

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'file-kind-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
let fileCount = 0;

/** The kind found for `bytes` once uploaded: watched by the inspector as they arrive, then stored. */
async function kindOf(bytes: Buffer) {
  fileCount += 1;
  const file = path.join(folder, String(fileCount));
  fs.writeFileSync(file, bytes);
  const inspector = new ContentInspector();
  inspector.push(bytes);
  return contentKindOf(file, inspector.isText());
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

describe('contentKindOf', () => {
  it('recognises the accepted formats with a signature', async () => {
    expect(await kindOf(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj', 'latin1'))).toBe('pdf');
    expect(await kindOf(PNG)).toBe('png');
    expect(await kindOf(JPEG)).toBe('jpeg');
    expect(await kindOf(WEBP)).toBe('webp');
    expect(await kindOf(GIF)).toBe('gif');
  });

  it('calls clean UTF-8 text text, even when it starts like a signature, but an ASCII PDF a PDF', async () => {
    expect(await kindOf(Buffer.from('name;amount\nÉlodie;12,50\n'))).toBe('text');
    expect(await kindOf(Buffer.from('GIF;JPEG;PNG\n3;4;5\n'))).toBe('text');
    expect(await kindOf(Buffer.from('PK is a consultant\n'))).toBe('text');
    expect(await kindOf(Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'))).toBe('pdf');
  });

  it('refuses formats that are not accepted', async () => {
    expect(await kindOf(Buffer.from('4d5a90000300000004000000ffff0000', 'hex'))).toBeUndefined();
    expect(await kindOf(Buffer.from('7f454c4602010100', 'hex'))).toBeUndefined();
    expect(await kindOf(Buffer.from('caf\xe9 cr\xe8me', 'latin1'))).toBeUndefined();
  });

  it('recognises a Word document and an Excel workbook by their main content type', async () => {
    expect(await kindOf(wordArchive())).toBe('docx');
    const xlsx = zip([
      {
        name: '[Content_Types].xml',
        content: contentTypes([
          ['/xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'],
        ]),
      },
      { name: 'xl/workbook.xml', content: '<workbook/>' },
    ]);
    expect(await kindOf(xlsx)).toBe('xlsx');
  });

  it('recognises a workbook written by a real spreadsheet writer', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Budget').addRow(['Loyer', 650]);
    expect(await kindOf(Buffer.from(await workbook.xlsx.writeBuffer()))).toBe('xlsx');
  });

  it('refuses macro-enabled documents and templates, which declare other main types', async () => {
    for (const type of [
      'application/vnd.ms-word.document.macroEnabled.main+xml',
      'application/vnd.ms-excel.sheet.macroEnabled.main+xml',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml',
    ]) {
      expect(await kindOf(wordArchive(type)), type).toBeUndefined();
    }
  });

  it('refuses a ZIP that is not an Office document', async () => {
    expect(await kindOf(zip([{ name: 'photos/holiday.txt', content: 'just an archive' }]))).toBeUndefined();
    // Office's folders without the content types that declare what the archive is.
    expect(await kindOf(zip([{ name: 'word/document.xml', content: '<w:document/>' }]))).toBeUndefined();
  });

  it('refuses a damaged or cut archive instead of failing', async () => {
    const whole = wordArchive();
    expect(await kindOf(whole.subarray(0, whole.length - 10))).toBeUndefined();
    expect(await kindOf(whole.subarray(0, 40))).toBeUndefined();
    // The content types encrypted: flagged so in their local header, their bytes unreadable without the key.
    const encrypted = Buffer.from(whole);
    encrypted.writeUInt16LE(1, 6);
    const dataStart = 30 + '[Content_Types].xml'.length;
    for (let at = dataStart; at < dataStart + encrypted.readUInt32LE(18); at++) {
      encrypted[at] = (encrypted[at] as number) ^ 0x5a;
    }
    expect(await kindOf(encrypted)).toBeUndefined();
  });

  it('does not inflate a content-types entry past 1 MB, whatever size it claims', async () => {
    const bomb = `<Types>${' '.repeat(3 * 1024 * 1024)}<Override PartName="/word/document.xml" ContentType="${WORD_MAIN}"/></Types>`;
    const archive = wordArchive(WORD_MAIN, bomb);
    expect(archive.length).toBeLessThan(10_000);
    expect(await kindOf(archive)).toBeUndefined();
    // The same, lying about its size in the local header, which is what is read first.
    const lying = Buffer.from(archive);
    lying.writeUInt32LE(100, 22);
    expect(await kindOf(lying)).toBeUndefined();
  });
});
