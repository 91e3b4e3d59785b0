/**
 * Cuts the Amiri face down to the characters the site shows, before the bundler reads it (the web app's
 * `build` and `dev` run it first). Writes src/fonts/generated/, which is not committed.
 *
 * Amiri, regular and bold (SIL Open Font License, no reserved name), keeps the Arabic characters of the
 * site's own texts (content files, bundled hadith, the pages' own words): amiri-site.css declares these
 * subsets for exactly those characters, after the whole Arabic faces of @fontsource/amiri, so a page
 * fetches a whole face (100 KB) only if it shows a character that the subset lacks (a hadith read from
 * upstream, say).
 *
 * The Quran's face (KFGQPC Uthmanic Script HAFS) is not cut: its licence allows no modification, so its file
 * is served as it is published (the Sources page says so).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const web = fileURLToPath(new URL('..', import.meta.url));
const out = path.join(web, 'src/fonts/generated');
const require = createRequire(import.meta.url);

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/u;

/** The Arabic characters of a text. */
function arabicOf(text: string, into: Set<string>): void {
  for (const char of text) if (ARABIC.test(char)) into.add(char);
}

/** Every file under `dir` whose name ends with one of `endings`. */
function filesUnder(dir: string, endings: string[]): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => endings.some((ending) => file.endsWith(ending)))
    .map((file) => path.join(dir, file));
}

function siteCharacters(): Set<string> {
  const chars = new Set<string>();
  const sources = [
    ...filesUnder(path.join(web, 'public/assets'), ['.json']),
    ...filesUnder(path.join(web, '../api/src/modules/hadith/data'), ['.json']),
    ...filesUnder(path.join(web, 'src'), ['.tsx', '.ts']),
  ];
  for (const file of sources) arabicOf(fs.readFileSync(file, 'utf8'), chars);
  // The spaces between Arabic words: without them in the subset, every page with Arabic would also fetch
  // Amiri's Latin face for its spaces alone.
  chars.add(' ').add('\u00A0');
  return chars;
}

/** A CSS unicode-range naming exactly these characters. */
const unicodeRange = (chars: Set<string>) =>
  [...chars]
    .map((char) => char.codePointAt(0) ?? 0)
    .sort((a, b) => a - b)
    .map((code) => `U+${code.toString(16).toUpperCase()}`)
    .join(', ');

async function writeSubset(source: string, text: string, name: string): Promise<number> {
  const subset = await subsetFont(fs.readFileSync(source), text, { targetFormat: 'woff2' });
  fs.writeFileSync(path.join(out, name), subset);
  return subset.length;
}

fs.mkdirSync(out, { recursive: true });

const site = siteCharacters();
const faces: string[] = [];
for (const weight of [400, 700]) {
  const source = require.resolve(`@fontsource/amiri/files/amiri-arabic-${weight}-normal.woff2`);
  const size = await writeSubset(source, [...site].join(''), `amiri-site-${weight}.woff2`);
  faces.push(`@font-face {
  font-family: 'Amiri';
  font-style: normal;
  font-display: swap;
  font-weight: ${weight};
  src: url('./amiri-site-${weight}.woff2') format('woff2');
  unicode-range: ${unicodeRange(site)};
}`);
  console.log(`Amiri ${weight}: ${site.size} characters, ${Math.round(size / 1024)} KiB`);
}
fs.writeFileSync(
  path.join(out, 'amiri-site.css'),
  `/* Written by scripts/subset-fonts.ts: Amiri cut down to the Arabic characters of the site's texts. */\n${faces.join('\n')}\n`,
);
