/**
 * The search page (features/quran/pages/QuranSearchPage.tsx). Online, the server drew the results: nothing to
 * do. Without a connection, the service worker gives the page as kept, drawn for no query: this searches the
 * verses kept on the device (features/quran/offline-search.ts) and fills the page's own markup (its templates)
 * with what it finds.
 */
import type { QuranSearchMatch, QuranSearchResult } from '@app/contracts';
import { resultsSummary, searchParamsOf } from '../features/quran/search-address';

export function bind(root: HTMLElement): void {
  const { query } = searchParamsOf(window.location.search);
  if (query === '' || root.dataset.query === query) return;
  const results = root.querySelector<HTMLElement>('[data-results]');
  const frame = templateOf(root, '[data-offline-results]');
  const match = templateOf(root, '[data-match]');
  if (!results || !frame || !match) return;
  const input = root.querySelector<HTMLInputElement>('input[name="q"]');
  if (input) input.value = query;
  results.replaceChildren(...frame.map((node) => node.cloneNode(true)));
  const status = results.querySelector('[role="status"]');
  const list = results.querySelector('ol');
  if (status) status.textContent = 'Recherche dans les versets enregistrés sur cet appareil…';
  import('../features/quran/offline-search')
    .then((offline) => offline.searchOffline(query))
    .then((found) => {
      if (status) status.textContent = resultsSummary(found, 1);
      list?.replaceChildren(...found.matches.map((verse) => filled(match, verse)));
      showChapters(results, found);
    })
    .catch(() => {
      if (status) {
        status.textContent =
          'Hors connexion : la recherche sera possible ici une fois le Coran enregistré sur cet appareil (une visite connectée suffit).';
      }
    });
}

/** A template's nodes, as the browser parsed them (its content) or as a script put them (its children). */
function templateOf(root: HTMLElement, selector: string): Node[] | undefined {
  const template = root.querySelector<HTMLTemplateElement>(`template${selector}`);
  if (!template) return undefined;
  const nodes = [...template.content.childNodes];
  return nodes.length > 0 ? nodes : [...template.childNodes];
}

/** One verse found, in the page's markup for it, its words marked. */
function filled(template: Node[], verse: QuranSearchMatch): Node {
  const item = (template.find((node) => node instanceof HTMLElement) as HTMLElement).cloneNode(
    true,
  ) as HTMLElement;
  const link = item.querySelector<HTMLAnchorElement>('[data-reference]');
  if (link) {
    link.href = `/coran/${verse.chapter}/${verse.verse}`;
    link.textContent = `${verse.chapterName} ${verse.chapter}:${verse.verse}`;
  }
  for (const field of ['arabic', 'french', 'transliteration'] as const) {
    const element = item.querySelector<HTMLElement>(`[data-field="${field}"]`);
    if (!element) continue;
    if (field === 'transliteration' && verse.highlights.transliteration.length === 0) element.remove();
    else mark(element, verse[field], verse.highlights[field]);
  }
  return item;
}

/** `text` in `element`, the ranges found in <mark> (as components/Highlighted.tsx draws them). */
function mark(element: HTMLElement, text: string, ranges: [number, number][]): void {
  const parts: Node[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(document.createTextNode(text.slice(at, start)));
    const found = document.createElement('mark');
    found.textContent = text.slice(start, end);
    parts.push(found);
    at = end;
  }
  if (at < text.length) parts.push(document.createTextNode(text.slice(at)));
  element.replaceChildren(...parts);
}

/** The chapters a query names, as links before the verses. */
function showChapters(results: HTMLElement, found: QuranSearchResult): void {
  if (found.chapters.length === 0) return;
  const list = document.createElement('ul');
  for (const chapter of found.chapters) {
    const link = document.createElement('a');
    link.href = `/coran/${chapter.number}`;
    link.textContent = `Sourate ${chapter.number} · ${chapter.englishName} · ${chapter.name}`;
    const item = document.createElement('li');
    item.append(link);
    list.append(item);
  }
  results.prepend(list);
}
