/**
 * CONTENT_SOURCE=upstream: the answers come from a HadeethEnc-compatible API (HADITH_UPSTREAM_URL), in
 * French. Each answer is fetched once, checked, and kept in content_cache, so later starts and other
 * instances serve it from the database without calling out. When the service fails and nothing is kept,
 * the bundled collection answers instead (and, for what it does not have, a 404): the hadith page never
 * goes blank because a third party is down. The mechanism, shared with the Quran, is cached-upstream.ts.
 */
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  HadithCategorySchema,
  HadithDetailSchema,
  HadithListItemSchema,
  NumericStringSchema,
  type HadithCategory,
  type HadithDetail,
  type HadithList,
} from '@app/contracts';
import type { Database } from '../../db/database.js';
import type { PreparedAnswer } from '../../lib/prepared-answer.js';
import { createCachedUpstream, NotUpstream } from '../content-cache/cached-upstream.js';
import type { HadithListQuery, HadithSource } from './hadith-source.js';

export type UpstreamHadithOptions = {
  db: Database;
  upstreamUrl: string;
  /** Serves what the upstream cannot. */
  fallback: HadithSource;
  log: FastifyBaseLogger;
  /** A request to the upstream that takes longer is abandoned (and the fallback served). */
  timeoutMs?: number;
  /** After a failure, the fallback is served without calling the upstream again for this long. */
  retryAfterMs?: number;
  /** How many answers are held in memory (any id or page may be asked for, so this must be bounded). */
  maxRemembered?: number;
};

const LANGUAGE = 'fr';

/**
 * HadeethEnc sends ids and counts as strings; a number in their place is accepted and turned into the
 * string it stands for, so that a small change of the upstream does not send every reader to the fallback.
 */
const digits = z.union([NumericStringSchema, z.number().int().nonnegative().transform(String)]);
const count = z.union([z.number().int().nonnegative(), NumericStringSchema.transform(Number)]);

const UpstreamCategoriesSchema = z
  .array(HadithCategorySchema.extend({ id: digits, hadeeths_count: digits, parent_id: digits.nullable() }))
  .min(1);

const UpstreamListSchema = z.object({
  data: z.array(HadithListItemSchema.extend({ id: digits, translations: z.array(z.string()).default([]) })),
  meta: z.object({ current_page: digits, last_page: count, total_items: count, per_page: digits }),
});

const UpstreamDetailSchema = HadithDetailSchema.extend({
  id: digits,
  hints: z.array(z.string()).default([]),
  categories: z.array(digits).default([]),
  translations: z.array(z.string()).default([]),
});

function checkCategories(body: unknown): HadithCategory[] {
  return UpstreamCategoriesSchema.parse(body);
}

function checkList(categoryId: number) {
  return (body: unknown): HadithList => {
    const { data, meta } = UpstreamListSchema.parse(body);
    // An unknown category comes back empty; so does a page past the end, which is not worth keeping.
    if (data.length === 0) throw new NotUpstream(`no hadith in category ${categoryId} on this page`);
    return { data, meta: { ...meta, last_page: Math.max(1, meta.last_page) } };
  };
}

function checkDetail(id: number) {
  return (body: unknown): HadithDetail => {
    const hadith = UpstreamDetailSchema.parse(body);
    if (hadith.id !== String(id)) throw new Error(`asked for hadith ${id}, got ${hadith.id}`);
    return hadith;
  };
}

export function createUpstreamHadith(options: UpstreamHadithOptions): HadithSource {
  const { upstreamUrl, fallback } = options;
  const { load, answer } = createCachedUpstream({ ...options, baseUrl: upstreamUrl, name: 'hadith' });
  /** The upstream's answer (kept or fetched), else the fallback's; `undefined` from the fallback means 404. */
  const fromUpstream = <F extends PreparedAnswer | undefined>(
    key: string,
    path: string,
    check: (body: unknown) => unknown,
    fallbackAnswer: () => Promise<F>,
  ) => answer(key, () => load(key, path, check), fallbackAnswer);

  return {
    categories: () =>
      fromUpstream(
        `hadith:${LANGUAGE}:categories`,
        `/categories/list/?language=${LANGUAGE}`,
        checkCategories,
        () => fallback.categories(),
      ),
    list: ({ categoryId, page, perPage }: HadithListQuery) =>
      fromUpstream(
        `hadith:${LANGUAGE}:list:${categoryId}:${page}:${perPage}`,
        `/hadeeths/list/?language=${LANGUAGE}&category_id=${categoryId}&page=${page}&per_page=${perPage}`,
        checkList(categoryId),
        () => fallback.list({ categoryId, page, perPage }),
      ),
    detail: (id: number) =>
      fromUpstream(
        `hadith:${LANGUAGE}:detail:${id}`,
        `/hadeeths/one/?language=${LANGUAGE}&id=${id}`,
        checkDetail(id),
        () => fallback.detail(id),
      ),
  };
}
