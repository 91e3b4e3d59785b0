/** What the hadith routes ask of a source of hadith; the bundled collection and HadeethEnc both provide it. */
import type { PreparedAnswer } from '../../lib/prepared-answer.js';

/** GET /list's query, checked by the route: positive integers, perPage at most HADITH_MAX_PER_PAGE. */
export type HadithListQuery = { categoryId: number; page: number; perPage: number };

export type HadithSource = {
  /** GET /categories: the bare array of categories. */
  categories(): Promise<PreparedAnswer>;
  /** GET /list: one page of a category, or undefined when there is no such category. */
  list(query: HadithListQuery): Promise<PreparedAnswer | undefined>;
  /** GET /detail: one hadith, or undefined when there is no such hadith. */
  detail(id: number): Promise<PreparedAnswer | undefined>;
};

/**
 * An hour of browser caching, then a revalidation that usually ends in a 304. Shorter than the Quran's day:
 * in upstream mode a category's list grows as HadeethEnc adds hadith.
 */
export const HADITH_CACHE_CONTROL = 'public, max-age=3600';
