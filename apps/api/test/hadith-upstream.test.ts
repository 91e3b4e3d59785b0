/**
 * CONTENT_SOURCE=upstream against a fake HadeethEnc on 127.0.0.1 (no test reaches the internet) that speaks
 * its real shapes, ids and counts as strings: what it sends is checked, kept in content_cache and served
 * from there afterwards, also when it is down; a failing, malformed, slow or absent upstream gives the
 * bundled collection instead, and what neither has is a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorEnvelopeSchema,
  HadithCategoriesSchema,
  HadithDetailSchema,
  HadithListSchema,
} from '@app/contracts';
import type { App } from '../src/app.js';
import { prepareAnswer } from '../src/lib/prepared-answer.js';
import {
  findCachedContent,
  saveCachedContent,
} from '../src/modules/content-cache/content-cache.repository.js';
import type { HadithSource } from '../src/modules/hadith/hadith-source.js';
import { createUpstreamHadith } from '../src/modules/hadith/upstream-hadith.js';
import { startFakeUpstream, withUpstreamApp, type FakeUpstream } from './support/fake-upstream.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const DOWN = 'http://127.0.0.1:1/api/v1';

const upstreamCategories = [
  { id: '1', title: 'Le Noble Coran et ses sciences', hadeeths_count: '197', parent_id: null },
  { id: '3', title: 'Le dogme', hadeeths_count: '711', parent_id: null },
  { id: '21', title: "L'unicité d'Allah", hadeeths_count: '120', parent_id: '3' },
];

const TRANSLATIONS = ['ar', 'en', 'fr', 'es', 'tr', 'ur'];

function upstreamList(query: URLSearchParams, total: number, ids: string[]) {
  const perPage = query.get('per_page') ?? '20';
  return {
    data: ids.map((id) => ({ id, title: `Hadith ${id} (HadeethEnc)`, translations: TRANSLATIONS })),
    meta: {
      current_page: query.get('page') ?? '1',
      last_page: Math.ceil(total / Number(perPage)),
      total_items: total,
      per_page: perPage,
    },
  };
}

/** Hadith 2962 as HadeethEnc sends it in French, its Arabic original and fields the site does not show. */
const upstreamHadith2962 = {
  id: '2962',
  title: 'La religion est le bon conseil',
  hadeeth: 'D’après Tamîm ad-Dârî, le Prophète ﷺ a dit : « La religion est le bon conseil. »',
  attribution: 'Rapporté par Muslim',
  grade: 'Authentique',
  explanation: 'Le Prophète ﷺ informe que la religion repose sur la sincérité.',
  hints: ['Le conseil est dû à tous.', 'La sincérité envers Allah.'],
  categories: ['3', '21'],
  translations: TRANSLATIONS,
  words_meanings: [{ word: 'النصيحة', meaning: 'Le bon conseil' }],
  hadeeth_ar: 'عَنْ تَمِيمٍ الدَّارِيِّ: «الدِّينُ النَّصِيحَةُ»',
  hadeeth_intro: '',
  explanation_ar: 'أخبر النبي صلى الله عليه وسلم أن الدين قائم على النصيحة.',
  hints_ar: ['النصيحة لكل أحد.'],
  words_meanings_ar: [],
  attribution_ar: 'رواه مسلم',
  grade_ar: 'صحيح',
};

/**
 * The fake HadeethEnc: categories, category 1 (and 6, 7), hadith 2962 answer; category 2 and hadith 66511
 * fail, category 3 and hadith 5907 are malformed, category 4 never answers, category 555 and hadith 3000
 * and 900001 are unknown to it.
 */
