/** What GET /api/quran/search answers (quran-search.ts finds it), and GET /api/quran/verses, what it searches. */
import { z } from './zod.js';
import { quranEnvelope } from './quran.js';

const RangeSchema = z.tuple([z.number().int(), z.number().int()]);
export const QuranSearchMatchSchema = z.object({
  chapter: z.number().int(),
  /** The chapter's transliterated name, e.g. "Al-Baqara". */
  chapterName: z.string(),
  verse: z.number().int(),
  arabic: z.string(),
  french: z.string(),
  transliteration: z.string(),
  /** Where the query's words are in each text: [start, end) in UTF-16 code units, to be highlighted. */
  highlights: z.object({
    arabic: z.array(RangeSchema),
    french: z.array(RangeSchema),
    transliteration: z.array(RangeSchema),
  }),
});
export type QuranSearchMatch = z.infer<typeof QuranSearchMatchSchema>;

export const QuranSearchResultSchema = z.object({
  query: z.string(),
  /** Chapters the query names (by number or name), to open at their start. */
  chapters: z.array(z.object({ number: z.number().int(), name: z.string(), englishName: z.string() })),
  /** Verses found in all, of which `matches` holds `limit` from `offset`, in the order of the Quran. */
  count: z.number().int(),
  matches: z.array(QuranSearchMatchSchema),
});
export type QuranSearchResult = z.infer<typeof QuranSearchResultSchema>;
export const QuranSearchResponseSchema = quranEnvelope(QuranSearchResultSchema);

/**
 * GET /api/quran/verses: every verse's three texts and the chapters' names, for the reader's search without a
 * connection. A verse is [chapter, verse, arabic, french, transliteration]: 6 236 of them, kept compact.
 */
export const SearchableQuranSchema = z.object({
  chapters: z.array(
    z.object({
      number: z.number().int(),
      name: z.string(),
      englishName: z.string(),
      numberOfAyahs: z.number().int(),
    }),
  ),
  verses: z.array(z.tuple([z.number().int(), z.number().int(), z.string(), z.string(), z.string()])),
});
export type SearchableQuran = z.infer<typeof SearchableQuranSchema>;
export const SearchableQuranResponseSchema = quranEnvelope(SearchableQuranSchema);
