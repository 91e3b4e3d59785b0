/**
 * The Quran text the reader serves, for the tests that hold the site's quotations and notes to it: the
 * chapter files of the npm package quran-json (dist/chapters/fr/{n}.json), found and read as the API's
 * apps/api/src/modules/quran/bundled-quran.ts finds and reads them. The API passes the French
 * (`translation`: Hamidullah's, from Tanzil's fr.hamidullah, without the punctuation that ends each verse
 * there) through unchanged, so these tests see the very words a reader is shown.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

type ServedVerse = { text: string; translation: string };

const chaptersDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('quran-json/package.json')),
  'dist',
  'chapters',
  'fr',
);

const chapters = new Map<number, ServedVerse[]>();
function servedVerse(chapter: number, verse: number): ServedVerse | undefined {
  let verses = chapters.get(chapter);
  if (!verses) {
    const file = path.join(chaptersDir, `${chapter}.json`);
    verses = (JSON.parse(fs.readFileSync(file, 'utf8')) as { verses: ServedVerse[] }).verses;
    chapters.set(chapter, verses);
  }
  return verses[verse - 1];
}

/** Hamidullah's French of one verse, as the reader shows it. */
export const servedFrench = (chapter: number, verse: number): string | undefined =>
  servedVerse(chapter, verse)?.translation;

/** The Arabic of one verse as the package has it (King Fahd Complex encoding). */
export const servedArabic = (chapter: number, verse: number): string | undefined =>
  servedVerse(chapter, verse)?.text;
