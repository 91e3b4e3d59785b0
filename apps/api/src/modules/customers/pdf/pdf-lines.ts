/**
 * Lines of text in a PDF as people wrote them, in any script: each character in a face that has it
 * (pdf-fonts.ts), runs of right-to-left text (Arabic) put in their visual place by the Unicode bidirectional
 * algorithm (bidi-js), each run shaped whole by the font engine (fontkit joins Arabic letters and lays them out
 * right to left). A line holding right-to-left text also carries its text as written (the PDF's ActualText), so
 * copying or extracting it gives the words in their order, not in the order they are drawn.
 */
import bidiModule, { type Bidi } from 'bidi-js';
import { fontOf, pdfFaces, type Weight } from './pdf-fonts.js';

// bidi-js's types declare an ES default export; the package is CommonJS, whose module.exports is the factory.
const bidiFactory = bidiModule as unknown as () => Bidi;
const bidi = bidiFactory();

/** Where a line's baseline lies below its top, in ems: Noto Sans's ascent. */
const BASELINE = 1.07;

/** What pdf-lines needs of a pdfkit document. */
export type PdfWriter = PDFKit.PDFDocument;

export type TextStyle = { weight: Weight; size: number };

/** A piece of a line: characters drawn by one face at one bidirectional level. */
type Piece = { text: string; face: string; level: number };

/** The line's pieces in the order they are written (logical order). */
function piecesOf(line: string, weight: Weight): Piece[] {
  const faces = pdfFaces()[weight];
  const { levels } = bidi.getEmbeddingLevels(line, 'ltr');
  const pieces: Piece[] = [];
  let previous: (typeof faces)[number] | undefined;
  let index = 0;
  for (const char of line) {
    const face = fontOf(char.codePointAt(0) ?? 0, faces, previous);
    const level = levels[index] ?? 0;
    const last = pieces.at(-1);
    // pdfkit lays a text out word by word, in written order: right-to-left words are pieces of their own,
    // so the bidirectional order below puts them (and the spaces between them) in place.
    const wordEdge = level % 2 === 1 && (char === ' ' || last?.text.endsWith(' '));
    if (last && last.face === face.name && last.level === level && !wordEdge) last.text += char;
    else pieces.push({ text: char, face: face.name, level });
    previous = face;
    index += char.length;
  }
  return pieces;
}

/**
 * The pieces from left to right (rule L2 of the bidirectional algorithm): from the highest level down to the
 * lowest odd one, every run of pieces at that level or above is reversed. The characters inside a right-to-left
 * piece stay in written order: the font engine lays them out right to left as it shapes them.
 */
function visualOrder(pieces: Piece[]): Piece[] {
  const ordered = [...pieces];
  const levels = ordered.map((piece) => piece.level);
  const highest = Math.max(0, ...levels);
  const lowestOdd = Math.min(...levels.filter((level) => level % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level -= 1) {
    let start = 0;
    while (start < ordered.length) {
      if ((ordered[start]?.level ?? 0) < level) {
        start += 1;
        continue;
      }
      let end = start;
      while (end < ordered.length && (ordered[end]?.level ?? 0) >= level) end += 1;
      ordered.splice(start, end - start, ...ordered.slice(start, end).reverse());
      start = end;
    }
  }
  return ordered;
}

const hasRightToLeft = (pieces: Piece[]) => pieces.some((piece) => piece.level % 2 === 1);

/** How wide a line is drawn in a style, in points. */
export function widthOf(doc: PdfWriter, line: string, style: TextStyle): number {
  return piecesOf(line, style.weight).reduce(
    (sum, piece) => sum + doc.font(piece.face).fontSize(style.size).widthOfString(piece.text),
    0,
  );
}

/**
 * Draws one line with its left edge at x (or its right edge, for `align: 'right'`), its top at y. Never wraps:
 * wrapLines cuts a text to a width first.
 */
export function drawLine(
  doc: PdfWriter,
  line: string,
  at: { x: number; y: number; align?: 'left' | 'right' },
  style: TextStyle,
): void {
  const pieces = piecesOf(line, style.weight);
  let x = at.align === 'right' ? at.x - widthOf(doc, line, style) : at.x;
  const marked = hasRightToLeft(pieces);
  if (marked) doc.markContent('Span', { actual: line });
  for (const piece of visualOrder(pieces)) {
    doc.font(piece.face).fontSize(style.size);
    // On one baseline whatever the face: each face's own ascent would set its letters at its own height.
    doc.text(piece.text, x, at.y + style.size * BASELINE, { lineBreak: false, baseline: 'alphabetic' });
    x += doc.widthOfString(piece.text);
  }
  if (marked) doc.endMarkedContent();
}

/** A text cut into lines no wider than `width`, at spaces (a word wider than the line is cut where it must be). */
export function wrapLines(doc: PdfWriter, text: string, width: number, style: TextStyle): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const tried = line === '' ? word : `${line} ${word}`;
      if (widthOf(doc, tried, style) <= width) {
        line = tried;
        continue;
      }
      if (line !== '') lines.push(line);
      line = word;
      while (line.length > 1 && widthOf(doc, line, style) > width) {
        let cut = line.length - 1;
        while (cut > 1 && widthOf(doc, line.slice(0, cut), style) > width) cut -= 1;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}
