/**
 * CONTENT_SOURCE=upstream: the answers come from an alquran.cloud-compatible API (QURAN_UPSTREAM_URL).
 * Each text is fetched once, checked, and kept in content_cache, so later starts and other instances serve
 * it from the database without calling out. When the service fails and nothing is kept, the bundled
 * answer is served instead: the reader never goes blank because a third party is down.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  QURAN_EDITION_IDS,
  SURAH_COUNT,
  SurahEditionsResponseSchema,
  SurahListResponseSchema,
  type SurahEdition,
} from '@app/contracts';
import type { Database } from '../../db/database.js';
import { findCachedContent, saveCachedContent } from '../content-cache/content-cache.repository.js';
import { recitationOf } from './quran-editions.js';
import { prepareAnswer, type PreparedAnswer } from '../../lib/prepared-answer.js';
import { quranSuccess, type QuranSource } from './quran-answers.js';

export type UpstreamQuranOptions = {
  db: Database;
  upstreamUrl: string;
  audioBaseUrl: string;
  /** Serves what the upstream cannot. */
  fallback: QuranSource;
  log: FastifyBaseLogger;
  /** A request to the upstream that takes longer is abandoned (and the fallback served). */
  timeoutMs?: number;
  /** After a failure, the fallback is served without calling the upstream again for this long. */
  retryAfterMs?: number;
};

const EDITIONS_PATH = QURAN_EDITION_IDS.join(',');

/** The upstream's list, checked: a reply that is not the 114 chapters in order is a failure, not data. */
function checkSurahList(body: unknown) {
  const answer = SurahListResponseSchema.parse(body);
  if (answer.code !== 200 || answer.data.length !== SURAH_COUNT) {
    throw new Error(`unexpected chapter list (code ${answer.code}, ${answer.data.length} chapters)`);
  }
  answer.data.forEach((surah, index) => {
    if (surah.number !== index + 1) throw new Error(`chapter ${index + 1} is listed as ${surah.number}`);
  });
  return answer;
}

function checkSurah(number: number) {
  return (body: unknown) => {
    const answer = SurahEditionsResponseSchema.parse(body);
    const ids = answer.data.map((edition) => edition.edition.identifier);
    if (answer.code !== 200 || ids.join(',') !== EDITIONS_PATH) {
      throw new Error(`unexpected editions for chapter ${number} (code ${answer.code}: ${ids.join(',')})`);
    }
    for (const edition of answer.data) {
      if (edition.number !== number || edition.ayahs.length !== edition.numberOfAyahs) {
        throw new Error(`chapter ${number}: ${edition.edition.identifier} is incomplete`);
      }
    }
    return answer;
  };
}

/** Recitation addresses always come from AUDIO_BASE_URL; text editions carry none. */
function withOurRecitations(editions: SurahEdition[], audioBaseUrl: string): SurahEdition[] {
  return editions.map((edition) => ({
    ...edition,
    ayahs: edition.ayahs.map(({ audio: _audio, audioSecondary: _secondary, ...ayah }) => ({
      ...ayah,
      ...(edition.edition.format === 'audio'
        ? recitationOf(audioBaseUrl, edition.edition.identifier, ayah.number)
        : {}),
    })),
  }));
}

export function createUpstreamQuran(options: UpstreamQuranOptions): QuranSource {
  const { db, upstreamUrl, audioBaseUrl, fallback, log } = options;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const retryAfterMs = options.retryAfterMs ?? 60_000;
  /** Answers from the cache or the upstream, kept for the life of the process; pending ones are shared. */
  const prepared = new Map<string, Promise<PreparedAnswer | undefined>>();
  const retryAt = new Map<string, number>();

  async function fetchJson(path: string): Promise<unknown> {
    const response = await fetch(`${upstreamUrl}${path}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
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
      log.warn({ err: error, key }, 'quran: cached copy unusable, asking the upstream');
    }
    const answer = check(await fetchJson(path));
    try {
      await saveCachedContent(db, key, answer);
    } catch (error) {
      log.warn({ err: error, key }, 'quran: could not keep the upstream answer');
    }
    return answer;
  }

  async function answer(
    key: string,
    build: () => Promise<unknown>,
    fallbackAnswer: () => Promise<PreparedAnswer>,
  ): Promise<PreparedAnswer> {
    if ((retryAt.get(key) ?? 0) > Date.now()) return fallbackAnswer();
    let pending = prepared.get(key);
    if (!pending) {
      pending = build().then(prepareAnswer, (error: unknown) => {
        prepared.delete(key);
        retryAt.set(key, Date.now() + retryAfterMs);
        log.warn({ err: error, key }, 'quran: upstream unavailable, serving the bundled text');
        return undefined;
      });
      prepared.set(key, pending);
    }
    return (await pending) ?? fallbackAnswer();
  }

  return {
    surahList: () =>
      answer(
        'quran:surah-list',
        async () => quranSuccess((await load('quran:surah-list', '/surah', checkSurahList)).data),
        () => fallback.surahList(),
      ),
    surah: (number) =>
      answer(
        `quran:surah:${number}`,
        async () => {
          const kept = await load(
            `quran:surah:${number}`,
            `/surah/${number}/editions/${EDITIONS_PATH}`,
            checkSurah(number),
          );
          return quranSuccess(withOurRecitations(kept.data, audioBaseUrl));
        },
        () => fallback.surah(number),
      ),
  };
}
