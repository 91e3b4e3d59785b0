/**
 * The Quran service on its bundled data (the default): the alquran.cloud shapes, every verse of the
 * 114 chapters, the recitation addresses, 404s in that API's envelope, and the HTTP caching and
 * compression that keep a chapter cheap to send.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_RECITER,
  QURAN_RECITERS,
  AYAH_COUNT,
  QURAN_EDITION_IDS,
  QuranErrorSchema,
  SurahEditionsResponseSchema,
  SurahListResponseSchema,
  type SurahEditionsResponse,
  type SurahSummary,
} from '@app/contracts';
import { buildApp } from '../src/app.js';
import { createBundledQuran } from '../src/modules/quran/bundled-quran.js';
import { createTestApp, testConfig, type TestApp } from './support/test-app.js';

const SEED_RECITER = DEFAULT_RECITER;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** "bismi Allahi", in the King Fahd complex's encoding (shadda before fatha), written as code points. */
const BASMALA = '\u0628\u0650\u0633\u06e1\u0645\u0650 \u0671\u0644\u0644\u0651\u064e\u0647\u0650';
const ARABIC_LETTER = /[\u0621-\u064A]/;
const LATIN_LETTER = /[A-Za-z]/;

async function getSurah(number: number | string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: `/api/quran/surah/${number}`, headers });
}

async function surahList(): Promise<SurahSummary[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/quran/surah' });
  expect(res.statusCode).toBe(200);
  return SurahListResponseSchema.parse(res.json()).data;
}

describe('GET /api/quran/surah', () => {
  it('lists the 114 chapters in the shape of alquran.cloud', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/quran/surah' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = SurahListResponseSchema.parse(res.json());
    expect(body).toMatchObject({ code: 200, status: 'OK' });
    expect(body.data.map((s) => s.number)).toEqual(Array.from({ length: 114 }, (_, i) => i + 1));
    expect(body.data[0]).toEqual({
      number: 1,
      name: 'الفاتحة',
      englishName: 'Al-Faatiha',
      englishNameTranslation: 'The Opening',
      numberOfAyahs: 7,
      revelationType: 'Meccan',
    });
    expect(body.data[1]).toMatchObject({
      englishName: 'Al-Baqara',
      numberOfAyahs: 286,
      revelationType: 'Medinan',
    });
    expect(body.data[113]).toMatchObject({ number: 114, englishName: 'An-Naas', numberOfAyahs: 6 });
    expect(body.data.reduce((sum, s) => sum + s.numberOfAyahs, 0)).toBe(AYAH_COUNT);
    for (const surah of body.data) {
      expect(surah.name).toMatch(ARABIC_LETTER);
      expect(surah.englishNameTranslation).not.toBe('');
    }
  });
});

