/**
 * The script of a page drawn with islands (decision 22): its text is HTML and stays HTML; each element
 * marked data-island="<name>" gets the behaviour of src/islands/<name>.ts, loaded only by the pages that
 * have one. No framework: React draws these pages at build time and never runs here. A browser that holds a
 * session gets the signed-in bar, with the app's own code.
 */
import { hasStoredSession } from '../lib/session/token-store';

type Island = { bind(element: HTMLElement): void };

const ISLANDS: Record<string, () => Promise<Island>> = {
  'phone-menu': () => import('./phone-menu'),
  'category-choice': () => import('./category-choice'),
  'video-facade': () => import('./video-facade'),
  'hadith-browser': () => import('./hadith-browser'),
};

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const name = element.dataset.island ?? '';
  const load = ISLANDS[name];
  if (!load) throw new Error(`no island is named ${name}`);
  void load().then((island) => island.bind(element));
}

if (hasStoredSession()) void import('./signed-in-bar').then((bar) => bar.mount());
