/**
 * What an uploaded file really is, from its bytes: the browser's declared type and the name's extension
 * are the client's claims and prove nothing. The signatures of the three picture formats are those the
 * profile picture already checks (detectImageType); PDF and GIF have their own; a ZIP is looked into for
 * an Office Open XML document (office-documents.ts); anything else is text only if it is entirely UTF-8
 * without control characters.
 */
import { detectImageType } from '../profile/profile.module.js';

/** What the bytes are. 'text' covers both text and CSV, which only the name tells apart. */
export type ContentFamily = 'pdf' | 'png' | 'jpeg' | 'webp' | 'gif' | 'zip' | 'text';

/** Enough of the start of a file for every signature checked here. */
const HEAD_BYTES = 64;

const PDF_SIGNATURE = Buffer.from('%PDF-', 'latin1');
const GIF_SIGNATURES = [Buffer.from('GIF87a', 'latin1'), Buffer.from('GIF89a', 'latin1')];
/** A local file header: every ZIP that has any entry starts with one. */
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const IMAGE_FAMILIES = { png: 'png', jpg: 'jpeg', webp: 'webp' } as const;

/** Bytes below 0x20 that text files do contain: tab, line feed, form feed, carriage return. */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);

/**
 * Watches a file's bytes as they stream to disk, so that no upload is held in memory: keeps its first
 * bytes for the signatures and follows whether the whole is UTF-8 text. A byte below 0x80 is always a
 * character of its own in UTF-8, so control characters can be looked for byte by byte.
 */
export class ContentInspector {
  private head = Buffer.alloc(0);
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private text = true;

  push(chunk: Buffer): void {
    if (this.head.length < HEAD_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    }
    if (!this.text) return;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i] as number;
      if ((byte < 0x20 && !TEXT_CONTROLS.has(byte)) || byte === 0x7f) {
        this.text = false;
        return;
      }
    }
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      this.text = false;
    }
  }

  /** The family found once every byte has been seen, or undefined for a file of no accepted family. */
  finish(): ContentFamily | undefined {
    const family = signatureFamily(this.head);
    if (family) return family;
    if (!this.text) return undefined;
    try {
      // Throws when the file ends inside a multi-byte character.
      this.decoder.decode();
      return 'text';
    } catch {
      return undefined;
    }
  }
}

/** The family a file's first bytes announce, for the formats that have a signature. */
export function signatureFamily(head: Buffer): ContentFamily | undefined {
  const startsWith = (signature: Buffer) => head.subarray(0, signature.length).equals(signature);
  if (startsWith(PDF_SIGNATURE)) return 'pdf';
  const image = detectImageType(head);
  if (image) return IMAGE_FAMILIES[image];
  if (GIF_SIGNATURES.some(startsWith)) return 'gif';
  if (startsWith(ZIP_SIGNATURE)) return 'zip';
  return undefined;
}
