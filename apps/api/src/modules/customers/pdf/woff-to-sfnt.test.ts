import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { woffToSfnt } from './woff-to-sfnt.js';

const require = createRequire(import.meta.url);
const WOFF = fs.readFileSync(
  require.resolve('@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff'),
);

const fontOf = (bytes: Buffer) => {
  const font = fontkit.create(bytes);
  if (!('layout' in font)) throw new Error('a font collection');
  return font;
};

describe('woffToSfnt', () => {
  it('gives the TrueType font the WOFF wraps: same glyphs, same shaping of an Arabic phrase', () => {
    const sfnt = woffToSfnt(WOFF);
    expect(sfnt.readUInt32BE(0)).toBe(0x00010000);
    const [fromWoff, fromSfnt] = [fontOf(WOFF), fontOf(sfnt)];
    expect(fromSfnt.numGlyphs).toBe(fromWoff.numGlyphs);
    const shaped = (font: fontkit.Font) => {
      const run = font.layout('مريم العلي');
      return run.glyphs.map((glyph, index) => [glyph.id, run.positions[index]?.xAdvance]);
    };
    expect(shaped(fromSfnt)).toEqual(shaped(fromWoff));
    // A subset (what a PDF embeds) is made from the inflated tables.
    const subset = fromSfnt.createSubset();
    for (const glyph of fromSfnt.layout('مريم').glyphs) subset.includeGlyph(glyph);
    expect(subset.encode().length).toBeGreaterThan(0);
  });

  it('refuses what is not a WOFF font', () => {
    expect(() => woffToSfnt(Buffer.from('%PDF-1.7 not a font at all, long enough to read a header'))).toThrow(
      'not a WOFF font',
    );
  });
});
