/**
 * The search without a connection: the same search as the server's (packages/contracts/src/quran-search.ts) over
 * the verses the service worker kept (GET /api/quran/verses), loaded the first time it is needed.
 */
import {
  createQuranSearch,
  QURAN_SEARCH_LIMIT,
  searchableVersesOf,
  type QuranSearch,
  type QuranSearchResult,
  type SearchableQuran,
} from '@app/contracts';

let search: Promise<QuranSearch> | undefined;

async function loadSearch(): Promise<QuranSearch> {
  const response = await fetch('/api/quran/verses');
  if (!response.ok) throw new Error(`/api/quran/verses answered HTTP ${response.status}`);
  const { data } = (await response.json()) as { data: SearchableQuran };
  return createQuranSearch(searchableVersesOf(data), data.chapters);
}

/** The first QURAN_SEARCH_LIMIT.max verses found: without a connection, the results are one page. */
export async function searchOffline(query: string): Promise<QuranSearchResult> {
  search ??= loadSearch().catch((error: unknown) => {
    search = undefined;
    throw error;
  });
  return (await search).search(query, { limit: QURAN_SEARCH_LIMIT.max });
}
