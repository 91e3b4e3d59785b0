/**
 * The Quran answers built from the data shipped with the app (CONTENT_SOURCE=bundled, and the fallback of
 * upstream mode), so that the reader works with no network:
 * - texts from the npm package quran-json 3.1.2 (CC BY-SA 4.0; Arabic from QuranEnc in the King Fahd
 *   complex's encoding, French by Muhammad Hamidullah, transliteration from Tanzil), file
 *   dist/chapters/fr/{n}.json;
 * - juz, page and global verse numbers from quran-meta (MIT, Hafs riwaya, Madinah mushaf of 604 pages);
 * - transliterated and English chapter names from quran-meta's i18n, which are alquran.cloud's ones
 *   ("Al-Faatiha", "The Opening").
 * The two packages must agree on every chapter's verse count; a build that finds otherwise throws rather than
 * serve misnumbered verses.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import { getAyahMetasForSurah, getSurahMeta, isValidSurah } from 'quran-meta/hafs';
import { surahNamesEn } from 'quran-meta/i18n';
import {
  DEFAULT_RECITER,
  SURAH_COUNT,
  type Ayah,
  type SearchableVerse,
  type SurahEdition,
  type SurahSummary,
} from '@app/contracts';
import { QURAN_EDITION_ORDER, recitationOf, withReciter } from './quran-editions.js';
import { RecentMap } from '../../lib/recent-map.js';
import { prepareAnswer, type PreparedAnswer } from '../../lib/prepared-answer.js';
import { quranSuccess, type QuranSource } from './quran-answers.js';

/** A chapter with another reciter is up to ~460 KB: a few dozen are kept, the most recently asked. */
const OTHER_RECITER_ANSWERS_KEPT = 40;

/** The structure of quran-json's files, checked on reading so that a changed package fails loudly. */
const ChapterListSchema = z
  .array(
    z.object({
      id: z.number().int(),
      name: z.string().min(1),
      transliteration: z.string().min(1),
      type: z.enum(['meccan', 'medinan']),
      total_verses: z.number().int().min(1),
    }),
  )
  .length(SURAH_COUNT);

const ChapterSchema = z.object({
  id: z.number().int(),
  total_verses: z.number().int(),
  verses: z.array(
    z.object({
      id: z.number().int(),
      /** Arabic (Uthmani script, King Fahd complex encoding). */
      text: z.string().min(1),
      /** French, Hamidullah. */
      translation: z.string().min(1),
      transliteration: z.string().min(1),
    }),
  ),
});
type Verse = z.infer<typeof ChapterSchema>['verses'][number];

const chaptersDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('quran-json/package.json')),
  'dist',
  'chapters',
  'fr',
);

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(chaptersDir, file), 'utf8'));
}

/**
 * The one place where quran-json's Arabic is not the King Fahd Complex's text it was taken from: in 2:72 the package
 * writes the word فَٱدَّـٰرَٰٔتُمۡ with a thin space (U+2009) inside it, before the superscript alef and hamza, as a
 * drawing aid for fonts that cannot stack them. A space splits the word in two for everything that reads words
 * (selection, search, screen readers), and the Complex's font stacks them. Only that space is taken out; a package
 * whose verse no longer holds it fails loudly rather than be changed blindly.
 */
const PACKAGING_SPACES: Record<string, string> = {
  // فَٱدَّـٰرَ ٰٔتُمۡ, written with escapes: the marks' order matters, and an editor may show them reordered.
  '2:72':
    '\u0641\u064e\u0671\u062f\u0651\u064e\u0640\u0670\u0631\u064e\u2009\u0670\u0654\u062a\u064f\u0645\u06e1',
};

function arabicOf(chapter: number, verse: number, packaged: string): string {
  const split = PACKAGING_SPACES[`${chapter}:${verse}`];
  if (split === undefined) return packaged;
  if (!packaged.includes(split))
    throw new Error(`quran-json ${chapter}:${verse} no longer has its thin space`);
  return packaged.replace(split, split.replace('\u2009', ''));
}

function checkedSurah(number: number) {
  if (!isValidSurah(number)) throw new RangeError(`No chapter ${number}`);
  return number;
}

