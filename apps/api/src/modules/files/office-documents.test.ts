import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { officeDocumentKind, overriddenPartTypes } from './office-documents.js';

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
const EXCEL_MAIN = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';

function contentTypes(overrides: Array<[string, string]>): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    overrides.map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`).join('') +
    '</Types>'
  );
}

const docx = (extra: ZipEntry[] = []) =>
  zip([
    {
      name: '[Content_Types].xml',
      content: contentTypes([['/word/document.xml', WORD_MAIN]]),
      deflate: true,
    },
    { name: 'word/document.xml', content: '<w:document/>', deflate: true },
    ...extra,
  ]);

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'office-documents-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
let fileCount = 0;

async function kindOf(bytes: Buffer) {
  fileCount += 1;
  const file = path.join(folder, `${fileCount}.zip`);
  fs.writeFileSync(file, bytes);
  return officeDocumentKind(file);
}

describe('officeDocumentKind', () => {
  it('recognises a Word document and an Excel workbook by their main part', async () => {
    expect(await kindOf(docx())).toBe('docx');
    const xlsx = zip([
      { name: '[Content_Types].xml', content: contentTypes([['/xl/workbook.xml', EXCEL_MAIN]]) },
      { name: 'xl/workbook.xml', content: '<workbook/>' },
    ]);
    expect(await kindOf(xlsx)).toBe('xlsx');
  });

  it('recognises a workbook written by a real spreadsheet writer', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Budget').addRow(['Loyer', 650]);
    expect(await kindOf(Buffer.from(await workbook.xlsx.writeBuffer()))).toBe('xlsx');
  });

  it('reads the archive past a comment and with attributes in any order or quotes', async () => {
    const xml = `<Types><Override ContentType='${WORD_MAIN}' PartName='/WORD/Document.xml' /></Types>`;
    const archive = zip(
      [
        { name: '[Content_Types].xml', content: xml },
        { name: 'word/document.xml', content: '<w:document/>' },
      ],
      'written by hand',
    );
    expect(await kindOf(archive)).toBe('docx');
  });

  it('refuses macro-enabled documents and templates, which declare other main types', async () => {
    for (const type of [
      'application/vnd.ms-word.document.macroEnabled.main+xml',
      'application/vnd.ms-excel.sheet.macroEnabled.main+xml',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml',
    ]) {
      const archive = zip([
        { name: '[Content_Types].xml', content: contentTypes([['/word/document.xml', type]]) },
        { name: 'word/document.xml', content: '<w:document/>' },
      ]);
      expect(await kindOf(archive), type).toBeUndefined();
    }
  });

  it('refuses a ZIP that is not an Office document', async () => {
    expect(await kindOf(zip([{ name: 'photos/holiday.txt', content: 'just an archive' }]))).toBeUndefined();
    // The main part is declared but missing from the archive.
    const hollow = zip([
      { name: '[Content_Types].xml', content: contentTypes([['/word/document.xml', WORD_MAIN]]) },
    ]);
    expect(await kindOf(hollow)).toBeUndefined();
    // Both a document and a workbook: not something Office writes.
    const both = zip([
      {
        name: '[Content_Types].xml',
        content: contentTypes([
          ['/word/document.xml', WORD_MAIN],
          ['/xl/workbook.xml', EXCEL_MAIN],
        ]),
      },
      { name: 'word/document.xml', content: '<w:document/>' },
      { name: 'xl/workbook.xml', content: '<workbook/>' },
    ]);
    expect(await kindOf(both)).toBeUndefined();
  });

  it('refuses a damaged or cut archive instead of failing', async () => {
    const whole = docx();
    expect(await kindOf(whole.subarray(0, whole.length - 10))).toBeUndefined();
    expect(await kindOf(whole.subarray(0, 40))).toBeUndefined();
    const scrambled = Buffer.from(whole);
    scrambled.writeUInt32LE(0xffffff00, scrambled.length - 6); // central directory offset
    expect(await kindOf(scrambled)).toBeUndefined();
  });

  it('does not inflate a content-types entry past 1 MB, whatever size it claims', async () => {
    const bomb = `<Types>${' '.repeat(3 * 1024 * 1024)}<Override PartName="/word/document.xml" ContentType="${WORD_MAIN}"/></Types>`;
    const archive = zip([
      { name: '[Content_Types].xml', content: bomb, deflate: true },
      { name: 'word/document.xml', content: '<w:document/>' },
    ]);
    expect(archive.length).toBeLessThan(10_000);
    expect(await kindOf(archive)).toBeUndefined();
    // The same, lying about its size in the central directory.
    const lying = Buffer.from(archive);
    const central = lying.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    lying.writeUInt32LE(100, central + 24);
    expect(await kindOf(lying)).toBeUndefined();
  });
});

describe('overriddenPartTypes', () => {
  it('maps each overridden part, without its slash and in lower case, to its type', () => {
    const types = overriddenPartTypes(contentTypes([['/Word/Document.xml', WORD_MAIN]]));
    expect([...types]).toEqual([['word/document.xml', WORD_MAIN]]);
  });
});
