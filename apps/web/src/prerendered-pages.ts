/**
 * The pages that stay HTML in the browser (decision 22): React draws them at build time only, and their
 * interactive parts are islands (src/islands/). They are not among the app's routes: a link to one loads it as
 * a document, and the page reads its own address's query.
 */
export const ISLAND_PAGES = [
  '/invocations',
  '/attributes',
  '/prophets',
  '/histoire',
  '/coursarabe',
  '/sources',
] as const;

/**
 * The public pages rendered to HTML at build time (entry-server.tsx draws them), by address: the learning site's
 * pages and the sign-in screen. One list for the build, the browser tests and the benchmarks that visit them all.
 * Those not drawn with islands are taken over by the app.
 */
export const PRERENDERED_PAGES = ['/coran', '/hadith', ...ISLAND_PAGES, '/login'] as const;

export type PrerenderedPageAddress = (typeof PRERENDERED_PAGES)[number];

/** True for an address (path, with or without a query or fragment) of a page drawn with islands. */
export function isIslandPage(to: string): boolean {
  const path = to.split(/[?#]/)[0] ?? '';
  return ISLAND_PAGES.some((page) => path === page || path === `/embed${page}`);
}
