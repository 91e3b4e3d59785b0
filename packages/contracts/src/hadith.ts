import { z } from './zod.js';

/**
 * The hadith service at /api/hadith answers in the shapes of the public HadeethEnc API in French
 * (REFERENCE §3), not in the application envelope, so that a browser written for that API works unchanged
 * against ours. Like HadeethEnc, ids and counts travel as strings of digits. Errors use the application
 * envelope (ErrorEnvelopeSchema). The server builds its answers with these types and the web parses ours
 * with these schemas.
 */

export { HADITH_DEFAULT_PER_PAGE, HADITH_MAX_PER_PAGE } from './hadith-limits.js';

/** An id or a count as HadeethEnc sends it: "42". */
export const NumericStringSchema = z.string().regex(/^\d+$/, 'must be a string of digits');

const text = z.string().trim().min(1);

/** An element of GET /categories (a bare array); `parent_id` is null for a top-level category. */
export const HadithCategorySchema = z.object({
  id: NumericStringSchema,
  title: text,
  hadeeths_count: NumericStringSchema,
  parent_id: NumericStringSchema.nullable(),
});
export type HadithCategory = z.infer<typeof HadithCategorySchema>;

export const HadithCategoriesSchema = z.array(HadithCategorySchema);

/** A hadith in a list: `translations` names the languages it can be read in ("ar", "fr", …). */
export const HadithListItemSchema = z.object({
  id: NumericStringSchema,
  title: text,
  translations: z.array(z.string()),
});
export type HadithListItem = z.infer<typeof HadithListItemSchema>;

/** HadeethEnc echoes the page and page size as strings, and counts the pages and hadith as numbers. */
export const HadithListMetaSchema = z.object({
  current_page: NumericStringSchema,
  last_page: z.number().int().min(1),
  total_items: z.number().int().min(0),
  per_page: NumericStringSchema,
});
export type HadithListMeta = z.infer<typeof HadithListMetaSchema>;

/** GET /list?category_id=N[&page=P&per_page=K]: one page of the hadith of a category. */
export const HadithListSchema = z.object({
  data: z.array(HadithListItemSchema),
  meta: HadithListMetaSchema,
});
export type HadithList = z.infer<typeof HadithListSchema>;

/**
 * Where each text of a bundled hadith comes from, in words shown to the reader (data/provenance.json):
 * the Arabic text, the French translation, and the explanation with its lessons.
 */
export const HadithTextSourcesSchema = z.object({
  arabic: text,
  french: text,
  explanation: text,
});
export type HadithTextSources = z.infer<typeof HadithTextSourcesSchema>;

/**
 * GET /detail?id=N: one hadith, French with its Arabic original. Fields beyond these (HadeethEnc's
 * `words_meanings`, `hints_ar`…, our bundle's `reference` and `nawawi`) are passed on as they are.
 */
export const HadithDetailSchema = z.looseObject({
  id: NumericStringSchema,
  title: text,
  hadeeth: text,
  attribution: z.string(),
  grade: z.string(),
  explanation: z.string(),
  /** Lessons drawn from the hadith. */
  hints: z.array(z.string()),
  /** Ids of the categories it is listed under. */
  categories: z.array(NumericStringSchema),
  translations: z.array(z.string()),
  hadeeth_ar: z.string(),
  explanation_ar: z.string(),
  grade_ar: z.string(),
  attribution_ar: z.string().optional(),
  /** Ours, for the bundled hadith; absent from HadeethEnc's answers, whose texts are all its own. */
  sources: HadithTextSourcesSchema.optional(),
});
export type HadithDetail = z.infer<typeof HadithDetailSchema>;
