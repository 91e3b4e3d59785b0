/**
 * The hadith service (/api/hadith, HadeethEnc's shapes). Learning-site calls carry no token; they are
 * cached by address like every GET, and the texts do not change while a page is open.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { HADITH_MAX_PER_PAGE, type HadithCategory, type HadithDetail, type HadithList } from '@app/contracts';
import { getJson } from '../../lib/public-json';

const forever = { staleTime: Infinity } as const;

/** The category shown when the address names none (SPEC §2.1: category 1). */
export const DEFAULT_HADITH_CATEGORY = '1';

export function hadithCategoriesQuery() {
  return queryOptions({
    queryKey: ['hadith', 'categories'],
    queryFn: () => getJson<HadithCategory[]>('/api/hadith/categories'),
    // SPEC §8: a failed category load is silently ignored (the default category still shows).
    retry: false,
    ...forever,
  });
}

/** All the hadith of a category at once (HadeethEnc's largest page): the page lists them together. */
export function hadithListQuery(categoryId: string) {
  return queryOptions({
    queryKey: ['hadith', 'list', categoryId],
    queryFn: () =>
      getJson<HadithList>(
        `/api/hadith/list?category_id=${encodeURIComponent(categoryId)}&per_page=${HADITH_MAX_PER_PAGE}`,
      ),
    ...forever,
  });
}

export function useHadithCategories() {
  return useQuery(hadithCategoriesQuery());
}

export function useHadithList(categoryId: string) {
  return useQuery(hadithListQuery(categoryId));
}

export function hadithDetailQuery(id: string) {
  return queryOptions({
    queryKey: ['hadith', 'detail', id],
    queryFn: () => getJson<HadithDetail>(`/api/hadith/detail?id=${encodeURIComponent(id)}`),
    ...forever,
  });
}

export function useHadithDetail(id: string | undefined) {
  return useQuery({ ...hadithDetailQuery(id ?? ''), enabled: id !== undefined });
}