describe('GET /api/quran/surah/{n}: the whole text', () => {
  it('serves all 6236 verses of the 114 chapters in the four editions, numbered without a gap', async () => {
    const list = await surahList();
    let expectedNumber = 1;
    let previous = { juz: 1, page: 1 };
    const started = performance.now();
    for (const summary of list) {
      const res = await getSurah(summary.number);
      expect(res.statusCode, `chapter ${summary.number}`).toBe(200);
      const { data: editions } = SurahEditionsResponseSchema.parse(res.json());
      expect(editions.map((e) => e.edition.identifier)).toEqual([...QURAN_EDITION_IDS]);
      for (const edition of editions) {
        const { edition: _edition, ayahs, ...fields } = edition;
        expect(fields).toEqual(summary);
        expect(ayahs).toHaveLength(summary.numberOfAyahs);
      }
      const [arabic, transliteration, frenchAudio, french] = editions;
      if (!arabic || !transliteration || !frenchAudio || !french) throw new Error('four editions expected');
      arabic.ayahs.forEach((ayah, index) => {
        const label = `${summary.number}:${index + 1}`;
        expect(ayah.number, label).toBe(expectedNumber);
        expect(ayah.numberInSurah, label).toBe(index + 1);
        expect(ayah.juz, label).toBeGreaterThanOrEqual(previous.juz);
        expect(ayah.page, label).toBeGreaterThanOrEqual(previous.page);
        expect(ayah.juz).toBeLessThanOrEqual(30);
        expect(ayah.page).toBeLessThanOrEqual(604);
        expect(ayah.text, label).toMatch(ARABIC_LETTER);
        // Words are separated by plain spaces only: no thin or other space splits a word.
        expect(ayah.text, label).not.toMatch(/[^\S ]/u);
        expect(transliteration.ayahs[index]?.text, label).toMatch(LATIN_LETTER);
        expect(french.ayahs[index]?.text.trim(), label).not.toBe('');
        expect(frenchAudio.ayahs[index]?.text, label).toBe(french.ayahs[index]?.text);
        // The same verse in every edition: same numbers, juz and page.
        for (const edition of [transliteration, frenchAudio, french]) {
          const {
            text: _text,
            audio: _audio,
            audioSecondary: _secondary,
            ...position
          } = edition.ayahs[index] ?? {};
          expect(position, label).toEqual({
            number: ayah.number,
            numberInSurah: ayah.numberInSurah,
            juz: ayah.juz,
            page: ayah.page,
          });
        }
        previous = { juz: ayah.juz, page: ayah.page };
        expectedNumber += 1;
      });
    }
    console.info(`114 chapters prepared and served in ${Math.round(performance.now() - started)} ms`);
    expect(expectedNumber - 1).toBe(AYAH_COUNT);
    expect(previous).toEqual({ juz: 30, page: 604 });
  });

  it('begins the first chapter with the basmala and gives the second its 286 verses', async () => {
    const first = SurahEditionsResponseSchema.parse((await getSurah(1)).json()).data;
    expect(first[0]?.ayahs[0]?.text.startsWith(BASMALA)).toBe(true);
    expect(first[0]?.ayahs[0]).toMatchObject({ number: 1, numberInSurah: 1, juz: 1, page: 1 });
    expect(first[1]?.ayahs[0]?.text).toBe('Bismi Allahi alrrahmani alrraheemi');
    expect(first[3]?.ayahs[0]?.text).toBe("Au nom d'Allah, le Tout Miséricordieux, le Très Miséricordieux");

    const second = SurahEditionsResponseSchema.parse((await getSurah(2)).json()).data;
    expect(second[0]?.ayahs).toHaveLength(286);
    expect(second[0]?.ayahs[0]).toMatchObject({ number: 8, numberInSurah: 1, juz: 1, page: 2 });
    expect(second[0]?.ayahs[285]).toMatchObject({ number: 293, numberInSurah: 286, juz: 3 });
  });

  it("gives 2:72's word فَٱدَّـٰرَٰٔتُمۡ whole: the package's thin space inside it is taken out, nothing else", async () => {
    const [arabic] = SurahEditionsResponseSchema.parse((await getSurah(2)).json()).data;
    const words = arabic?.ayahs[71]?.text.split(' ') ?? [];
    expect(words).toHaveLength(10);
    expect(words[3]).toBe(
      '\u0641\u064e\u0671\u062f\u0651\u064e\u0640\u0670\u0631\u064e\u0670\u0654\u062a\u064f\u0645\u06e1',
    );
  });

  it('describes the four editions as alquran.cloud does', async () => {
    const { data } = SurahEditionsResponseSchema.parse((await getSurah(1)).json());
    expect(data.map((e) => e.edition)).toEqual([
      expect.objectContaining({ identifier: 'ar.hudhaify', language: 'ar', format: 'audio' }),
      expect.objectContaining({
        identifier: 'en.transliteration',
        language: 'en',
        format: 'text',
        direction: 'ltr',
      }),
      expect.objectContaining({ identifier: 'fr.leclerc', language: 'fr', format: 'audio' }),
      expect.objectContaining({
        identifier: 'fr.hamidullah',
        language: 'fr',
        format: 'text',
        direction: 'ltr',
      }),
    ]);
  });
});

