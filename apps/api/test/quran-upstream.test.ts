/**
 * CONTENT_SOURCE=upstream against a fake alquran.cloud on 127.0.0.1 (no test reaches the internet):
 * what it sends is checked, kept in content_cache and served from there afterwards; recitations still come
 * from AUDIO_BASE_URL; a failing, malformed, slow or absent upstream gives the bundled text instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  QURAN_EDITION_IDS,
  DEFAULT_RECITER,
  SurahEditionsResponseSchema,
  SurahListResponseSchema,
} from '@app/contracts';
import type { App } from '../src/app.js';

const SEED_RECITER = DEFAULT_RECITER;
import { findCachedContent } from '../src/modules/content-cache/content-cache.repository.js';
import { createUpstreamQuran } from '../src/modules/quran/upstream-quran.js';
import { prepareAnswer } from '../src/lib/prepared-answer.js';
import type { QuranSource } from '../src/modules/quran/quran-answers.js';
import { startFakeUpstream, withUpstreamApp, type FakeUpstream } from './support/fake-upstream.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const EDITIONS_PATH = `editions/${QURAN_EDITION_IDS.join(',')}`;
const AUDIO = 'https://audio.example/quran';

/**
 * The Arabic of chapters 112 and 1 as alquran.cloud's Uthmani text sends it: verse 1 of 112 begins with the
 * Basmala, which is verse 1 of chapter 1.
 */
const RECORDED_ARABIC: Record<number, string[]> = {
  112: ['بِسْمِ ٱللَّهِ ٱلرَّحْمَٰنِ ٱلرَّحِيمِ قُلْ هُوَ ٱللَّهُ أَحَدٌ', 'ٱللَّهُ ٱلصَّمَدُ', 'لَمْ يَلِدْ وَلَمْ يُولَدْ', 'وَلَمْ يَكُن لَّهُۥ كُفُوًا أَحَدٌۢ'],
  1: ['بِسْمِ ٱللَّهِ ٱلرَّحْمَٰنِ ٱلرَّحِيمِ', 'ٱلْحَمْدُ لِلَّهِ رَبِّ ٱلْعَٰلَمِينَ'],
};

/**
 * A chapter as alquran.cloud sends it, extra fields and its own recitation addresses included: chapter 112
 * (4 verses) by default, or chapter 1 cut to its first two verses; the other editions carry labelled texts such as 'upstream en.transliteration 112:1'.
 */
function upstreamChapter(number: 112 | 1 = 112) {
  const verses = RECORDED_ARABIC[number] ?? [];
  const first = number === 112 ? 6221 : 0;
  const summary = {
    number,
    name: number === 112 ? 'سُورَةُ الإِخۡلَاصِ' : 'سُورَةُ ٱلْفَاتِحَةِ',
    englishName: number === 112 ? 'Al-Ikhlaas' : 'Al-Faatiha',
    englishNameTranslation: number === 112 ? 'Sincerity' : 'The Opening',
    numberOfAyahs: verses.length,
    revelationType: 'Meccan',
  };
  const editions = [
    {
      identifier: 'ar.hudhaify',
      language: 'ar',
      name: 'الحذيفي',
      englishName: 'Hudhaify',
      format: 'audio',
      type: 'versebyverse',
      direction: null,
    },
    {
      identifier: 'en.transliteration',
      language: 'en',
      name: 'Transliteration',
      englishName: 'English Transliteration',
      format: 'text',
      type: 'transliteration',
      direction: 'ltr',
    },
    {
      identifier: 'fr.leclerc',
      language: 'fr',
      name: 'Youssouf Leclerc',
      englishName: 'Youssouf Leclerc',
      format: 'audio',
      type: 'versebyverse',
      direction: null,
    },
    {
      identifier: 'fr.hamidullah',
      language: 'fr',
      name: 'Hamidullah',
      englishName: 'Muhammad Hamidullah',
      format: 'text',
      type: 'translation',
      direction: 'ltr',
    },
  ];
  return {
    code: 200,
    status: 'OK',
    data: editions.map((edition) => ({
      ...summary,
      edition,
      ayahs: verses.map((arabic, index) => ({
        number: first + index + 1,
        ...(edition.format === 'audio'
          ? {
              audio: `https://cdn.upstream.example/128/${edition.identifier}/${first + index + 1}.mp3`,
              audioSecondary: [
                `https://cdn.upstream.example/64/${edition.identifier}/${first + index + 1}.mp3`,
              ],
            }
          : {}),
        text: edition.language === 'ar' ? arabic : `upstream ${edition.identifier} ${number}:${index + 1}`,
        numberInSurah: index + 1,
        juz: 30,
        manzil: 7,
        page: 604,
        ruku: 550,
        hizbQuarter: 240,
        sajda: false,
      })),
    })),
  };
}

