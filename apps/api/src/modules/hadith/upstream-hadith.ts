/**
 * CONTENT_SOURCE=upstream: the answers come from a HadeethEnc-compatible API (HADITH_UPSTREAM_URL), in
 * French. Each answer is fetched once, checked, and kept in content_cache, so later starts and other
 * instances serve it from the database without calling out. When the service fails and nothing is kept,
 * the bundled collection answers instead (and, for what it does not have, a 404): the hadith page never
 * goes blank because a third party is down. Same design as the Quran's upstream-quran.ts.
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
import { prepareAnswer, type PreparedAnswer } from '../../lib/prepared-answer.js';
import { findCachedContent, saveCachedContent } from '../content-cache/content-cache.repository.js';
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

/** The upstream answered, but has no such category, page or hadith: the fallback decides. */
class NotUpstream extends Error {}

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

/** Inserts `key` as the newest entry and forgets the oldest ones beyond `max` (a Map keeps insertion order). */
function remember<V>(map: Map<string, V>, key: string, value: V, max: number) {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= max) break;
    map.delete(oldest);
  }
}

export function createUpstreamHadith(options: UpstreamHadithOptions): HadithSource {
  const { db, upstreamUrl, fallback, log } = options;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const retryAfterMs = options.retryAfterMs ?? 60_000;
  const maxRemembered = options.maxRemembered ?? 2_000;
  /** Answers from the cache or the upstream, kept for the life of the process; pending ones are shared. */
  const prepared = new Map<string, Promise<PreparedAnswer | undefined>>();
  const retryAt = new Map<string, number>();

  async function fetchJson(path: string): Promise<unknown> {
    const response = await fetch(`${upstreamUrl}${path}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 404) throw new NotUpstream(`${path} answered HTTP 404`);
    if (!response.ok) throw new Error(`${path} answered HTTP ${response.status}`);
    return response.json();
  }

  /** The kept copy if there is a valid one, else the upstream's answer, which is then kept. */
  async function load<T>(key: string, path: string, check: (body: unknown) => T): Promise<T> {
    try {
      const cached = await findCachedContent(db, key);
      if (cached) return check(cached.body);
    } catch (error) {
      // An unreadable or outdated copy is not fatal: the upstream can still answer.
      log.warn({ err: error, key }, 'hadith: cached copy unusable, asking the upstream');
    }
    const answer = check(await fetchJson(path));
    try {
      await saveCachedContent(db, key, answer);
    } catch (error) {
      log.warn({ err: error, key }, 'hadith: could not keep the upstream answer');
    }
    return answer;
  }

  /** The upstream's answer (kept or fetched), else the fallback's; `undefined` from the fallback means 404. */
  async function answer<T, F extends PreparedAnswer | undefined>(
    key: string,
    path: string,
    check: (body: unknown) => T,
    fallbackAnswer: () => Promise<F>,
  ): Promise<PreparedAnswer | F> {
    if ((retryAt.get(key) ?? 0) > Date.now()) return fallbackAnswer();
    let pending = prepared.get(key);
    if (!pending) {
      const started: Promise<PreparedAnswer | undefined> = load(key, path, check).then(
        prepareAnswer,
        (error) => {
          // Unless it was forgotten meanwhile and asked again: then the newer request is the one to keep.
          if (prepared.get(key) === started) prepared.delete(key);
          remember(retryAt, key, Date.now() + retryAfterMs, maxRemembered);
          if (error instanceof NotUpstream) {
            log.info(
              { key, reason: error.message },
              'hadith: not on the upstream, asking the bundled collection',
            );
          } else {
            log.warn({ err: error, key }, 'hadith: upstream unavailable, serving the bundled collection');
          }
          return undefined;
        },
      );
      remember(prepared, key, started, maxRemembered);
      pending = started;
    }
    return (await pending) ?? fallbackAnswer();
  }

  return {
    categories: () =>
      answer(`hadith:${LANGUAGE}:categories`, `/categories/list/?language=${LANGUAGE}`, checkCategories, () =>
        fallback.categories(),
      ),
    list: ({ categoryId, page, perPage }: HadithListQuery) =>
      answer(
        `hadith:${LANGUAGE}:list:${categoryId}:${page}:${perPage}`,
        `/hadeeths/list/?language=${LANGUAGE}&category_id=${categoryId}&page=${page}&per_page=${perPage}`,
        checkList(categoryId),
        () => fallback.list({ categoryId, page, perPage }),
      ),
    detail: (id: number) =>
      answer(
        `hadith:${LANGUAGE}:detail:${id}`,
        `/hadeeths/one/?language=${LANGUAGE}&id=${id}`,
        checkDetail(id),
        () => fallback.detail(id),
      ),
  };
}