function startFakeHadeethEnc() {
  return startFakeUpstream('/api/v1', (url, reply) => {
    const q = url.searchParams;
    if (q.get('language') !== 'fr') return reply.json(400, { error: 'language' });
    if (url.pathname === '/api/v1/categories/list/') return reply.json(200, upstreamCategories);
    if (url.pathname === '/api/v1/hadeeths/list/') {
      switch (q.get('category_id')) {
        case '1':
          return reply.json(200, upstreamList(q, 197, ['2962', '5907']));
        case '6':
          return reply.json(200, upstreamList(q, 1, ['6006']));
        case '2':
          return reply.json(500, { message: 'Internal Server Error' });
        case '3':
          return reply.json(200, { data: [{ id: 12, title: null }], meta: {} });
        case '4':
          return reply.hang();
        default:
          return reply.json(200, upstreamList(q, 0, []));
      }
    }
    if (url.pathname === '/api/v1/hadeeths/one/') {
      switch (q.get('id')) {
        case '2962':
          return reply.json(200, upstreamHadith2962);
        case '66511':
          return reply.json(502, 'Bad Gateway');
        case '5907':
          return reply.json(200, { ...upstreamHadith2962, id: '1' });
        default:
          return reply.json(404, { message: 'Not found' });
      }
    }
    return reply.json(404, { message: 'Not found' });
  });
}

let upstream: FakeUpstream;
let t: TestApp;

beforeAll(async () => {
  upstream = await startFakeHadeethEnc();
  t = await createTestApp({ env: { CONTENT_SOURCE: 'upstream', HADITH_UPSTREAM_URL: upstream.url } });
});
afterAll(async () => {
  await t.close();
  await upstream.close();
});

const callsTo = (pathAndQuery: string) => upstream.calls.filter((c) => c === `/api/v1${pathAndQuery}`).length;
const listPath = (category: number, page = 1, perPage = 20) =>
  `/hadeeths/list/?language=fr&category_id=${category}&page=${page}&per_page=${perPage}`;

const get = (app: App, url: string) => app.inject({ method: 'GET', url: `/api/hadith${url}` });

/** An app of its own, on the suite's database, reading the texts from upstream with `env`'s settings. */
const withApp = (env: Record<string, string>, use: (app: App) => Promise<void>) =>
  withUpstreamApp(t.database, env, use);

function expectNotFound(res: Awaited<ReturnType<typeof get>>, reason: string) {
  expect(res.statusCode, res.body).toBe(404);
  expect(ErrorEnvelopeSchema.parse(res.json())).toMatchObject({ statusCode: 404, reason });
}