function upstreamList() {
  return {
    code: 200,
    status: 'OK',
    data: Array.from({ length: 114 }, (_, i) => ({
      number: i + 1,
      name: `سورة ${i + 1}`,
      englishName: `Upstream-${i + 1}`,
      englishNameTranslation: `Upstream chapter ${i + 1}`,
      numberOfAyahs: i === 111 ? 4 : 5,
      revelationType: i % 2 === 0 ? 'Meccan' : 'Medinan',
    })),
  };
}

/** The fake upstream: chapter 112 and the list answer; 2 fails, 3 is malformed, 4 never answers. */
function startFakeAlquran() {
  return startFakeUpstream('/v1', (url, reply) => {
    const path = `${url.pathname}${url.search}`;
    if (path === '/v1/surah') return reply.json(200, upstreamList());
    if (path === `/v1/surah/112/${EDITIONS_PATH}`) return reply.json(200, upstreamChapter());
    if (path === `/v1/surah/1/${EDITIONS_PATH}`) return reply.json(200, upstreamChapter(1));
    if (path === `/v1/surah/2/${EDITIONS_PATH}`)
      return reply.json(500, { code: 500, status: 'Internal Server Error' });
    if (path === `/v1/surah/3/${EDITIONS_PATH}`) {
      const three = upstreamChapter();
      return reply.json(200, { ...three, data: three.data.slice(0, 3) });
    }
    if (path === `/v1/surah/4/${EDITIONS_PATH}`) return reply.hang();
    return reply.json(404, { code: 404, status: 'Not Found', data: 'Not found.' });
  });
}

let upstream: FakeUpstream;
let t: TestApp;

beforeAll(async () => {
  upstream = await startFakeAlquran();
  t = await createTestApp({
    env: { CONTENT_SOURCE: 'upstream', QURAN_UPSTREAM_URL: upstream.url, AUDIO_BASE_URL: AUDIO },
  });
});
afterAll(async () => {
  await t.close();
  await upstream.close();
});

const callsTo = (path: string) => upstream.calls.filter((c) => c === `/v1${path}`).length;

/** An app of its own, on the suite's database, reading the texts from upstream with `env`'s settings. */
const withApp = (env: Record<string, string>, use: (app: App) => Promise<void>) =>
  withUpstreamApp(t.database, env, use);

describe('reading the upstream', () => {
  it('serves the upstream chapter list, keeps it, and asks only once', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/quran/surah' });
    expect(res.statusCode).toBe(200);
    const body = SurahListResponseSchema.parse(res.json());
    expect(body.data[0]?.englishName).toBe('Upstream-1');
    await t.app.inject({ method: 'GET', url: '/api/quran/surah' });
    expect(callsTo('/surah')).toBe(1);

    const kept = await findCachedContent(t.database.db, 'quran:surah-list');
    expect(kept?.fetchedAt).toBeInstanceOf(Date);
    expect(SurahListResponseSchema.parse(kept?.body).data).toHaveLength(114);
  });

  it('serves a chapter in the upstream’s four editions, with recitations from AUDIO_BASE_URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/quran/surah/112' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const raw = res.json();
    const { data } = SurahEditionsResponseSchema.parse(raw);
    expect(data.map((e) => e.edition.identifier)).toEqual([...QURAN_EDITION_IDS]);
    expect(data[0]?.ayahs[0]).toEqual({
      number: 6222,
      // Without the Basmala the upstream begins it with: the reader shows it above the chapter.
      text: 'قُلْ هُوَ ٱللَّهُ أَحَدٌ',
      numberInSurah: 1,
      juz: 30,
      page: 604,
      audio: `${AUDIO}/128/ar.hudhaify/6222.mp3`,
      audioSecondary: [`${AUDIO}/64/ar.hudhaify/6222.mp3`, `${AUDIO}/32/ar.hudhaify/6222.mp3`],
    });
    expect(data[2]?.ayahs[3]?.audio).toBe(`${AUDIO}/128/fr.leclerc/6225.mp3`);
    expect(data[3]?.ayahs[0]).not.toHaveProperty('audio');
    // Fields the reader does not use are not passed on: both sources give the same shape.
    expect(raw.data[0].ayahs[0]).not.toHaveProperty('manzil');
    expect(callsTo(`/surah/112/${EDITIONS_PATH}`)).toBe(1);

    const kept = await findCachedContent(t.database.db, 'quran:surah:112');
    expect(SurahEditionsResponseSchema.parse(kept?.body).data[1]?.ayahs[0]?.text).toBe(
      'upstream en.transliteration 112:1',
    );
  });

  it('serves every other Arabic verse as sent, and keeps the Basmala that is verse 1 of chapter 1', async () => {
    const ikhlas = SurahEditionsResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/quran/surah/112' })).json(),
    );
    expect(ikhlas.data[0]?.ayahs.slice(1).map((a) => a.text)).toEqual(RECORDED_ARABIC[112]?.slice(1));
    expect(ikhlas.data[1]?.ayahs[0]?.text).toBe('upstream en.transliteration 112:1');
    const opening = SurahEditionsResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/quran/surah/1' })).json(),
    );
    expect(opening.data[0]?.ayahs.map((a) => a.text)).toEqual(RECORDED_ARABIC[1]);
  });

  it('serves what it kept after a restart, without asking the upstream', async () => {
    const before = upstream.calls.length;
    await withApp({ QURAN_UPSTREAM_URL: 'http://127.0.0.1:1/v1', AUDIO_BASE_URL: AUDIO }, async (app) => {
      const list = SurahListResponseSchema.parse(
        (await app.inject({ method: 'GET', url: '/api/quran/surah' })).json(),
      );
      expect(list.data[0]?.englishName).toBe('Upstream-1');
      const res = await app.inject({ method: 'GET', url: '/api/quran/surah/112' });
      expect(SurahEditionsResponseSchema.parse(res.json()).data[0]?.ayahs[0]?.text).toBe('قُلْ هُوَ ٱللَّهُ أَحَدٌ');
    });
    expect(upstream.calls.length).toBe(before);
  });

  it('still answers 404 for a chapter that does not exist, without asking the upstream', async () => {
    const before = upstream.calls.length;
    const res = await t.app.inject({ method: 'GET', url: '/api/quran/surah/115' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, status: 'Not Found' });
    expect(upstream.calls.length).toBe(before);
  });
});

