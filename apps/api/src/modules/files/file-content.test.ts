import { describe, expect, it } from 'vitest';
import { ContentInspector } from './file-content.js';

/** Whether bytes that arrive in chunks of `chunkSize` (a stream cuts anywhere) are found to be text. */
function isText(bytes: Buffer, chunkSize = bytes.length || 1): boolean {
  const inspector = new ContentInspector();
  for (let at = 0; at < bytes.length; at += chunkSize) inspector.push(bytes.subarray(at, at + chunkSize));
  return inspector.isText();
}

describe('ContentInspector', () => {
  it('takes UTF-8 text with tabs and line ends, with or without a byte order mark', () => {
    expect(isText(Buffer.from('name;amount\r\nÉlodie;12,50\n\tفاتورة;3\f'))).toBe(true);
    expect(isText(Buffer.from('\ufeffsemaine,jour\n', 'utf8'))).toBe(true);
  });

  it('takes text whose multi-byte characters are cut between chunks', () => {
    expect(isText(Buffer.from('é'.repeat(100) + '📄'.repeat(100)), 3)).toBe(true);
  });

  it('refuses what is not clean UTF-8 text', () => {
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
      expect(isText(bytes), what).toBe(false);
      expect(isText(bytes, 2), `${what} in chunks`).toBe(false);
    }
  });

  it('calls HTML and scripts text: the name then decides, and only .txt and .csv are taken', () => {
    expect(isText(Buffer.from('<!doctype html><script>alert(1)</script>'))).toBe(true);
  });
});
