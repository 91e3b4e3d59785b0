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