describe('when the upstream fails', () => {
  it('serves the bundled chapter when the upstream answers an error, keeps nothing, and waits before retrying', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/quran/surah/2' });
    expect(res.statusCode).toBe(200);
    const { data } = SurahEditionsResponseSchema.parse(res.json());
    expect(data[0]?.englishName).toBe('Al-Baqara');
    expect(data[0]?.ayahs).toHaveLength(286);
    expect(data[0]?.ayahs[0]?.audio).toBe(`${AUDIO}/128/ar.hudhaify/8.mp3`);
    expect(await findCachedContent(t.database.db, 'quran:surah:2')).toBeUndefined();

    await t.app.inject({ method: 'GET', url: '/api/quran/surah/2' });
    expect(callsTo(`/surah/2/${EDITIONS_PATH}`)).toBe(1);
  });

  it('refuses an answer that is not the four editions, and serves the bundled chapter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/quran/surah/3' });
    expect(res.statusCode).toBe(200);
    expect(SurahEditionsResponseSchema.parse(res.json()).data[0]?.englishName).toBe('Aal-i-Imraan');
    expect(await findCachedContent(t.database.db, 'quran:surah:3')).toBeUndefined();
  });

  it('serves the bundled text when the upstream cannot be reached and nothing is kept', async () => {
    await withApp({ QURAN_UPSTREAM_URL: 'http://127.0.0.1:1/v1' }, async (app) => {
      const res = await app.inject({ method: 'GET', url: '/api/quran/surah/1' });
      expect(res.statusCode).toBe(200);
      const { data } = SurahEditionsResponseSchema.parse(res.json());
      expect(data[0]?.englishName).toBe('Al-Faatiha');
      expect(data[0]?.ayahs[0]?.audio).toBe('https://cdn.islamic.network/quran/audio/128/ar.hudhaify/1.mp3');
    });
  });

  it('gives up on an upstream that does not answer in time', async () => {
    const fallbackAnswer = prepareAnswer({ code: 200, status: 'OK', data: 'fallback' });
    const fallback: QuranSource = {
      surahList: async () => fallbackAnswer,
      surah: async () => fallbackAnswer,
    };
    const quran = createUpstreamQuran({
      db: t.database.db,
      upstreamUrl: upstream.url,
      audioBaseUrl: AUDIO,
      fallback,
      log: t.app.log,
      timeoutMs: 300,
    });
    const started = performance.now();
    const [first, second] = await Promise.all([quran.surah(4, SEED_RECITER), quran.surah(4, SEED_RECITER)]);
    expect(first).toBe(fallbackAnswer);
    expect(second).toBe(fallbackAnswer);
    expect(performance.now() - started).toBeLessThan(3_000);
    // Two readers at once share one request to the upstream.
    expect(callsTo(`/surah/4/${EDITIONS_PATH}`)).toBe(1);
  });
});
