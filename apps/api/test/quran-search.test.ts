/**
 * GET /api/quran/search over the bundled text: French without accents or case, Arabic without diacritics or
 * hamza forms, transliteration, references and chapter names, with the words found located in each text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AYAH_COUNT,
  createQuranSearch,
  QuranErrorSchema,
  QuranSearchResponseSchema,
  SearchableQuranResponseSchema,
  searchableVersesOf,
  type QuranSearchResult,
} from '@app/contracts';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function search(query: string, extra = ''): Promise<QuranSearchResult> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/quran/search?q=${encodeURIComponent(query)}${extra}`,
  });
  expect(response.statusCode).toBe(200);
  return QuranSearchResponseSchema.parse(response.json()).data;
}

/** The words highlighted in a text, as the reader shows them. */
const marked = (text: string, ranges: [number, number][]) =>
  ranges.map(([start, end]) => text.slice(start, end));
const references = (result: QuranSearchResult) => result.matches.map((m) => `${m.chapter}:${m.verse}`);

describe('searching the Quran', () => {
  it('finds French words without accents or case, and says where they are', async () => {
    const result = await search('MISERICORDIEUX', '&limit=200');
    expect(result.count).toBeGreaterThan(100);
    const first = result.matches[0];
    expect(first && `${first.chapter}:${first.verse}`).toBe('1:1');
    expect(first?.french).toContain('Miséricordieux');
    expect(marked(first?.french ?? '', first?.highlights.french ?? [])).toEqual([
      'Miséricordieux',
      'Miséricordieux',
    ]);
    expect(first?.chapterName).toBe('Al-Faatiha');
  });

  it('needs every word of the query in the same text', async () => {
    const both = await search('trône immense');
    expect(references(both)).toContain('9:129');
    for (const match of both.matches) {
      const words = marked(match.french, match.highlights.french).map((w) => w.toLowerCase());
      expect(words).toEqual(expect.arrayContaining(['trône', 'immense']));
    }
    expect((await search('trône zzzzqqq')).count).toBe(0);
  });

  it('finds Arabic typed without diacritics, whatever the hamza form or the dagger alif', async () => {
    // الحمد لله رب العالمين: typed plainly, as a phone keyboard gives it; the text writes ٱلۡحَمۡدُ … ٱلۡعَٰلَمِينَ.
    const plain = await search('الحمد لله رب العالمين');
    expect(references(plain)).toContain('1:2');
    const verse = plain.matches.find((m) => m.chapter === 1 && m.verse === 2);
    expect(verse?.highlights.arabic.length).toBeGreaterThan(0);
    expect(marked(verse?.arabic ?? '', verse?.highlights.arabic ?? []).join(' ')).toContain('ٱلۡحَمۡدُ');
    // Without the dagger alif, as some type it.
    expect(references(await search('العلمين'))).toContain('1:2');
    // أ, إ, آ and ٱ are one letter to the search: المؤمنون typed with a bare و too.
    expect(references(await search('المومنون'))).toEqual(references(await search('المؤمنون')));
    expect((await search('المومنون')).count).toBeGreaterThan(0);
  });

  it('finds the transliteration', async () => {
    const result = await search('alrrahmani alrraheemi');
    expect(references(result).slice(0, 2)).toEqual(['1:1', '1:3']);
    const first = result.matches[0];
    expect(marked(first?.transliteration ?? '', first?.highlights.transliteration ?? [])).toHaveLength(2);
  });

  it('opens a verse by its reference, written the ways people write it', async () => {
    for (const query of ['2:255', '2 255', '2.255', ' 2 : 255 ']) {
      const result = await search(query);
      expect(references(result)).toEqual(['2:255']);
      expect(result.matches[0]?.french).toMatch(/^Allah! Point de divinité à part Lui/);
    }
    expect((await search('2:300')).count).toBe(0);
    expect((await search('115:1')).count).toBe(0);
  });

  it('names a chapter by its number or its name', async () => {
    expect((await search('18')).chapters).toEqual([{ number: 18, name: 'الكهف', englishName: 'Al-Kahf' }]);
    expect((await search('al-kahf')).chapters.map((c) => c.number)).toEqual([18]);
    expect((await search('Kahf')).chapters.map((c) => c.number)).toEqual([18]);
    expect((await search('الكهف')).chapters.map((c) => c.number)).toEqual([18]);
  });

  it('pages through what it found, in the order of the Quran', async () => {
    const all = await search('Allah', '&limit=200');
    const next = await search('Allah', '&limit=50&offset=50');
    expect(all.count).toBe(next.count);
    expect(references(next)).toEqual(references(all).slice(50, 100));
    const order = all.matches.map((m) => m.chapter * 1000 + m.verse);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('refuses an empty or over-long query, or a bad limit, in the service’s error shape', async () => {
    for (const url of [
      '/api/quran/search',
      '/api/quran/search?q=%20%20',
      `/api/quran/search?q=${'a'.repeat(201)}`,
      '/api/quran/search?q=allah&limit=0',
      '/api/quran/search?q=allah&limit=abc',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(QuranErrorSchema.parse(response.json())).toMatchObject({ code: 400, status: 'Bad Request' });
    }
  });
});

describe('the verses to search without a connection', () => {
  it('hold every verse, and the reader searching them finds what the server finds', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/quran/verses' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBeTruthy();
    const { data } = SearchableQuranResponseSchema.parse(response.json());
    expect(data.verses).toHaveLength(AYAH_COUNT);
    expect(data.chapters).toHaveLength(114);
    const offline = createQuranSearch(searchableVersesOf(data), data.chapters);
    for (const query of ['misericordieux', 'الحمد لله', 'alrrahmani', '2:255', 'kahf', 'trône immense']) {
      expect(offline.search(query), query).toEqual(await search(query));
    }
  });
});