describe('recitation addresses', () => {
  it('gives the two audio editions, and only them, a recitation per verse on the public files', async () => {
    const { data } = SurahEditionsResponseSchema.parse((await getSurah(2)).json());
    const [arabic, transliteration, frenchAudio, french] = data;
    expect(arabic?.ayahs[0]).toMatchObject({
      audio: 'https://cdn.islamic.network/quran/audio/128/ar.hudhaify/8.mp3',
      audioSecondary: [
        'https://cdn.islamic.network/quran/audio/64/ar.hudhaify/8.mp3',
        'https://cdn.islamic.network/quran/audio/32/ar.hudhaify/8.mp3',
      ],
    });
    expect(frenchAudio?.ayahs[285]?.audio).toBe(
      'https://cdn.islamic.network/quran/audio/128/fr.leclerc/293.mp3',
    );
    for (const edition of [transliteration, french]) {
      for (const ayah of edition?.ayahs ?? []) {
        expect(ayah).not.toHaveProperty('audio');
        expect(ayah).not.toHaveProperty('audioSecondary');
      }
    }
    const first = SurahEditionsResponseSchema.parse((await getSurah(1)).json()).data;
    expect(first[0]?.ayahs[0]?.audio).toBe('https://cdn.islamic.network/quran/audio/128/ar.hudhaify/1.mp3');
  });

  it('takes the recitation files from AUDIO_BASE_URL', async () => {
    const app = await buildApp({
      config: testConfig({ AUDIO_BASE_URL: 'https://media.example/recitations/' }),
      database: t.database,
    });
    try {
      const { data } = SurahEditionsResponseSchema.parse(
        (await app.inject({ method: 'GET', url: '/api/quran/surah/114' })).json(),
      );
      expect(data[0]?.ayahs[0]?.audio).toBe('https://media.example/recitations/128/ar.hudhaify/6231.mp3');
      // The host has Leclerc's French at 128 kbit/s only: no address that could never load is offered.
      expect(data[2]?.ayahs[5]).toMatchObject({
        audio: 'https://media.example/recitations/128/fr.leclerc/6236.mp3',
        audioSecondary: [],
      });
    } finally {
      await app.close();
    }
  });
});

describe('another reciter', () => {
  const getWith = (query: string) => t.app.inject({ method: 'GET', url: `/api/quran/surah/2?${query}` });

  it('swaps edition 0’s recitation and name, at the bit rates the host has, and nothing else', async () => {
    const seed = SurahEditionsResponseSchema.parse((await getSurah(2)).json()).data;
    const response = await getWith('reciter=ar.abdurrahmaansudais');
    expect(response.statusCode).toBe(200);
    const { data } = SurahEditionsResponseSchema.parse(response.json());
    expect(data).toHaveLength(4);
    expect(data[0]?.edition).toMatchObject({
      identifier: 'ar.abdurrahmaansudais',
      name: 'عبدالرحمن السديس',
      englishName: 'Abdurrahmaan As-Sudais',
      format: 'audio',
      language: 'ar',
    });
    expect(data[0]?.ayahs[0]).toMatchObject({
      text: seed[0]?.ayahs[0]?.text,
      audio: 'https://cdn.islamic.network/quran/audio/192/ar.abdurrahmaansudais/8.mp3',
      audioSecondary: ['https://cdn.islamic.network/quran/audio/64/ar.abdurrahmaansudais/8.mp3'],
    });
    expect(data.slice(1)).toEqual(seed.slice(1));
  });

  it('offers at least 8 Arabic reciters, each with the bit rates the host publishes', () => {
    const arabic = QURAN_RECITERS.filter((reciter) => reciter.identifier.startsWith('ar.'));
    expect(arabic.length).toBeGreaterThanOrEqual(8);
    expect(new Set(arabic.map((r) => r.identifier)).size).toBe(arabic.length);
    for (const reciter of arabic) expect(reciter.bitrates.length).toBeGreaterThan(0);
    expect(DEFAULT_RECITER.identifier).toBe(QURAN_EDITION_IDS[0]);
    expect(QURAN_RECITERS[0]).toBe(DEFAULT_RECITER);
  });

  it('answers the seed’s reciter when it is named, the same bytes as without it', async () => {
    const named = await getWith('reciter=ar.hudhaify');
    expect(named.body).toBe((await getSurah(2)).body);
  });

  it('refuses an unknown reciter with a 400 naming the choices', async () => {
    for (const query of ['reciter=ar.unknown', 'reciter=fr.leclerc', 'reciter=']) {
      const response = await getWith(query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 400, status: 'Bad Request' });
      expect(response.json().data).toContain('ar.alafasy');
    }
  });
});

