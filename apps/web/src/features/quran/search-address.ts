/**
 * The search page's addresses and its sentence on what was found: shared by the page as the server draws it
 * (pages/QuranSearchPage.tsx) and by its island searching without a connection (islands/quran-search.ts).
 */
import type { QuranSearchResult } from '@app/contracts';

/** The search page's address for a query and a page of its results. */
export function searchAddress(query: string, page = 1): string {
  const params = new URLSearchParams({ q: query });
  if (page > 1) params.set('page', String(page));
  return `/recherche?${params.toString()}`;
}

/** The query and page an address of the search page asks for. */
export function searchParamsOf(search: string): { query: string; page: number } {
  const params = new URLSearchParams(search);
  const page = Number(params.get('page'));
  return {
    query: (params.get('q') ?? '').trim(),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

function plural(count: number, one: string, many: string) {
  return `${count.toLocaleString('fr-FR')} ${count === 1 ? one : many}`;
}

/** What the page says of the verses found; `first`: the number of the first one shown. */
export function resultsSummary(result: QuranSearchResult, first: number): string {
  if (result.count === 0) {
    return result.chapters.length > 0
      ? 'Aucun verset ne contient ces mots.'
      : `Aucun verset ne contient « ${result.query} ». Essayez sans un des mots, ou une référence comme 2:255.`;
  }
  const found = plural(result.count, 'verset trouvé', 'versets trouvés');
  return result.count > result.matches.length
    ? `${found} : ${first} à ${first + result.matches.length - 1}`
    : found;
}
