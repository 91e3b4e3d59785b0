/**
 * The mechanism behind CONTENT_SOURCE=upstream, shared by the Quran and the hadith: each answer is fetched
 * once from a public service, checked, and kept in content_cache, so later starts and other instances serve
 * it from the database without calling out. When the service fails and nothing is kept, the caller's
 * bundled answer is served instead: a page never goes blank because a third party is down.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { prepareAnswer, type PreparedAnswer } from '../../lib/prepared-answer.js';
import { findCachedContent, saveCachedContent } from './content-cache.repository.js';

export type CachedUpstreamOptions = {
  db: Database;
  /** Prefixed to every path given to `load`. */
  baseUrl: string;
  log: FastifyBaseLogger;
  /** Names the source in the logs ("quran", "hadith"). */
  name: string;
  /** A request to the upstream that takes longer is abandoned (and the fallback served). */
  timeoutMs?: number;
  /** After a failure, the fallback is served without calling the upstream again for this long. */
  retryAfterMs?: number;
  /** How many answers are held in memory (any id or page may be asked for, so this must be bounded). */
  maxRemembered?: number;
};

/** The upstream answered, but has no such item: the fallback decides (logged as such, not as a failure). */
export class NotUpstream extends Error {}

/** Inserts `key` as the newest entry and forgets the oldest ones beyond `max` (a Map keeps insertion order). */
function remember<V>(map: Map<string, V>, key: string, value: V, max: number) {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= max) break;
    map.delete(oldest);
  }
}

export function createCachedUpstream(options: CachedUpstreamOptions) {
  const { db, baseUrl, log, name } = options;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const retryAfterMs = options.retryAfterMs ?? 60_000;
  const maxRemembered = options.maxRemembered ?? 2_000;
  /** Answers from the cache or the upstream, kept for the life of the process; pending ones are shared. */
  const prepared = new Map<string, Promise<PreparedAnswer | undefined>>();
  const retryAt = new Map<string, number>();

  async function fetchJson(path: string): Promise<unknown> {
    const response = await fetch(`${baseUrl}${path}`, {
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
      log.warn({ err: error, key }, `${name}: cached copy unusable, asking the upstream`);
    }
    const answer = check(await fetchJson(path));
    try {
      await saveCachedContent(db, key, answer);
    } catch (error) {
      log.warn({ err: error, key }, `${name}: could not keep the upstream answer`);
    }
    return answer;
  }

  /** What `build` gives (usually through `load`), else the fallback's; `undefined` from the fallback means 404. */
  async function answer<F extends PreparedAnswer | undefined>(
    key: string,
    build: () => Promise<unknown>,
    fallbackAnswer: () => Promise<F>,
  ): Promise<PreparedAnswer | F> {
    if ((retryAt.get(key) ?? 0) > Date.now()) return fallbackAnswer();
    let pending = prepared.get(key);
    if (!pending) {
      const started: Promise<PreparedAnswer | undefined> = build().then(prepareAnswer, (error: unknown) => {
        // Unless it was forgotten meanwhile and asked again: then the newer request is the one to keep.
        if (prepared.get(key) === started) prepared.delete(key);
        remember(retryAt, key, Date.now() + retryAfterMs, maxRemembered);
        if (error instanceof NotUpstream) {
          log.info(
            { key, reason: error.message },
            `${name}: not on the upstream, serving the bundled answer`,
          );
        } else {
          log.warn({ err: error, key }, `${name}: upstream unavailable, serving the bundled answer`);
        }
        return undefined;
      });
      remember(prepared, key, started, maxRemembered);
      pending = started;
    }
    return (await pending) ?? fallbackAnswer();
  }

  return { load, answer };
}
