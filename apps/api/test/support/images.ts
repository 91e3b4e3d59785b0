/**
 * Small but valid image files, built as bytes so no fixture file is needed, and the multipart body of an
 * upload written by hand (the way a browser's FormData would send it).
 */
import { crc32, deflateSync } from 'node:zlib';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A 1×1 RGBA PNG of the given colour (each colour gives different bytes). */
export function tinyPng(rgba: [number, number, number, number] = [200, 30, 60, 255]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  // compression, filter and interlace methods stay 0
  const scanline = Buffer.from([0, ...rgba]); // filter type 0, one pixel
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(scanline)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * An 8×8 grey baseline JPEG: one quantisation table, one-symbol Huffman tables (DC category 0, AC end of
 * block), and one block whose entropy-coded bits are "0" "0" padded with ones.
 */
export function tinyJpeg(): Buffer {
  const segment = (marker: number, data: number[]) => [
    0xff,
    marker,
    (data.length + 2) >> 8,
    (data.length + 2) & 0xff,
    ...data,
  ];
  return Buffer.from([
    0xff,
    0xd8, // SOI
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]), // APP0 JFIF 1.1
    ...segment(0xdb, [0x00, ...new Array<number>(64).fill(1)]), // DQT table 0, all ones
    ...segment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]), // SOF0: 8 bits, 8×8, 1 component, 1×1 sampling, table 0
    ...segment(0xc4, [0x00, 1, ...new Array<number>(15).fill(0), 0x00]), // DHT DC 0: one 1-bit code → category 0
    ...segment(0xc4, [0x10, 1, ...new Array<number>(15).fill(0), 0x00]), // DHT AC 0: one 1-bit code → EOB
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]), // SOS: component 1 uses DC 0 / AC 0
    0x3f, // DC diff 0 ("0"), EOB ("0"), padding ones
    0xff,
    0xd9, // EOI
  ]);
}

/** A 1×1 lossless WebP (the image feature detectors have used for years). */
export function tinyWebp(): Buffer {
  return Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
}

/** 1×1 GIF89a: a real image, but not a format the profile accepts. */
export function tinyGif(): Buffer {
  return Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
}

export type FilePart = { field: string; filename?: string; contentType?: string; content: Buffer | string };

/**
 * A multipart/form-data body with the given parts (a part without filename is a plain text field). The parts'
 * headers are UTF-8, as browsers write a file's name.
 */
export function multipart(parts: FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test-boundary-${Math.random().toString(36).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.field}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`];
    if (part.contentType) head.push(`Content-Type: ${part.contentType}`);
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'utf8'));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content, 'utf8'));
    chunks.push(Buffer.from('\r\n', 'latin1'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`, 'latin1'));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The body of PATCH /api/user/update/image carrying one file in the field "image". */
export function imageUpload(content: Buffer | string, filename = 'photo.png', contentType = 'image/png') {
  return multipart([{ field: 'image', filename, contentType, content }]);
}
