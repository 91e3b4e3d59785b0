/**
 * Word (.docx) and Excel (.xlsx) files are ZIP archives (Office Open XML). Any ZIP starts with the same
 * four bytes, so the signature alone would let any archive in under a .docx name. Instead the archive's
 * `[Content_Types].xml` is read, as Office itself does, and the file counts as a document only if it
 * declares the main part of a Word document or of an Excel workbook and that part is in the archive.
 * Macro-enabled documents and templates declare other main types and are refused.
 *
 * Only what is needed is read, with Node's zlib: the end-of-archive record, the central directory, and one
 * entry of at most 1 MB once inflated (an archive built to inflate to gigabytes is simply not a document).
 * Archives split on several disks, ZIP64 archives and encrypted entries are not documents either: Office
 * does not write them for files of this size.
 */
import fs from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';

export type OfficeKind = 'docx' | 'xlsx';

const MAIN_PART_TYPES: Record<string, OfficeKind> = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml': 'xlsx',
};

const CONTENT_TYPES_ENTRY = '[content_types].xml';
const CONTENT_TYPES_MAX_BYTES = 1024 * 1024;

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const END_RECORD_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;
const CENTRAL_ENTRY = 0x02014b50;
const CENTRAL_ENTRY_BYTES = 46;
const LOCAL_HEADER = 0x04034b50;
const LOCAL_HEADER_BYTES = 30;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED_FLAG = 0x0001;

type Entry = { method: number; flags: number; compressedSize: number; size: number; localOffset: number };

/** Something in the archive is not what a plain ZIP of an Office document holds. */
class NotADocument extends Error {}

async function readAt(file: fs.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  if (bytesRead !== length) throw new NotADocument('short read');
  return buffer;
}

/** The end-of-central-directory record: the last signature whose comment runs exactly to the end. */
function findEndRecord(tail: Buffer): number {
  for (let at = tail.length - END_RECORD_BYTES; at >= 0; at--) {
    if (
      tail.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY &&
      at + END_RECORD_BYTES + tail.readUInt16LE(at + 20) === tail.length
    ) {
      return at;
    }
  }
  throw new NotADocument('no end of central directory');
}

/** Every entry of the central directory, by lower-case name (OPC part names ignore case). */
async function readDirectory(file: fs.FileHandle, fileSize: number): Promise<Map<string, Entry>> {
  const tailLength = Math.min(fileSize, END_RECORD_BYTES + MAX_COMMENT_BYTES);
  const tailStart = fileSize - tailLength;
  const tail = await readAt(file, tailStart, tailLength);
  const end = findEndRecord(tail);
  const disk = tail.readUInt16LE(end + 4);
  const directoryDisk = tail.readUInt16LE(end + 6);
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  // 0xFFFF and 0xFFFFFFFF are where ZIP64 puts its markers.
  if (disk !== 0 || directoryDisk !== 0 || count === 0xffff || directoryOffset === 0xffffffff) {
    throw new NotADocument('multi-disk or ZIP64 archive');
  }
  if (directoryOffset + directorySize > tailStart + end) throw new NotADocument('directory out of range');

  const directory = await readAt(file, directoryOffset, directorySize);
  const entries = new Map<string, Entry>();
  let at = 0;
  for (let index = 0; index < count; index++) {
    if (at + CENTRAL_ENTRY_BYTES > directory.length || directory.readUInt32LE(at) !== CENTRAL_ENTRY) {
      throw new NotADocument('damaged central directory');
    }
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const name = directory.toString('utf8', at + CENTRAL_ENTRY_BYTES, at + CENTRAL_ENTRY_BYTES + nameLength);
    entries.set(name.toLowerCase(), {
      flags: directory.readUInt16LE(at + 8),
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      size: directory.readUInt32LE(at + 24),
      localOffset: directory.readUInt32LE(at + 42),
    });
    at += CENTRAL_ENTRY_BYTES + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** One entry's bytes, inflated, refusing more than `maxBytes` whatever the archive claims. */
async function readEntry(file: fs.FileHandle, entry: Entry, maxBytes: number): Promise<Buffer> {
  if (entry.flags & ENCRYPTED_FLAG) throw new NotADocument('encrypted entry');
  if (entry.size > maxBytes || entry.compressedSize > maxBytes) throw new NotADocument('entry too large');
  const header = await readAt(file, entry.localOffset, LOCAL_HEADER_BYTES);
  if (header.readUInt32LE(0) !== LOCAL_HEADER) throw new NotADocument('no local header');
  const dataStart =
    entry.localOffset + LOCAL_HEADER_BYTES + header.readUInt16LE(26) + header.readUInt16LE(28);
  const data = await readAt(file, dataStart, entry.compressedSize);
  if (entry.method === STORED) return data;
  if (entry.method !== DEFLATED) throw new NotADocument('unknown compression');
  try {
    return inflateRawSync(data, { maxOutputLength: maxBytes });
  } catch {
    throw new NotADocument('entry does not inflate');
  }
}

/** The ContentType of each `<Override PartName=… ContentType=…/>`, by lower-case part name without its '/'. */
export function overriddenPartTypes(xml: string): Map<string, string> {
  const types = new Map<string, string>();
  for (const [, attributes = ''] of xml.matchAll(/<Override\b([^>]*)>/g)) {
    const values = new Map<string, string>();
    for (const match of attributes.matchAll(/([A-Za-z]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      values.set(match[1] as string, match[2] ?? match[3] ?? '');
    }
    const part = values.get('PartName');
    const type = values.get('ContentType');
    if (part && type) types.set(part.replace(/^\//, '').toLowerCase(), type.trim());
  }
  return types;
}

/** Whether the ZIP archive at `path` is a Word document or an Excel workbook, and which. */
export async function officeDocumentKind(path: string): Promise<OfficeKind | undefined> {
  const file = await fs.open(path, 'r');
  try {
    const { size } = await file.stat();
    const entries = await readDirectory(file, size);
    const contentTypes = entries.get(CONTENT_TYPES_ENTRY);
    if (!contentTypes) return undefined;
    const xml = (await readEntry(file, contentTypes, CONTENT_TYPES_MAX_BYTES)).toString('utf8');
    const kinds = new Set<OfficeKind>();
    for (const [part, type] of overriddenPartTypes(xml)) {
      const kind = MAIN_PART_TYPES[type];
      if (kind && entries.has(part)) kinds.add(kind);
    }
    // Both a document and a workbook in one archive is not something Office writes.
    return kinds.size === 1 ? [...kinds][0] : undefined;
  } catch (error) {
    if (error instanceof NotADocument) return undefined;
    throw error;
  } finally {
    await file.close();
  }
}
