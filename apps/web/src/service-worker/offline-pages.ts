/**
 * What the service worker and the pages agree on (service-worker.ts, lib/offline-site.ts,
 * features/quran/recitation-downloads.ts): small, as the pages load it.
 */
export const PAGES_CACHE = 'pages';
/** The recitations a reader downloaded for listening without a connection (features/quran/recitation-downloads.ts). */
export const RECITATIONS_CACHE = 'recitations';
/** What the search reads without a connection, kept with the chapters. */
export const SEARCHABLE_VERSES = '/api/quran/verses';
export const CHAPTER_COUNT = 114;
/** The page asks the service worker to keep every chapter, once it is idle. */
export const CHAPTERS_MESSAGE = 'CACHE_CHAPTERS';
/**
 * The reader accepted the new version: it takes over now. The message is the one workbox-window's
 * messageSkipWaiting() sends (lib/offline-site.ts), an object, not a string.
 */
export const SKIP_WAITING_TYPE = 'SKIP_WAITING';
