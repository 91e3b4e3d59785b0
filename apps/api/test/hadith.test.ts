/**
 * The hadith service on its bundled collection (the default): HadeethEnc's shapes for the three calls,
 * every listed hadith retrievable, 404s and 400s in the application envelope, and HTTP revalidation.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorEnvelopeSchema,
  HadithCategoriesSchema,
  HadithDetailSchema,
  HadithListSchema,
  type HadithDetail,
} from '@app/contracts';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const dataDir = path.join(import.meta.dirname, '../src/modules/hadith/data');
const stored = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(dataDir, file), 'utf8'));
const storedHadiths = stored('hadiths.json') as Array<Record<string, unknown> & { id: string }>;
const storedProvenance = stored('provenance.json') as Record<string, Record<string, string>>;

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/hadith${url}`, headers });

async function list(query: string) {
  const res = await get(`/list?${query}`);
  expect(res.statusCode, query).toBe(200);
  return HadithListSchema.parse(res.json());
}

async function detail(id: string): Promise<HadithDetail> {
  const res = await get(`/detail?id=${id}`);
  expect(res.statusCode, `hadith ${id}`).toBe(200);
  return HadithDetailSchema.parse(res.json());
}

describe('GET /api/hadith/categories', () => {
  it('answers the bare array of categories, as HadeethEnc sends it, category 1 first and not empty', async () => {
    const res = await get('/categories');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const raw = res.json();
    expect(Array.isArray(raw)).toBe(true);
    const categories = HadithCategoriesSchema.parse(raw);
    expect(raw).toEqual(stored('categories.json'));
    expect(categories[0]).toEqual({
      id: '1',
      title: 'Le Noble Coran et ses sciences',
      hadeeths_count: '5',
      parent_id: null,
    });
    for (const category of raw) {
      expect(Object.keys(category).sort()).toEqual(['hadeeths_count', 'id', 'parent_id', 'title']);
    }
  });
});

describe('GET /api/hadith/list', () => {
  it('lists a category in HadeethEnc’s shape: page 1 of 20 unless asked otherwise', async () => {
    const first = await list('category_id=1');
    expect(first.meta).toEqual({ current_page: '1', last_page: 1, total_items: 5, per_page: '20' });
    expect(first.data).toHaveLength(5);
    for (const item of first.data) {
      expect(Object.keys(item).sort()).toEqual(['id', 'title', 'translations']);
      expect(item.translations).toEqual(['ar', 'fr']);
    }

    const big = await list('category_id=5');
    expect(big.meta).toEqual({ current_page: '1', last_page: 2, total_items: 40, per_page: '20' });
    const second = await list('category_id=5&page=2');
    expect(second.meta.current_page).toBe('2');
    const all = await list('category_id=5&per_page=100');
    expect(all.meta).toEqual({ current_page: '1', last_page: 1, total_items: 40, per_page: '100' });
    expect([...big.data, ...second.data]).toEqual(all.data);
    expect(new Set(all.data.map((h) => h.id)).size).toBe(40);

    const paged = await list('category_id=5&page=3&per_page=7');
    expect(paged.meta).toEqual({ current_page: '3', last_page: 6, total_items: 40, per_page: '7' });
    expect(paged.data).toEqual(all.data.slice(14, 21));
  });

  it('answers a page past the end with no hadith, as HadeethEnc does', async () => {
    const past = await list('category_id=1&page=9');
    expect(past).toEqual({
      data: [],
      meta: { current_page: '9', last_page: 1, total_items: 5, per_page: '20' },
    });
  });

  it('lists, over all categories, every hadith of the collection; each one is retrievable in full', async () => {
    const categories = HadithCategoriesSchema.parse((await get('/categories')).json());
    const seen = new Set<string>();
    for (const category of categories) {
      const page = await list(`category_id=${category.id}&per_page=100`);
      expect(page.meta.total_items, `category ${category.id}`).toBe(Number(category.hadeeths_count));
      expect(page.data.length).toBe(page.meta.total_items);
      for (const item of page.data) {
        seen.add(item.id);
        const hadith = await detail(item.id);
        expect(hadith.id).toBe(item.id);
        expect(hadith.title).toBe(item.title);
        expect(hadith.categories).toContain(category.id);
        for (const field of [
          'title',
          'hadeeth',
          'attribution',
          'grade',
          'explanation',
          'hadeeth_ar',
          'explanation_ar',
          'grade_ar',
          'attribution_ar',
        ] as const) {
          expect(hadith[field]?.trim(), `${item.id}.${field}`).toBeTruthy();
        }
        expect(hadith.hints.length).toBeGreaterThanOrEqual(2);
        expect(hadith.translations).toEqual(['ar', 'fr']);
      }
    }
    expect(seen.size).toBe(storedHadiths.length);
  });
});

describe('GET /api/hadith/detail', () => {
  it('answers the hadith exactly as stored, with its languages, source and rank in an-Nawawi’s Forty', async () => {
    const res = await get('/detail?id=66511');
    expect(res.statusCode).toBe(200);
    const raw = res.json();
    const { translations, sources, ...rest } = raw;
    expect(translations).toEqual(['ar', 'fr']);
    expect(rest).toEqual(storedHadiths.find((h) => h.id === '66511'));
    expect(sources).toEqual(storedProvenance['66511']);
    expect(raw).toMatchObject({
      title: 'Les actes ne valent que par les intentions',
      categories: ['3'],
      grade_ar: 'صحيح',
      reference: { collection: 'Sahih al-Bukhari', number: '1' },
      nawawi: 1,
    });
    expect(raw.hadeeth_ar).toMatch(/[\u0621-\u064A]/);
  });

  it('credits the texts of every bundled hadith: Arabic, French translation and explanation', async () => {
    expect(Object.keys(storedProvenance).sort()).toEqual(storedHadiths.map((h) => h.id).sort());
    expect((await detail('66511')).sources).toEqual({
      arabic: 'HadeethEnc (hadeethenc.com)',
      french: 'HadeethEnc (hadeethenc.com)',
      explanation: 'HadeethEnc (hadeethenc.com)',
    });
    expect((await detail('66512')).sources).toEqual({
      arabic: 'HadeethEnc (hadeethenc.com)',
      french: 'traduction rédigée pour ce site',
      explanation: 'rédigée pour ce site',
    });
  });

  it('accepts an id written with leading zeros', async () => {
    expect((await detail('0066511')).id).toBe('66511');
  });
});

describe('errors, in the application envelope', () => {
  const expectError = (res: Awaited<ReturnType<typeof get>>, statusCode: number, reason: RegExp) => {
    expect(res.statusCode, res.body).toBe(statusCode);
    const body = ErrorEnvelopeSchema.parse(res.json());
    expect(body).toMatchObject({ statusCode, status: statusCode === 404 ? 'NOT_FOUND' : 'BAD_REQUEST' });
    expect(body.reason).toMatch(reason);
    expect(res.headers['cache-control']).toBeUndefined();
  };

  it('answers 404 for a category or a hadith that does not exist', async () => {
    expectError(await get('/list?category_id=999'), 404, /^No hadith category 999\.$/);
    expectError(await get('/list?category_id=999&page=2&per_page=100'), 404, /category 999/);
    expectError(await get('/detail?id=1'), 404, /^No hadith 1\.$/);
    expectError(await get('/detail?id=999999999'), 404, /No hadith 999999999/);
  });

  it.each([
    ['/list', /category_id: is required/],
    ['/list?category_id=', /category_id: must be a positive whole number/],
    ['/list?category_id=abc', /category_id: must be a positive whole number/],
    ['/list?category_id=0', /category_id: must be a positive whole number/],
    ['/list?category_id=-1', /category_id: must be a positive whole number/],
    ['/list?category_id=1.5', /category_id: must be a positive whole number/],
    ['/list?category_id=1e3', /category_id: must be a positive whole number/],
    ['/list?category_id=%201', /category_id: must be a positive whole number/],
    ['/list?category_id=1&category_id=2', /category_id/],
    ['/list?category_id=1&page=0', /page: must be a positive whole number/],
    ['/list?category_id=1&page=x', /page: must be a positive whole number/],
    ['/list?category_id=1&per_page=101', /per_page: must be a whole number from 1 to 100/],
    ['/list?category_id=1&per_page=0', /per_page: must be a whole number from 1 to 100/],
    ['/list?category_id=1&per_page=99999999999', /per_page: must be a whole number from 1 to 100/],
    ['/detail', /id: is required/],
    ['/detail?id=abc', /id: must be a positive whole number/],
    ['/detail?id=12345678901234567890', /id: must be a positive whole number/],
    ['/detail?ID=66511', /id: is required/],
  ])('answers %s with 400', async (url, reason) => {
    const res = await get(url);
    expectError(res, 400, reason);
    expect(res.json().reason).toMatch(/^Invalid query: /);
  });

  it('answers an unknown path under /api/hadith with a 404', async () => {
    expectError(await get('/hadeeths/one?id=1'), 404, /No resource at GET \/api\/hadith\/hadeeths\/one/);
  });
});

describe('HTTP caching', () => {
  it.each(['/categories', '/list?category_id=3', '/list?category_id=3&page=2&per_page=5', '/detail?id=4563'])(
    '%s: a strong ETag and an hour of caching, then a 304 when the browser has the same answer',
    async (url) => {
      const first = await get(url);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
      expect(first.headers['cache-control']).toBe('public, max-age=3600');
      expect((await get(url)).headers.etag).toBe(etag);
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
        const again = await get(url, { 'if-none-match': ifNoneMatch });
        expect(again.statusCode, ifNoneMatch).toBe(304);
        expect(again.rawPayload.length).toBe(0);
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe('public, max-age=3600');
      }
      const changed = await get(url, { 'if-none-match': '"something-else"' });
      expect(changed.statusCode).toBe(200);
      expect(changed.body).toBe(first.body);
    },
  );

  it('gives different answers different ETags', async () => {
    const tags = await Promise.all(
      ['/list?category_id=3', '/list?category_id=3&page=2', '/detail?id=4563', '/detail?id=66511'].map(
        async (url) => (await get(url)).headers.etag,
      ),
    );
    expect(new Set(tags).size).toBe(4);
  });

  it('documents the service in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/hadith/categories'].get.responses['200']).toBeDefined();
    expect(doc.paths['/api/hadith/list'].get.responses['404']).toBeDefined();
    expect(doc.paths['/api/hadith/detail'].get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'query', required: true })]),
    );
  });
});
