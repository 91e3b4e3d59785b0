import { describe, expect, it } from 'vitest';
import { asciiFileName, attachmentDisposition, keptFileName } from './file-names.js';

/** What a browser does with `filename*` (RFC 8187): the UTF-8 bytes of the percent-decoded value. */
function decodeExtValue(header: string): string | undefined {
  const value = /filename\*=UTF-8''([^;\s]+)/.exec(header)?.[1];
  return value === undefined ? undefined : decodeURIComponent(value);
}

describe('keptFileName', () => {
  it('keeps a name as it is, in any script', () => {
    expect(keptFileName('Facture 2026-03.pdf')).toBe('Facture 2026-03.pdf');
    expect(keptFileName('فاتورة.pdf')).toBe('فاتورة.pdf');
    expect(keptFileName('報告書 📄.txt')).toBe('報告書 📄.txt');
  });

  it('keeps only the name of a path, whichever the separator', () => {
    expect(keptFileName('../../etc/passwd.txt')).toBe('passwd.txt');
    expect(keptFileName('C:\\Users\\amina\\Documents\\devis.pdf')).toBe('devis.pdf');
    expect(keptFileName('/var/data/')).toBeUndefined();
  });

  it('has no name for nothing, dots only, or blanks', () => {
    for (const given of [undefined, '', '   ', '.', '..', '...', 'folder/..']) {
      expect(keptFileName(given), String(given)).toBeUndefined();
    }
  });

  it('composes accents, so one name typed on two systems is one name', () => {
    const decomposed = 'Re\u0301sume\u0301.txt';
    expect(keptFileName(decomposed)).toBe('R\u00e9sum\u00e9.txt');
  });

  it('removes control characters and the bidirectional overrides that disguise an extension', () => {
    expect(keptFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(keptFileName('a\u0000b\nc\rd\u007f\u0085e.txt')).toBe('abcde.txt');
    expect(keptFileName('line\u2028break.txt')).toBe('linebreak.txt');
    // Joiners are part of words and emoji, not tricks.
    expect(keptFileName('می\u200Cخواهم.txt')).toBe('می\u200Cخواهم.txt');
  });

  it('replaces half a surrogate pair, which the database could not store', () => {
    expect(keptFileName('bad\ud800name.txt')).toBe('bad\ufffdname.txt');
  });

  it('shortens a long name to 255 characters, keeping its extension and whole characters', () => {
    const kept = keptFileName(`${'é'.repeat(300)}.docx`) ?? '';
    expect(Array.from(kept)).toHaveLength(255);
    expect(kept.endsWith('é.docx')).toBe(true);
    const emoji = keptFileName(`${'😀'.repeat(300)}.txt`) ?? '';
    expect(Array.from(emoji)).toHaveLength(255);
    expect(emoji.endsWith('😀.txt')).toBe(true);
  });
});

describe('attachmentDisposition', () => {
  it('sends any Unicode name exactly in filename*, with an ASCII fallback', () => {
    for (const name of [
      'Résumé (final).pdf',
      'فاتورة.pdf',
      '報告書 📄.txt',
      "l'été * 100%.csv",
      'a"b\\c;d.txt',
    ]) {
      const header = attachmentDisposition(name);
      expect(header).toMatch(/^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%!._~-]+$/);
      expect(decodeExtValue(header)).toBe(name);
    }
  });

  it('falls back to the name without accents, and never breaks the quoted string', () => {
    expect(asciiFileName('Résumé.pdf')).toBe('Resume.pdf');
    expect(asciiFileName('a"b\\c%d.txt')).toBe('a_b_c_d.txt');
    expect(asciiFileName('فاتورة.pdf')).toBe('______.pdf');
    expect(asciiFileName('😀')).toBe('__');
  });
});
