/**
 * The script of a page drawn with islands (decision 22): its text is HTML and stays HTML; each element
 * marked data-island="<name>" gets the behaviour of src/islands/<name>.ts, loaded only by the pages that
 * have one. No framework: React draws these pages and does not run here, except for what is the app's own: the
 * signed-in bar of a browser that holds a session, and a notification the app carried to the page.
 */
import { takeCarriedNotice } from '../lib/carried-notice';
import { hasStoredSession } from '../lib/session/token-store';
// The top bar's phone menu and the footer's theme choice are on every page: they come with this script
// rather than as two more files to fetch.
import * as phoneMenu from './phone-menu';
import * as themeChoice from './theme-choice';

type Island = { bind(element: HTMLElement): void };

const ISLANDS: Record<string, () => Promise<Island>> = {
  'phone-menu': () => Promise.resolve(phoneMenu),
  'category-choice': () => import('./category-choice'),
  'video-facade': () => import('./video-facade'),
  'hadith-browser': () => import('./hadith-browser'),
  'quran-reader': () => import('./quran-reader'),
  'quran-search': () => import('./quran-search'),
  'theme-choice': () => Promise.resolve(themeChoice),
};

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const name = element.dataset.island ?? '';
  const load = ISLANDS[name];
  if (!load) throw new Error(`no island is named ${name}`);
  void load().then((island) => island.bind(element));
}

if (hasStoredSession()) void import('./signed-in-bar').then((bar) => bar.mount());

// A notification the app carried here as it left for this page.
const notice = takeCarriedNotice();
if (notice) void import('./notice-display').then((display) => display.show(notice));

// The site keeps itself for reading offline (decision 23); the development server has no service worker.
if (import.meta.env.PROD) void import('../lib/offline-site').then((site) => site.startOfflineSite());
