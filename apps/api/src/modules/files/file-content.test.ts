import { describe, expect, it } from 'vitest';
import { ContentInspector } from './file-content.js';

/** The family found for bytes that arrive in chunks of `chunkSize` (a stream cuts anywhere). */
function familyOf(bytes: Buffer, chunkSize = bytes.length || 1): string | undefined {
  const inspector = new ContentInspector();
  for (let at = 0; at < bytes.length; at += chunkSize) inspector.push(bytes.subarray(at, at + chunkSize));
  return inspector.finish();
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a464946', 'hex');
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

describe('ContentInspector', () => {
  it('recognises the formats with a signature', () => {
    expect(familyOf(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj', 'latin1'))).toBe('pdf');
    expect(familyOf(PNG)).toBe('png');
    expect(familyOf(JPEG)).toBe('jpeg');
    expect(familyOf(WEBP)).toBe('webp');
    expect(familyOf(GIF)).toBe('gif');
    expect(familyOf(Buffer.from('GIF87a\x01\x00', 'latin1'))).toBe('gif');
    expect(familyOf(Buffer.from('504b0304140000000800', 'hex'))).toBe('zip');
  });

  it('finds a signature even when the first chunk is a single byte', () => {
    expect(familyOf(PNG, 1)).toBe('png');
    expect(familyOf(WEBP, 3)).toBe('webp');
  });

  it('takes UTF-8 text with tabs and line ends, with or without a byte order mark', () => {
    expect(familyOf(Buffer.from('name;amount\r\nÉlodie;12,50\n\tفاتورة;3\f'))).toBe('text');
    expect(familyOf(Buffer.from('\ufeffsemaine,jour\n', 'utf8'))).toBe('text');
  });

  it('takes text whose multi-byte characters are cut between chunks', () => {
    expect(familyOf(Buffer.from('é'.repeat(100) + '📄'.repeat(100)), 3)).toBe('text');
  });

  it('refuses what is neither a known signature nor clean UTF-8 text', () => {
    const refused = {
      'a Windows program': Buffer.from('4d5a90000300000004000000ffff0000', 'hex'),
      'an ELF program': Buffer.from('7f454c4602010100', 'hex'),
      'Latin-1 text': Buffer.from('caf\xe9 cr\xe8me', 'latin1'),
      'UTF-16 text': Buffer.from('\ufeffhello', 'utf16le'),
      'text with a NUL': Buffer.from('abc\u0000def'),
      'text with an escape sequence': Buffer.from('plain \u001b[31mred'),
      'text with DEL': Buffer.from('abc\u007f'),
      'text that ends inside a character': Buffer.from('abc\xe2\x82', 'latin1'),
    };
    for (const [what, bytes] of Object.entries(refused)) {
      expect(familyOf(bytes), what).toBeUndefined();
      expect(familyOf(bytes, 2), `${what} in chunks`).toBeUndefined();
    }
  });

  it('calls HTML and scripts text: the name then decides, and only .txt and .csv are taken', () => {
    expect(familyOf(Buffer.from('<!doctype html><script>alert(1)</script>'))).toBe('text');
  });
});
