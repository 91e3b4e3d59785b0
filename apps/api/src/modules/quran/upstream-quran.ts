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
import { createCachedUpstream } from '../content-cache/cached-upstream.js';
import { basmalaPrecedes, withoutLeadingBasmala } from './basmala.js';
import { recitationOf, withReciter } from './quran-editions.js';
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

/**
 * The Arabic of verse 1 without the Basmala the upstream puts at its head (basmala.ts): the reader shows it above
 * the chapter, as it does for the bundled text, and would otherwise show it twice.
 */
function withoutBasmalaInVerse1(number: number, editions: SurahEdition[]): SurahEdition[] {
  if (!basmalaPrecedes(number)) return editions;
  return editions.map((edition) =>
    edition.edition.language !== 'ar'
      ? edition
      : {
          ...edition,
          ayahs: edition.ayahs.map((ayah) =>
            ayah.numberInSurah === 1 ? { ...ayah, text: withoutLeadingBasmala(ayah.text) } : ayah,
          ),
        },
  );
}

export function createUpstreamQuran(options: UpstreamQuranOptions): QuranSource {
  const { upstreamUrl, audioBaseUrl, fallback } = options;
  const { load, answer } = createCachedUpstream({ ...options, baseUrl: upstreamUrl, name: 'quran' });

  return {
    surahList: () =>
      answer(
        'quran:surah-list',
        async () => quranSuccess((await load('quran:surah-list', '/surah', checkSurahList)).data),
        () => fallback.surahList(),
      ),
    surah: (number, reciter) =>
      answer(
        `quran:surah:${number}:${reciter.identifier}`,
        async () => {
          const kept = await load(
            `quran:surah:${number}`,
            `/surah/${number}/editions/${EDITIONS_PATH}`,
            checkSurah(number),
          );
          const editions = withOurRecitations(withoutBasmalaInVerse1(number, kept.data), audioBaseUrl);
          return quranSuccess(withReciter(editions, reciter, audioBaseUrl));
        },
        () => fallback.surah(number, reciter),
      ),
  };
}
