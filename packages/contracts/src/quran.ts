import { z } from './zod.js';

/**
 * The Quran service at /api/quran answers in the shapes of the public alquran.cloud API (REFERENCE §2),
 * not in the application envelope, so that a reader written for that API works unchanged against ours.
 * The server builds its answers with these types and checks the upstream's answers with these schemas;
 * the web reader parses our answers with them.
 */

export const SURAH_COUNT = 114;
export const AYAH_COUNT = 6236;

/**
 * The four editions of GET /surah/{n}, in the order the reader reads them (SPEC §3):
 * 0 Arabic text + recitation, 1 transliteration, 2 French recitation, 3 French text.
 */
export const QURAN_EDITION_IDS = [
  'ar.hudhaify',
  'en.transliteration',
  'fr.leclerc',
  'fr.hamidullah',
] as const;
export type QuranEditionId = (typeof QURAN_EDITION_IDS)[number];

/** `{ code, status, data }`: alquran.cloud's envelope, for answers and errors alike. */
export function quranEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), status: z.string(), data });
}

/** An error of the Quran service: `data` is the message, e.g. `{ code: 404, status: "Not Found", data: "…" }`. */
export const QuranErrorSchema = quranEnvelope(z.string());
export type QuranError = z.infer<typeof QuranErrorSchema>;

export const SurahSummarySchema = z.object({
  number: z.number().int().min(1).max(SURAH_COUNT),
  /** Arabic name. */
  name: z.string().min(1),
  /** Transliterated name, e.g. "Al-Faatiha". */
  englishName: z.string().min(1),
  englishNameTranslation: z.string(),
  numberOfAyahs: z.number().int().min(1),
  revelationType: z.enum(['Meccan', 'Medinan']),
});
export type SurahSummary = z.infer<typeof SurahSummarySchema>;

export const QuranEditionSchema = z.object({
  identifier: z.string().min(1),
  language: z.string().min(1),
  name: z.string(),
  englishName: z.string(),
  format: z.enum(['audio', 'text']),
  type: z.string(),
  /** "rtl" or "ltr" for text editions; alquran.cloud sends null for audio ones. */
  direction: z.string().nullable(),
});
export type QuranEdition = z.infer<typeof QuranEditionSchema>;

export const AyahSchema = z.object({
  /** Number of the verse in the whole Quran, 1 to 6236. */
  number: z.number().int().min(1).max(AYAH_COUNT),
  text: z.string(),
  numberInSurah: z.number().int().min(1),
  juz: z.number().int().min(1).max(30),
  page: z.number().int().min(1).max(604),
  /** Recitation of this verse; audio editions only. */
  audio: z.string().optional(),
  /** Other addresses of the same recitation (another bit rate); audio editions only. */
  audioSecondary: z.array(z.string()).optional(),
});
export type Ayah = z.infer<typeof AyahSchema>;

export const SurahEditionSchema = SurahSummarySchema.extend({
  edition: QuranEditionSchema,
  ayahs: z.array(AyahSchema),
});
export type SurahEdition = z.infer<typeof SurahEditionSchema>;

/** GET /surah: the 114 chapters. */
export const SurahListResponseSchema = quranEnvelope(z.array(SurahSummarySchema));
export type SurahListResponse = z.infer<typeof SurahListResponseSchema>;

/** GET /surah/{n}: the chapter in the four editions of QURAN_EDITION_IDS, in that order. */
export const SurahEditionsResponseSchema = quranEnvelope(z.array(SurahEditionSchema));
export type SurahEditionsResponse = z.infer<typeof SurahEditionsResponseSchema>;
