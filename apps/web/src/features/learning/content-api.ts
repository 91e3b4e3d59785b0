/**
 * Reads the learning site's static content files (/assets/*.json). They are checked against their
 * schemas by the data tests at build time, so the browser only fetches and types them: no validator
 * ships in the learning pages' JavaScript.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../lib/query-client';

function contentQuery<T>(file: string) {
  return queryOptions({
    queryKey: ['content', file],
    queryFn: async (): Promise<T> => {
      const res = await fetch(`/assets/${file}`);
      if (!res.ok)
        throw new Error(`Le contenu n'a pas pu être chargé (erreur ${res.status}). Réessayez plus tard.`);
      return (await res.json()) as T;
    },
    // The files change only with a new release of the site.
    staleTime: Infinity,
  });
}

export function useContentFile<T>(file: string) {
  return useQuery(contentQuery<T>(file));
}

/**
 * A route loader that starts fetching the page's file at once, while the page's code is still loading,
 * instead of after it: the two downloads run side by side. It does not wait, so the page shows its loader.
 */
export function prefetchContent(file: string) {
  return () => {
    void queryClient.prefetchQuery(contentQuery(file));
    return null;
  };
}
