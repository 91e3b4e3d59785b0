/**
 * The public pages by address, and how each reaches the browser (decision 22). One list for the build, the
 * server, the browser tests and the benchmarks that visit them all.
 */

/**
 * The pages drawn by the server when asked, with its own answers (their text comes from its API, and has
 * more addresses than a build could draw: a chapter, a hadith, a category). Drawn with islands.
 */
export const PAGES_DRAWN_ON_REQUEST = ['/coran', '/hadith', '/recherche'] as const;

/**
 * The pages drawn at build time, from the site's own files, and drawn with islands: React draws them once
 * and never runs for them in the browser. Each reads its own address's query.
 */
export const PAGES_DRAWN_AT_BUILD = [
  '/invocations',
  '/attributes',
  '/prophets',
  '/histoire',
  '/coursarabe',
  '/sources',
] as const;

/**
 * The pages that stay HTML in the browser, their interactive parts islands (src/islands/). They are not among
 * the app's routes: a link to one loads it as a document.
 */
export const ISLAND_PAGES = [...PAGES_DRAWN_ON_REQUEST, ...PAGES_DRAWN_AT_BUILD] as const;

/** The pages the build draws: those with islands, and the sign-in screen, which the app takes over. */
export const PRERENDERED_PAGES = [...PAGES_DRAWN_AT_BUILD, '/login'] as const;

export type PrerenderedPageAddress = (typeof PRERENDERED_PAGES)[number];

/** Every public page: the learning site's and the sign-in screen, in the order of the top bar. */
export const PUBLIC_PAGES = [...ISLAND_PAGES, '/login'] as const;

/** The page of an address (path, with or without a query or fragment; under /embed or not), if it is one of `pages`. */
function pageOf<P extends string>(pages: readonly P[], to: string): P | undefined {
  const path = (to.split(/[?#]/)[0] ?? '').replace(/^\/embed(?=\/)/, '');
  return pages.find((page) => path === page || path.startsWith(`${page}/`));
}

/** True for an address of a page drawn with islands: /hadith/123 is the hadith page's. */
export function isIslandPage(to: string): boolean {
  return pageOf(ISLAND_PAGES, to) !== undefined;
}

/** The page drawn on request that an address belongs to: /hadith for /embed/hadith/123?categorie=2. */
export function pageDrawnOnRequest(to: string): (typeof PAGES_DRAWN_ON_REQUEST)[number] | undefined {
  return pageOf(PAGES_DRAWN_ON_REQUEST, to);
}

/**
 * A learning page's document with its display preferences applied before its first paint (theme, text sizes:
 * public/reading-preferences.js): the one script in its <head> that blocks, a few hundred bytes.
 */
export function withReadingPreferences(html: string): string {
  return html.replace('</title>', '</title>\n    <script src="/reading-preferences.js"></script>');
}
