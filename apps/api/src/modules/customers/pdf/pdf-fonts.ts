/**
 * The faces the server's PDFs are written in: Noto Sans for Latin letters (basic and extended: Zoë, Łukasz) and
 * Noto Sans Arabic, regular and bold, from the @fontsource packages (SIL Open Font License), embedded in each PDF
 * with only the glyphs it uses. Each face covers part of Unicode only, so every character is drawn by the first
 * face that has it (fontOf).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { woffToSfnt } from './woff-to-sfnt.js';

export type Weight = 'regular' | 'bold';

/**
 * A face: the name the PDF document knows it by, the font parsed once for every PDF (pdfkit takes a fontkit font as
 * well as a file, and subsets it per document), and what it can draw.
 */
export type PdfFace = { name: string; font: fontkit.Font; has(codePoint: number): boolean };

const require = createRequire(import.meta.url);

function face(name: string, file: string): PdfFace {
  const font = fontkit.create(woffToSfnt(fs.readFileSync(require.resolve(file))));
  if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file} is a font collection, not a font`);
  return { name, font, has: (codePoint) => font.hasGlyphForCodePoint(codePoint) };
}

const WEIGHTS = { regular: 400, bold: 700 } as const;

/** The faces of one weight, in the order they are tried. */
function facesOf(weight: Weight): PdfFace[] {
  const value = WEIGHTS[weight];
  return [
    face(`latin-${weight}`, `@fontsource/noto-sans/files/noto-sans-latin-${value}-normal.woff`),
    face(`latin-ext-${weight}`, `@fontsource/noto-sans/files/noto-sans-latin-ext-${value}-normal.woff`),
    face(
      `arabic-${weight}`,
      `@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-${value}-normal.woff`,
    ),
  ];
}

let loaded: Record<Weight, PdfFace[]> | undefined;

/** Read once, on the first PDF: a server that never makes one never reads them. */
export function pdfFaces(): Record<Weight, PdfFace[]> {
  loaded ??= { regular: facesOf('regular'), bold: facesOf('bold') };
  return loaded;
}

/**
 * The face that draws a character: the first that has it. A space or a punctuation mark is drawn by the face of
 * the letters before it (`previous`) when that one has it, so an Arabic phrase stays one run, shaped whole.
 */
export function fontOf(codePoint: number, faces: PdfFace[], previous: PdfFace | undefined): PdfFace {
  if (previous?.has(codePoint) && !/\p{L}/u.test(String.fromCodePoint(codePoint))) return previous;
  return faces.find((candidate) => candidate.has(codePoint)) ?? (faces[0] as PdfFace);
}
