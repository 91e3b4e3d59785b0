/**
 * Searching the Quran's 6 236 verses: the one definition of what a query finds, used by the server's
 * GET /api/quran/search and by the reader offline, so both find the same verses.
 *
 * French and transliteration are compared without accents, case or punctuation ("misericordieux" finds
 * "Miséricordieux"); Arabic without its diacritics, Quranic marks, tatweel or hamza forms (أ إ آ ٱ are ا, ؤ is
 * و, ئ and ى are ي, ة is ه, a lone ء is dropped), and with the dagger alif of the Uthmanic script read both ways
 * (ٱلْعَٰلَمِينَ is found by العالمين and by العلمين). Every word of the query must be in the same text of a verse.
 * A reference ("2:255", "2 255") or a chapter's name or number finds that verse or chapter.
 *
 * No schema here (they are in quran-search-answer.ts): the reader's offline search carries this file alone.
 */
import type { QuranSearchMatch, QuranSearchResult, SearchableQuran } from './quran-search-answer.js';

export type SearchableVerse = {
  chapter: number;
  verse: number;
  arabic: string;
  french: string;
  transliteration: string;
};
export type SearchableChapter = { number: number; name: string; englishName: string; numberOfAyahs: number };

export const QURAN_SEARCH_LIMIT = { default: 50, max: 200 } as const;
/** A query longer than this is refused: no verse is that long a sentence to look for. */
export const QURAN_SEARCH_MAX_LENGTH = 200;

type Fold = (char: string) => string;
const ARABIC_LETTER = /[\u0621-\u064A]/;
const HAMZA_FORMS: Record<string, string> = {
  أ: 'ا',
  إ: 'ا',
  آ: 'ا',
  ٱ: 'ا',
  ؤ: 'و',
  ئ: 'ي',
  ى: 'ي',
  ة: 'ه',
  ء: '',
};

/** Latin letters without accents or case; œ and æ spelt out; anything else that is not a letter or digit a space. */
const foldLatin: Fold = (char) => {
  const bare = char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  if (bare === 'œ') return 'oe';
  if (bare === 'æ') return 'ae';
  return /^[\p{L}\p{N}]+$/u.test(bare) ? bare : bare === '' ? '' : ' ';
};

/** Arabic letters only, hamza forms folded; the dagger alif dropped (`withDaggerAlif`: read as ا). */
const foldArabic =
  (withDaggerAlif: boolean): Fold =>
  (char) => {
    if (char === '\u0670') return withDaggerAlif ? 'ا' : '';
    if (char in HAMZA_FORMS) return HAMZA_FORMS[char] ?? '';
    if (ARABIC_LETTER.test(char)) return char;
    // Diacritics, Quranic marks, small letters (U+06E5, U+06E6) and tatweel are not letters of the word.
    if (/[\p{M}\u0640\u06E5\u06E6]/u.test(char)) return '';
    return /[\p{L}\p{N}]/u.test(char) ? char : ' ';
  };

/** Each fold, memoised per character: the Quran has fewer than a hundred distinct ones. */
function memoised(fold: Fold): Fold {
  const known = new Map<string, string>();
  return (char) => {
    let folded = known.get(char);
    if (folded === undefined) {
      folded = fold(char);
      known.set(char, folded);
    }
    return folded;
  };
}

const FOLDS = {
  latin: memoised(foldLatin),
  arabic: memoised(foldArabic(false)),
  arabicDaggerAlif: memoised(foldArabic(true)),
};

/**
 * `text` folded, spaces collapsed and framed by one space (so a word's start can be looked for), and for each
 * folded code unit the index of the original one it comes from.
 */
export function foldText(text: string, fold: Fold): { folded: string; from: number[] } {
  let folded = ' ';
  const from = [0];
  let index = 0;
  for (const char of text) {
    for (const unit of fold(char)) {
      if (unit === ' ' && folded.endsWith(' ')) continue;
      folded += unit;
      from.push(index);
    }
    index += char.length;
  }
  if (!folded.endsWith(' ')) {
    folded += ' ';
    from.push(index);
  }
  return { folded, from };
}

const fold = (text: string, how: Fold) => foldText(text, how).folded;

type Field = 'arabic' | 'french' | 'transliteration';
type IndexedVerse = SearchableVerse & { folded: Record<Field, string>; daggerAlif: string };

function termsOf(query: string, how: Fold): string[] {
  return [...new Set(fold(query, how).trim().split(' ').filter(Boolean))];
}

