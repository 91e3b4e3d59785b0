/**
 * The learning site's service worker (issue 23, decision 23): the site works without a connection once it has
 * been visited, with Workbox's maintained pieces.
 *
 * - Precached at install (scripts/build-service-worker.ts lists them): the pages drawn at build time, the search
 *   and hadith pages, and the scripts and fonts those pages use.
 * - Every chapter of the Quran: fetched in the background once the page says it is idle (CACHE_CHAPTERS), two at
 *   a time, those already kept skipped, so a first visit is never slowed and a cut-off download resumes.
 * - A page kept is shown from the device at once and refreshed behind it; a page not kept comes from the
 *   network, asked for while the worker starts (navigation preload); without one, the nearest kept page that can show it (/coran/2 for /coran/2/255, the page without
 *   its query when its island reads it).
 * - The content services' answers (Quran, hadith, the site's files) are served from the cache and refreshed.
 * - A recitation the reader downloaded (features/quran/recitation-downloads.ts) plays from the device.
 * - A new version waits until the reader accepts it (SKIP_WAITING from the page's banner): never forced.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { createPartialResponse } from 'workbox-range-requests';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { fallbacksOf, OFFLINE_PAGE } from './offline-fallbacks';
import {
  CHAPTER_COUNT,
  CHAPTERS_MESSAGE,
  PAGES_CACHE,
  RECITATIONS_CACHE,
  SEARCHABLE_VERSES,
  SKIP_WAITING_TYPE,
} from './offline-pages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The page that installed the worker is served by it from then on (its recitations downloaded, say); a new
// version still waits for the reader's yes (SKIP_WAITING) before it becomes the active one.
clientsClaim();

// A page not kept yet is asked of the network while the worker itself starts, not after (navigation preload):
// Workbox's strategies answer with that response when they go to the network for a page.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.registration.navigationPreload.enable());
});

const CONTENTS_CACHE = 'contenus';

// A page kept is shown at once, and fetched again behind it for the next time: the texts never change, and a
// reader on a slow connection reads at once (a page whose scripts a new version removed reloads itself once:
// public/start-after-paint.js).
const pages = new StaleWhileRevalidate({
  cacheName: PAGES_CACHE,
  plugins: [new ExpirationPlugin({ maxEntries: 400 })],
});
registerRoute(({ request }) => request.mode === 'navigate', pages);

registerRoute(
  ({ url }) =>
    url.origin === self.location.origin &&
    (url.pathname.startsWith('/api/quran/') ||
      url.pathname.startsWith('/api/hadith/') ||
      url.pathname.startsWith('/assets/')),
  new StaleWhileRevalidate({
    cacheName: CONTENTS_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 300 })],
  }),
);

// The build's own files never change (their name is their content's hash).
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/static/'),
  new CacheFirst({ cacheName: 'fichiers', plugins: [new ExpirationPlugin({ maxEntries: 200 })] }),
);

/**
 * A recitation the reader downloaded plays from the device, with or without a network (the audio element asks
 * for parts of a file: a kept file answers them itself); any other goes to the recitation host as usual.
 */
registerRoute(
  ({ request }) => request.destination === 'audio',
  async ({ request }) => {
    const kept = await (await caches.open(RECITATIONS_CACHE)).match(request.url);
    if (!kept) return fetch(request);
    return request.headers.has('range') ? createPartialResponse(request, kept) : kept;
  },
);

/**
 * Without a network and without the page itself: the nearest kept page that can show it, else a page that
 * says so in French, with the pages that are kept.
 */
setCatchHandler(async ({ request }) => {
  if (request.mode !== 'navigate') return Response.error();
  for (const address of fallbacksOf(new URL(request.url))) {
    const kept = (await matchPrecache(address)) ?? (await caches.match(address));
    if (kept) return kept;
  }
  return new Response(OFFLINE_PAGE, { headers: { 'content-type': 'text/html; charset=utf-8' } });
});

/**
 * Fetches each chapter's page not kept yet, `parallel` at a time, and the verses the search reads (kept where
 * the route of the content services looks for them).
 */
async function keepChapters(parallel = 2): Promise<void> {
  const contents = await caches.open(CONTENTS_CACHE);
  if (!(await contents.match(SEARCHABLE_VERSES))) {
    const verses = await fetch(SEARCHABLE_VERSES);
    if (verses.ok) await contents.put(SEARCHABLE_VERSES, verses);
  }
  const cache = await caches.open(PAGES_CACHE);
  const missing: string[] = [];
  for (let chapter = 1; chapter <= CHAPTER_COUNT; chapter += 1) {
    if (!(await cache.match(`/coran/${chapter}`))) missing.push(`/coran/${chapter}`);
  }
  const next = async (): Promise<void> => {
    const address = missing.shift();
    if (!address) return;
    const response = await fetch(address, { credentials: 'omit' });
    if (response.ok) await cache.put(address, response);
    return next();
  };
  await Promise.all(Array.from({ length: parallel }, next));
}

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING_TYPE) void self.skipWaiting();
  if (event.data === CHAPTERS_MESSAGE) event.waitUntil(keepChapters().catch(() => undefined));
});
