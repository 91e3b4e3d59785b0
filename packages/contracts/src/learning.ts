/**
 * The learning site's static content files (served from /assets/, SPEC §3 and §7): one schema each,
 * used by the pages to read them and by the data tests to check them.
 */
import { z } from './zod.js';

const text = z.string().trim().min(1);

/** Arabic script with at least one vowel mark: the texts are shown fully vocalised. */
const ARABIC_LETTER = /[\u0621-\u064A]/;
const ARABIC_MARK = /[\u064B-\u0652\u0670]/;
export const vocalisedArabic = text.refine((s) => ARABIC_LETTER.test(s) && ARABIC_MARK.test(s), {
  message: 'must be vocalised Arabic script',
});

/**
 * Where a quotation comes from in the Quran: a chapter and one verse or a run of consecutive verses, so the
 * data tests can compare the quoted words with the Quran reader's text of exactly those verses.
 */
const quranReference = {
  sourate: z.number().int().min(1).max(114),
  versets: z.array(z.number().int().min(1).max(286)).min(1),
};
const consecutive = (r: { versets: number[] }) => r.versets.every((v, i) => v === (r.versets[0] ?? v) + i);
const CONSECUTIVE = { message: 'the verses must follow each other' };

export const QuranReferenceSchema = z.object(quranReference).refine(consecutive, CONSECUTIVE);
export type QuranReference = z.infer<typeof QuranReferenceSchema>;

/**
 * A verse quoted in French inside a text, « texte » followed by its reference: the words are Hamidullah's
 * translation as the Quran reader serves it (the rule is in
 * apps/web/src/features/learning/quran-quotations.test.ts).
 */
export const QuranCitationSchema = z
  .object({ texte: text, ...quranReference })
  .refine(consecutive, CONSECUTIVE);
export type QuranCitation = z.infer<typeof QuranCitationSchema>;
const citations = z.array(QuranCitationSchema).min(1).optional();

export const DivineNameSchema = z.object({
  number: z.number().int().min(1).max(99),
  name: vocalisedArabic,
  transliteration: text,
  meaning: text,
  description: text,
  /** The verses the description quotes. */
  citations,
});
export const DivineNamesSchema = z.array(DivineNameSchema);
export type DivineName = z.infer<typeof DivineNameSchema>;

export const ProphetSchema = z.object({
  nom: text,
  nom_arabe: vocalisedArabic,
  role: text,
  histoire: text,
  /** Chapters of the Quran that name him. */
  sourates: z.array(z.number().int().min(1).max(114)).min(1),
  /** The verses the story quotes. */
  citations,
});
export const ProphetsSchema = z.array(ProphetSchema);
export type Prophet = z.infer<typeof ProphetSchema>;

export const HistoryEventSchema = z.object({
  titre: text,
  description: text,
  date: text,
  /** The verses the description quotes. */
  citations,
});
export const HistoryPeriodSchema = z.object({
  titre_periode: text,
  evenements: z.array(HistoryEventSchema).min(1),
});
export const HistorySchema = z.object({ historiqueMusulman: z.array(HistoryPeriodSchema).min(1) });
export type HistoryPeriod = z.infer<typeof HistoryPeriodSchema>;

/** "Coran, sourate 2, verset 201" / "versets 1-5", or "Sahih al-Bukhari n° 6306". */
export const INVOCATION_SOURCE =
  /^(Coran, sourate \d{1,3}, versets? \d{1,3}(-\d{1,3})?|(Sahih al-Bukhari|Sahih Muslim|Sunan Abi Dawud|Jami' at-Tirmidhi|Sunan an-Nasa'i|Sunan Ibn Majah|Musnad Ahmad) n° \d+)$/;

export const InvocationSchema = z.object({
  invocation_arabe: vocalisedArabic,
  invocation_transliteration: text,
  invocation_francais: text,
  raison: text,
  source: z.string().regex(INVOCATION_SOURCE, 'must cite a Quran verse or a hadith collection and number'),
  /** For a verse of the Quran, the same reference as the source, in a form the data tests can read. */
  coran: QuranReferenceSchema.optional(),
});
export const InvocationCategorySchema = z.object({
  title: text,
  invocations: z.array(InvocationSchema).min(1),
});
export const InvocationCategoriesSchema = z.array(InvocationCategorySchema);
export type Invocation = z.infer<typeof InvocationSchema>;
export type InvocationCategory = z.infer<typeof InvocationCategorySchema>;

export const CourseExampleSchema = z.object({
  arabe: vocalisedArabic,
  translitteration: text,
  francais: text,
});
export const CourseImageSchema = z.object({
  src: z.string().regex(/^\/assets\/cours\/[a-z0-9-]+\.svg$/),
  alt: text,
  /** The drawing's size, so the page reserves its place before it loads. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export const CourseSchema = z.object({
  numero: z.number().int().min(1),
  slug: z.string().regex(/^[a-z0-9-]+$/),
  titre: text,
  objectif: text,
  explication: z.array(text).min(1),
  exemples: z.array(CourseExampleSchema).min(1),
  images: z.array(CourseImageSchema).min(1),
  /** The course's own video (REFERENCE §4), hosted on Vimeo. */
  video: z.object({
    titre: text,
    vimeoId: z.string().regex(/^\d+$/),
    /** The private link's key, which the player requires for the videos that have one. */
    vimeoHash: z
      .string()
      .regex(/^[0-9a-f]+$/)
      .optional(),
    /** What the video is known to teach, where the original course outlined it. */
    programme: z.array(text).min(1).optional(),
  }),
  /** A dialogue to learn by heart, with who says each line. */
  dialogue: z
    .array(
      z.object({
        personnage: text,
        arabe: vocalisedArabic,
        translitteration: text,
        francais: text,
      }),
    )
    .min(2)
    .optional(),
  /** Homework, in the order it is done. */
  devoirs: z.array(text).min(1).optional(),
});
export const CourseModuleSchema = z.object({
  numero: z.number().int().min(1),
  titre: text,
  cours: z.array(CourseSchema).min(1),
});
export const ArabicCourseSchema = z.object({ modules: z.array(CourseModuleSchema).min(1) });
export type Course = z.infer<typeof CourseSchema>;
export type CourseModule = z.infer<typeof CourseModuleSchema>;
