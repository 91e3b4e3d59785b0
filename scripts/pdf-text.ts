/**
 * What a PDF the product made says, read back by the tests (the API's and the browser's): the PDF attached to an
 * e-mail, its text as poppler's pdftotext extracts it, the fonts it uses, and the text it carries for its
 * right-to-left lines (ActualText), which extractors otherwise read in the order the glyphs are drawn.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

/** The PDF attached to an e-mail, from its raw MIME text. */
export function attachedPdf(rawEmail: string): Buffer {
  const part = rawEmail.split(/\r?\n--/).find((chunk) => /Content-Type: application\/pdf/i.test(chunk));
  if (!part) throw new Error('no PDF attached');
  const base64 = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('')
    .replace(/\s+/g, '');
  return Buffer.from(base64, 'base64');
}

/** Runs `read` on the PDF written to a temporary file, for poppler's tools, which read files. */
function withPdfFile<T>(pdf: Buffer, read: (file: string) => T): T {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-text-'));
  try {
    const file = path.join(folder, 'document.pdf');
    fs.writeFileSync(file, pdf);
    return read(file);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** The PDF's text as pdftotext (Debian's poppler-utils) extracts it. */
export function pdfText(pdf: Buffer): string {
  return withPdfFile(pdf, (file) => execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }));
}

/** The fonts a PDF uses, as pdffonts (poppler-utils) lists them: each one's name and whether the PDF embeds it. */
export function pdfFonts(pdf: Buffer): { name: string; embedded: boolean }[] {
  return withPdfFile(pdf, (file) => {
    const [, dashes = '', ...rows] = execFileSync('pdffonts', [file], { encoding: 'utf8' })
      .trimEnd()
      .split('\n');
    // The columns are as wide as the dashes under their titles: name, type, encoding, then 'emb'.
    const [name = 0, type = 0, encoding = 0] = dashes.split(' ').map((column) => column.length + 1);
    const emb = name + type + encoding;
    return rows.map((row) => ({
      name: row.slice(0, name).trim(),
      embedded: row.slice(emb, emb + 3) === 'yes',
    }));
  });
}

/** A PDF string's bytes: its escapes (\( \) \\ and octal \ddd) undone. */
function pdfStringBytes(literal: string): Buffer {
  const unescaped = literal
    .replace(/\\(\d{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)))
    .replace(/\\([()\\])/g, '$1');
  return Buffer.from(unescaped, 'latin1');
}

/** The ActualText of each marked span of the PDF's compressed page streams (UTF-16, with its byte-order mark). */
export function pdfActualTexts(pdf: Buffer): string[] {
  const texts: string[] = [];
  for (const stream of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = zlib.inflateSync(Buffer.from(stream[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue; // an image or a font: not a page's text
    }
    for (const text of content.matchAll(/\/ActualText \(((?:\\.|[^\\)])*)\)/g)) {
      texts.push(
        Buffer.from(pdfStringBytes(text[1] ?? '').subarray(2))
          .swap16()
          .toString('utf16le'),
      );
    }
  }
  return texts;
}
