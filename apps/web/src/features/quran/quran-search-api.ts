/** The Quran search (GET /api/quran/search, packages/contracts/src/quran-search.ts), a page of results at a time. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { QURAN_SEARCH_LIMIT, type QuranSearchResult } from '@app/contracts';
import { getJson } from '../../lib/public-json';

/** Results per page of the search page. */
export const RESULTS_PER_PAGE = QURAN_SEARCH_LIMIT.default;

export function quranSearchQuery(query: string, page: number) {
  const offset = (page - 1) * RESULTS_PER_PAGE;
  return queryOptions({
    queryKey: ['quran', 'search', query, page],
    queryFn: async () =>
      (
        await getJson<{ data: QuranSearchResult }>(
          `/api/quran/search?q=${encodeURIComponent(query)}&limit=${RESULTS_PER_PAGE}&offset=${offset}`,
        )
      ).data,
    staleTime: Infinity,
  });
}

export function useQuranSearch(query: string, page: number) {
  return useQuery({ ...quranSearchQuery(query, page), enabled: query !== '' });
}

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