describe('reading the upstream', () => {
  it('serves the upstream categories, keeps them, and asks only once', async () => {
    const res = await get(t.app, '/categories');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(HadithCategoriesSchema.parse(res.json())).toEqual(upstreamCategories);
    await get(t.app, '/categories');
    expect(callsTo('/categories/list/?language=fr')).toBe(1);

    const kept = await findCachedContent(t.database.db, 'hadith:fr:categories');
    expect(kept?.fetchedAt).toBeInstanceOf(Date);
    expect(kept?.body).toEqual(upstreamCategories);
  });

  it('serves a category’s list as HadeethEnc sent it, page and size passed on', async () => {
    const res = await get(t.app, '/list?category_id=1');
    expect(res.statusCode).toBe(200);
    expect(HadithListSchema.parse(res.json())).toEqual({
      data: [
        { id: '2962', title: 'Hadith 2962 (HadeethEnc)', translations: TRANSLATIONS },
        { id: '5907', title: 'Hadith 5907 (HadeethEnc)', translations: TRANSLATIONS },
      ],
      meta: { current_page: '1', last_page: 10, total_items: 197, per_page: '20' },
    });
    await get(t.app, '/list?category_id=1');
    expect(callsTo(listPath(1))).toBe(1);
    expect(await findCachedContent(t.database.db, 'hadith:fr:list:1:1:20')).toBeDefined();

    const paged = HadithListSchema.parse((await get(t.app, '/list?category_id=1&page=3&per_page=50')).json());
    expect(paged.meta).toEqual({ current_page: '3', last_page: 4, total_items: 197, per_page: '50' });
    expect(callsTo(listPath(1, 3, 50))).toBe(1);
  });

  it('shares one upstream request between readers asking for the same page at once', async () => {
    const [first, second] = await Promise.all([
      get(t.app, '/list?category_id=1&per_page=100'),
      get(t.app, '/list?category_id=1&per_page=100'),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(callsTo(listPath(1, 1, 100))).toBe(1);
  });

  it('serves a hadith with its Arabic fields and HadeethEnc’s other fields, and keeps it', async () => {
    const res = await get(t.app, '/detail?id=2962');
    expect(res.statusCode).toBe(200);
    const raw = res.json();
    expect(raw).toEqual(upstreamHadith2962);
    const hadith = HadithDetailSchema.parse(raw);
    expect(hadith).toMatchObject({ hadeeth_ar: upstreamHadith2962.hadeeth_ar, grade_ar: 'صحيح' });
    expect(callsTo('/hadeeths/one/?language=fr&id=2962')).toBe(1);
    expect((await findCachedContent(t.database.db, 'hadith:fr:detail:2962'))?.body).toEqual(
      upstreamHadith2962,
    );
  });

  it('refuses bad parameters with a 400 without asking the upstream', async () => {
    const before = upstream.calls.length;
    for (const url of ['/list?category_id=x', '/list?category_id=1&per_page=500', '/detail?id=0']) {
      expect((await get(t.app, url)).statusCode, url).toBe(400);
    }
    expect(upstream.calls.length).toBe(before);
  });
});

describe('when the upstream is down', () => {
  it('serves what it kept in the database, without asking the upstream', async () => {
    const before = upstream.calls.length;
    await withApp({ HADITH_UPSTREAM_URL: DOWN }, async (app) => {
      expect((await get(app, '/categories')).json()).toEqual(upstreamCategories);
      const list = HadithListSchema.parse((await get(app, '/list?category_id=1')).json());
      expect(list.meta.total_items).toBe(197);
      expect((await get(app, '/detail?id=2962')).json()).toEqual(upstreamHadith2962);
    });
    expect(upstream.calls.length).toBe(before);
  });

  it('serves the bundled collection when nothing is kept, and 404 for what it does not have', async () => {
    // A database of its own, where nothing was ever kept.
    const empty = await createTestApp({ env: { CONTENT_SOURCE: 'upstream', HADITH_UPSTREAM_URL: DOWN } });
    try {
      const categories = HadithCategoriesSchema.parse((await get(empty.app, '/categories')).json());
      expect(categories).toHaveLength(7);
      expect(categories[0]).toEqual({
        id: '1',
        title: 'Le Noble Coran et ses sciences',
        hadeeths_count: '5',
        parent_id: null,
      });
      const list = HadithListSchema.parse((await get(empty.app, '/list?category_id=1')).json());
      expect(list.meta).toEqual({ current_page: '1', last_page: 1, total_items: 5, per_page: '20' });
      expect(list.data[0]?.translations).toEqual(['ar', 'fr']);
      const hadith = HadithDetailSchema.parse((await get(empty.app, '/detail?id=4563')).json());
      expect(hadith).toMatchObject({ id: '4563', translations: ['ar', 'fr'] });
      expect(hadith.hadeeth_ar).toMatch(/[\u0621-\u064A]/);
      expectNotFound(await get(empty.app, '/list?category_id=999'), 'No hadith category 999.');
      expectNotFound(await get(empty.app, '/detail?id=2962'), 'No hadith 2962.');
    } finally {
      await empty.close();
    }
  });
});

describe('when the upstream fails or does not have it', () => {
  it('serves the bundled list when the upstream answers an error, keeps nothing, and waits before retrying', async () => {
    const res = await get(t.app, '/list?category_id=2');
    expect(res.statusCode).toBe(200);
    const list = HadithListSchema.parse(res.json());
    expect(list.meta.total_items).toBe(2);
    expect(list.data[0]?.translations).toEqual(['ar', 'fr']);
    expect(await findCachedContent(t.database.db, 'hadith:fr:list:2:1:20')).toBeUndefined();
    await get(t.app, '/list?category_id=2');
    expect(callsTo(listPath(2))).toBe(1);

    const hadith = await get(t.app, '/detail?id=66511');
    expect(HadithDetailSchema.parse(hadith.json()).title).toBe('Les actes ne valent que par les intentions');
    expect(await findCachedContent(t.database.db, 'hadith:fr:detail:66511')).toBeUndefined();
  });

  it('refuses a malformed answer and serves the bundled one', async () => {
    const res = await get(t.app, '/list?category_id=3');
    expect(res.statusCode).toBe(200);
    expect(HadithListSchema.parse(res.json()).meta.total_items).toBe(24);
    expect(await findCachedContent(t.database.db, 'hadith:fr:list:3:1:20')).toBeUndefined();

    // The upstream answered another hadith than the one asked for; the bundle does not have this one.
    expectNotFound(await get(t.app, '/detail?id=5907'), 'No hadith 5907.');
    expect(await findCachedContent(t.database.db, 'hadith:fr:detail:5907')).toBeUndefined();
  });

  it('answers 404 for what neither the upstream nor the bundle has, and serves what only the bundle has', async () => {
    expectNotFound(await get(t.app, '/list?category_id=555'), 'No hadith category 555.');
    expectNotFound(await get(t.app, '/detail?id=3000'), 'No hadith 3000.');
    const ours = await get(t.app, '/detail?id=900001');
    expect(ours.statusCode).toBe(200);
    expect(HadithDetailSchema.parse(ours.json()).id).toBe('900001');
    expect(await findCachedContent(t.database.db, 'hadith:fr:list:555:1:20')).toBeUndefined();
  });

  it('replaces a kept copy that is no longer valid with the upstream’s answer', async () => {
    await saveCachedContent(t.database.db, 'hadith:fr:list:6:1:20', { data: 'not a list' });
    const res = await get(t.app, '/list?category_id=6');
    expect(res.statusCode).toBe(200);
    expect(HadithListSchema.parse(res.json()).data.map((h) => h.id)).toEqual(['6006']);
    const kept = await findCachedContent(t.database.db, 'hadith:fr:list:6:1:20');
    expect(HadithListSchema.parse(kept?.body).meta.total_items).toBe(1);
  });

  it('gives up on an upstream that does not answer in time', async () => {
    const fallbackAnswer = prepareAnswer({ data: [], meta: 'fallback' });
    const fallback: HadithSource = {
      categories: async () => fallbackAnswer,
      list: async () => fallbackAnswer,
      detail: async () => undefined,
    };
    const hadith = createUpstreamHadith({
      db: t.database.db,
      upstreamUrl: upstream.url,
      fallback,
      log: t.app.log,
      timeoutMs: 300,
    });
    const started = performance.now();
    const query = { categoryId: 4, page: 1, perPage: 20 };
    const [first, second] = await Promise.all([hadith.list(query), hadith.list(query)]);
    expect(first).toBe(fallbackAnswer);
    expect(second).toBe(fallbackAnswer);
    expect(performance.now() - started).toBeLessThan(3_000);
    // Two readers at once share one request to the upstream; the next one waits for the back-off.
    expect(callsTo(listPath(4))).toBe(1);
    expect(await hadith.list(query)).toBe(fallbackAnswer);
    expect(callsTo(listPath(4))).toBe(1);
  });

  it('remembers a bounded number of answers and still serves those it forgot', async () => {
    const hadith = createUpstreamHadith({
      db: t.database.db,
      upstreamUrl: upstream.url,
      fallback: {
        categories: async () => prepareAnswer([]),
        list: async () => undefined,
        detail: async () => undefined,
      },
      log: t.app.log,
      maxRemembered: 1,
    });
    const before = upstream.calls.length;
    const detail = await hadith.detail(2962);
    await hadith.list({ categoryId: 1, page: 1, perPage: 20 });
    // Forgotten in memory, but kept in the database: served again without asking the upstream.
    const again = await hadith.detail(2962);
    expect(again?.body.equals(detail?.body ?? Buffer.alloc(0))).toBe(true);
    expect(again).not.toBe(detail);
    expect(upstream.calls.length).toBe(before);
  });
});