/** Where each term is in `text`, as ranges of the original, merged when they touch. */
function highlightsIn(text: string, terms: string[], folds: Fold[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const how of folds) {
    const { folded, from } = foldText(text, how);
    for (const term of terms) {
      for (let at = folded.indexOf(term); at !== -1; at = folded.indexOf(term, at + 1)) {
        // Up to where the next folded character starts: a letter's diacritics stay with it.
        ranges.push([from[at] ?? 0, from[at + term.length] ?? text.length]);
      }
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const previous = merged.at(-1);
    if (previous && range[0] <= previous[1]) previous[1] = Math.max(previous[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

const REFERENCE = /^\s*(\d{1,3})\s*(?:[:.,/ ]\s*(\d{1,3}))?\s*$/;

export type QuranSearch = {
  search(query: string, options?: { limit?: number; offset?: number }): QuranSearchResult;
};

export function createQuranSearch(
  verses: readonly SearchableVerse[],
  chapters: readonly SearchableChapter[],
): QuranSearch {
  const indexed: IndexedVerse[] = verses.map((verse) => ({
    ...verse,
    folded: {
      arabic: fold(verse.arabic, FOLDS.arabic),
      french: fold(verse.french, FOLDS.latin),
      transliteration: fold(verse.transliteration, FOLDS.latin),
    },
    daggerAlif: fold(verse.arabic, FOLDS.arabicDaggerAlif),
  }));
  const chapterNames = chapters.map((chapter) => ({
    chapter,
    names: [fold(chapter.englishName, FOLDS.latin), fold(chapter.name, FOLDS.arabic)].map((name) =>
      name.trim().replace(/^al /, ''),
    ),
  }));
  const nameOf = (number: number) => chapters[number - 1]?.englishName ?? '';
  const verseOf = (chapter: number, verse: number) =>
    indexed.find((candidate) => candidate.chapter === chapter && candidate.verse === verse);

  const toMatch = (verse: IndexedVerse, terms: string[], arabicTerms: boolean): QuranSearchMatch => ({
    chapter: verse.chapter,
    chapterName: nameOf(verse.chapter),
    verse: verse.verse,
    arabic: verse.arabic,
    french: verse.french,
    transliteration: verse.transliteration,
    highlights: {
      arabic: arabicTerms ? highlightsIn(verse.arabic, terms, [FOLDS.arabic, FOLDS.arabicDaggerAlif]) : [],
      french: arabicTerms ? [] : highlightsIn(verse.french, terms, [FOLDS.latin]),
      transliteration: arabicTerms ? [] : highlightsIn(verse.transliteration, terms, [FOLDS.latin]),
    },
  });

  return {
    search(query, options = {}) {
      const limit = Math.min(
        QURAN_SEARCH_LIMIT.max,
        Math.max(1, options.limit ?? QURAN_SEARCH_LIMIT.default),
      );
      const offset = Math.max(0, options.offset ?? 0);
      const result = (
        found: IndexedVerse[],
        named: SearchableChapter[],
        terms: string[],
        arabic: boolean,
      ) => ({
        query,
        chapters: named.map(({ number, name, englishName }) => ({ number, name, englishName })),
        count: found.length,
        matches: found.slice(offset, offset + limit).map((verse) => toMatch(verse, terms, arabic)),
      });

      const reference = REFERENCE.exec(query);
      if (reference) {
        const chapter = chapters[Number(reference[1]) - 1];
        if (!chapter) return result([], [], [], false);
        if (reference[2] === undefined) return result([], [chapter], [], false);
        const verse = verseOf(chapter.number, Number(reference[2]));
        return result(verse ? [verse] : [], [], [], false);
      }

      const arabic = ARABIC_LETTER.test(query);
      const terms = termsOf(query, arabic ? FOLDS.arabic : FOLDS.latin);
      if (terms.length === 0) return result([], [], [], arabic);
      const everyTerm = (text: string) => terms.every((term) => text.includes(term));
      const found = indexed.filter((verse) =>
        arabic
          ? everyTerm(verse.folded.arabic) || everyTerm(verse.daggerAlif)
          : everyTerm(verse.folded.french) || everyTerm(verse.folded.transliteration),
      );
      const wholeQuery = terms.join(' ');
      const named = chapterNames
        .filter(({ names }) =>
          names.some((name) => name === wholeQuery || name === wholeQuery.replace(/^al /, '')),
        )
        .map(({ chapter }) => chapter);
      return result(found, named, terms, arabic);
    },
  };
}

/** The verses of GET /api/quran/verses (compact tuples) as the search reads them. */
export function searchableVersesOf(quran: SearchableQuran): SearchableVerse[] {
  return quran.verses.map(([chapter, verse, arabic, french, transliteration]) => ({
    chapter,
    verse,
    arabic,
    french,
    transliteration,
  }));
}