describe('errors', () => {
  it.each(['0', '115', 'abc', '-1', '1.5', '99999'])(
    'answers chapter "%s" with 404 in alquran.cloud’s envelope',
    async (n) => {
      const res = await getSurah(n);
      expect(res.statusCode).toBe(404);
      const body = QuranErrorSchema.parse(res.json());
      expect(body).toEqual({
        code: 404,
        status: 'Not Found',
        data: 'Chapter not found: the number must be between 1 and 114.',
      });
    },
  );

  it('accepts a chapter number written with leading zeros', async () => {
    const res = await getSurah('007');
    expect(res.statusCode).toBe(200);
    expect(SurahEditionsResponseSchema.parse(res.json()).data[0]?.englishName).toBe("Al-A'raaf");
  });

  it('answers an unknown path under /api/quran in the same envelope, and elsewhere in the application one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/quran/ayah/1?x=1' });
    expect(res.statusCode).toBe(404);
    expect(QuranErrorSchema.parse(res.json())).toEqual({
      code: 404,
      status: 'Not Found',
      data: 'No resource at GET /api/quran/ayah/1',
    });
    const other = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(other.json()).toMatchObject({ statusCode: 404, status: 'NOT_FOUND' });
  });

  it('answers an address the router refuses (malformed, too long) under /api/quran in the same envelope, and elsewhere in the application one', async () => {
    const malformed = await getSurah('%E0%A4%A');
    expect(malformed.statusCode).toBe(400);
    expect(QuranErrorSchema.strict().parse(malformed.json())).toEqual({
      code: 400,
      status: 'Bad Request',
      data: 'The address is not valid.',
    });
    const tooLong = await getSurah('1'.repeat(500));
    expect(tooLong.statusCode).toBe(414);
    expect(QuranErrorSchema.strict().parse(tooLong.json())).toEqual({
      code: 414,
      status: 'URI Too Long',
      data: 'The address is too long.',
    });
    const other = await t.app.inject({ method: 'GET', url: '/api/customer/get/%E0%A4%A' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({
      statusCode: 400,
      status: 'BAD_REQUEST',
      reason: 'The address is not valid.',
    });
  });
});

describe('HTTP caching and compression', () => {
  it('sends a strong ETag and a day of caching, and a 304 when the browser has the same answer', async () => {
    const first = await getSurah(36);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
    expect((await getSurah(36)).headers.etag).toBe(etag);
    expect((await getSurah(37)).headers.etag).not.toBe(etag);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await getSurah(36, { 'if-none-match': ifNoneMatch });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=86400');
    }
    const changed = await getSurah(36, { 'if-none-match': '"something-else"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toBe(first.body);
  });

  it('revalidates the chapter list the same way', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/quran/surah' });
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/quran/surah',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('sends the longest chapter gzip-compressed in under 250 KB', async () => {
    const plain = await getSurah(2);
    const res = await getSurah(2, { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(String(res.headers.vary)).toContain('accept-encoding');
    const size = res.rawPayload.length;
    console.info(`chapter 2: ${plain.rawPayload.length} bytes of JSON, ${size} bytes gzip-compressed`);
    expect(size).toBeLessThan(250_000);
    expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(plain.body);

    const brotli = await getSurah(2, { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload.length).toBeLessThan(size);
  });
});

describe('preparing the answers', () => {
  it('builds every answer once, quickly, and hands back the same bytes afterwards', async () => {
    const quran = createBundledQuran('https://cdn.islamic.network/quran/audio');
    const started = performance.now();
    const list = await quran.surahList();
    const chapters = [];
    for (let n = 1; n <= 114; n += 1) chapters.push(await quran.surah(n, SEED_RECITER));
    const elapsed = performance.now() - started;
    const bytes = chapters.reduce((sum, c) => sum + c.body.length, list.body.length);
    console.info(
      `all 115 answers prepared in ${Math.round(elapsed)} ms (${Math.round(bytes / 1024)} KiB of JSON)`,
    );
    expect(elapsed).toBeLessThan(20_000);
    expect(await quran.surah(2, SEED_RECITER)).toBe(chapters[1]);
    expect(await quran.surahList()).toBe(list);
    const parsed = JSON.parse(String(chapters[0]?.body)) as SurahEditionsResponse;
    expect(parsed.data).toHaveLength(4);
  });

  it('documents the service in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/quran/surah'].get.responses['200']).toBeDefined();
    expect(doc.paths['/api/quran/surah/{number}'].get.responses['404']).toBeDefined();
  });
});