export function buildSurahList(): SurahSummary[] {
  return ChapterListSchema.parse(readJson('index.json')).map((chapter, index) => {
    const number = checkedSurah(index + 1);
    if (chapter.id !== number) throw new Error(`quran-json: chapter ${number} is listed as ${chapter.id}`);
    const meta = getSurahMeta(number);
    if (meta.ayahCount !== chapter.total_verses) {
      throw new Error(
        `chapter ${number}: quran-json has ${chapter.total_verses} verses, quran-meta ${meta.ayahCount}`,
      );
    }
    const [englishName, englishNameTranslation] = surahNamesEn[number] ?? [];
    return {
      number,
      name: chapter.name,
      englishName: englishName ?? chapter.transliteration,
      englishNameTranslation: englishNameTranslation ?? '',
      numberOfAyahs: chapter.total_verses,
      revelationType: chapter.type === 'meccan' ? 'Meccan' : 'Medinan',
    };
  });
}

/** Text of each edition, in QURAN_EDITION_ORDER; fr.leclerc recites Hamidullah's French, so it shows that text. */
const editionText: Record<string, (verse: Verse) => string> = {
  'ar.hudhaify': (v) => v.text,
  'en.transliteration': (v) => v.transliteration,
  'fr.leclerc': (v) => v.translation,
  'fr.hamidullah': (v) => v.translation,
};

export function buildSurahEditions(summary: SurahSummary, audioBaseUrl: string): SurahEdition[] {
  const number = checkedSurah(summary.number);
  const chapter = ChapterSchema.parse(readJson(`${number}.json`));
  const metas = getAyahMetasForSurah(number);
  const firstAyah = getSurahMeta(number).firstAyahId;
  if (chapter.id !== number || chapter.verses.length !== metas.length) {
    throw new Error(
      `chapter ${number}: quran-json has ${chapter.verses.length} verses, quran-meta ${metas.length}`,
    );
  }
  const verses = chapter.verses.map((verse, index) => {
    const meta = metas[index];
    if (!meta || verse.id !== index + 1) {
      throw new Error(`chapter ${number}: verse ${index + 1} is out of order`);
    }
    const text = arabicOf(number, verse.id, verse.text);
    return {
      verse: { ...verse, text },
      number: firstAyah + index,
      numberInSurah: verse.id,
      juz: meta.juz,
      page: meta.page,
    };
  });
  return QURAN_EDITION_ORDER.map((edition) => {
    const textOf = editionText[edition.identifier];
    if (!textOf) throw new Error(`no bundled text for ${edition.identifier}`);
    const ayahs = verses.map(({ verse, number: ayahNumber, numberInSurah, juz, page }): Ayah => ({
      number: ayahNumber,
      text: textOf(verse),
      numberInSurah,
      juz,
      page,
      ...(edition.format === 'audio' ? recitationOf(audioBaseUrl, edition.identifier, ayahNumber) : {}),
    }));
    return { ...summary, edition, ayahs };
  });
}

/**
 * Answers built on first use and kept (the package's files never change): every chapter with the seed's
 * reciter for the life of the process, the most recently asked ones with another reciter.
 */
export function createBundledQuran(audioBaseUrl: string): QuranSource {
  let summaries: SurahSummary[] | undefined;
  let list: PreparedAnswer | undefined;
  const chapters = new Map<number, PreparedAnswer>();
  const otherReciters = new RecentMap<string, PreparedAnswer>(OTHER_RECITER_ANSWERS_KEPT);
  const surahList = () => (summaries ??= buildSurahList());
  const editionsOf = (number: number) => {
    const summary = surahList()[number - 1];
    if (!summary) throw new RangeError(`No chapter ${number}`);
    return buildSurahEditions(summary, audioBaseUrl);
  };

  return {
    async surahList() {
      return (list ??= prepareAnswer(quranSuccess(surahList())));
    },
    async surah(number, reciter) {
      if (reciter.identifier !== DEFAULT_RECITER.identifier) {
        return otherReciters.getOrCreate(`${number}:${reciter.identifier}`, () =>
          prepareAnswer(quranSuccess(withReciter(editionsOf(number), reciter, audioBaseUrl))),
        );
      }
      let answer = chapters.get(number);
      if (!answer) {
        answer = prepareAnswer(quranSuccess(editionsOf(number)));
        chapters.set(number, answer);
      }
      return answer;
    },
  };
}

/** The 6 236 verses as the search reads them (quran-search.ts): the same texts as the chapters' answers. */
export function searchableVerses(): SearchableVerse[] {
  const verses: SearchableVerse[] = [];
  for (let number = 1; number <= SURAH_COUNT; number += 1) {
    const chapter = ChapterSchema.parse(readJson(`${number}.json`));
    for (const verse of chapter.verses) {
      verses.push({
        chapter: number,
        verse: verse.id,
        arabic: arabicOf(number, verse.id, verse.text),
        french: verse.translation,
        transliteration: verse.transliteration,
      });
    }
  }
  return verses;
}
