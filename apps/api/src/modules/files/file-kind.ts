/**
 * What an uploaded file really is, from its bytes: the browser's declared type and the name's extension
 * are the client's claims and prove nothing. The file-type library recognises the formats that have a
 * signature; text has none and is told by the inspector that watched the upload (file-content.ts).
 *
 * For a ZIP, file-type reads the main content type that `[Content_Types].xml` declares, as Office does,
 * so a Word document or an Excel workbook is told from a macro-enabled one (docm, xlsm) or a template
 * (dotx, xltx), which it names otherwise and which are therefore refused, and from any other archive.
 * It inflates no entry past 1 MB (whatever size the archive claims), reads at most 1024 entries, and
 * answers a plain "zip" when the content types cannot be read within those bounds (encrypted, too large,
 * sizes unknown, cut short): an archive built to inflate to gigabytes is not a document.
 */
import fs from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';

/** What the bytes are. 'text' covers both text and CSV, which only the name tells apart. */
export type ContentKind = 'pdf' | 'png' | 'jpeg' | 'webp' | 'gif' | 'docx' | 'xlsx' | 'text';

/** file-type's extensions of the accepted formats; an animated PNG is a PNG all the same. */
const KIND_OF_EXTENSION: Partial<Record<string, ContentKind>> = {
  pdf: 'pdf',
  png: 'png',
  apng: 'png',
  jpg: 'jpeg',
  webp: 'webp',
  gif: 'gif',
  docx: 'docx',
  xlsx: 'xlsx',
};

/** The end-of-central-directory record, and the most its comment may add after it. */
const END_RECORD = 0x06054b50;
const END_RECORD_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;

/**
 * Whether the ZIP archive at `path` ends with its end-of-central-directory record, the comment after it
 * running exactly to the end. file-type reads an archive from its start and stops at the content types,
 * so it would call a document cut short a document; Office could not open it, and it is refused.
 */
async function isWholeArchive(path: string): Promise<boolean> {
  const file = await fs.open(path, 'r');
  try {
    const { size } = await file.stat();
    const length = Math.min(size, END_RECORD_BYTES + MAX_COMMENT_BYTES);
    const tail = Buffer.alloc(length);
    await file.read(tail, 0, length, size - length);
    for (let at = length - END_RECORD_BYTES; at >= 0; at--) {
      if (
        tail.readUInt32LE(at) === END_RECORD &&
        at + END_RECORD_BYTES + tail.readUInt16LE(at + 20) === length
      ) {
        return true;
      }
    }
    return false;
  } finally {
    await file.close();
  }
}

/** What file-type finds in the file, or undefined when it finds nothing or fails on malformed bytes. */
async function detectedKind(path: string): Promise<ContentKind | undefined> {
  try {
    const type = await fileTypeFromFile(path);
    return type && KIND_OF_EXTENSION[type.ext];
  } catch (error) {
    // The disk's errors (they name a system call) are the server's; any other is the file's bytes.
    if (typeof (error as { syscall?: unknown } | null)?.syscall === 'string') throw error;
    return undefined;
  }
}

/**
 * The kind of the stored upload at `path`, or undefined for a file of no accepted kind. `isText` is the
 * inspector's verdict. Text wins over a signature, except a PDF's: every other accepted format holds
 * bytes that text cannot (PNG's signature, JPEG's 0xFF, the NUL bytes of GIF's block ends, of WebP's
 * size and of ZIP's headers), so a text file that only starts like one of them ("GIF", "PK") stays text,
 * whereas a PDF may be all ASCII.
 */
export async function contentKindOf(path: string, isText: boolean): Promise<ContentKind | undefined> {
  const kind = await detectedKind(path);
  if (isText && kind !== 'pdf') return 'text';
  if ((kind === 'docx' || kind === 'xlsx') && !(await isWholeArchive(path))) return undefined;
  return kind;
}
