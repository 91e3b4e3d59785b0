/**
 * The Quran service (/api/quran, alquran.cloud's shapes). Only types come from the contracts package:
 * the reader trusts its own server and ships no validator.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SurahEditionsResponse, SurahListResponse, SurahSummary } from '@app/contracts';
import { getJson } from '../../lib/public-json';
import { toVerses } from './verses';

/** The chapter list, sorted by number in descending order (SPEC §7). */
export function surahListQuery() {
  return queryOptions({
    queryKey: ['quran', 'surahs'],
    queryFn: async (): Promise<SurahSummary[]> =>
      (await getJson<SurahListResponse>('/api/quran/surah')).data.toSorted((a, b) => b.number - a.number),
    staleTime: Infinity,
  });
}

export function surahQuery(number: number) {
  return queryOptions({
    queryKey: ['quran', 'surah', number],
    queryFn: async () => toVerses((await getJson<SurahEditionsResponse>(`/api/quran/surah/${number}`)).data),
    staleTime: Infinity,
  });
}

export function useSurahList() {
  return useQuery(surahListQuery());
}

export function useSurah(number: number, enabled = true) {
  return useQuery({ ...surahQuery(number), enabled });
}
