/**
 * The public pages rendered to HTML at build time (entry-server.tsx draws them), by address: the learning site's
 * pages and the sign-in screen. One list for the build, the browser tests and the benchmarks that visit them all.
 */
export const PRERENDERED_PAGES = [
  '/coran',
  '/hadith',
  '/invocations',
  '/attributes',
  '/prophets',
  '/histoire',
  '/coursarabe',
  '/sources',
  '/login',
] as const;

export type PrerenderedPageAddress = (typeof PRERENDERED_PAGES)[number];
