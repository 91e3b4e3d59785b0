/**
 * Reads the learning site's static content files (/assets/*.json). They are checked against their
 * schemas by the data tests at build time, so the browser only fetches and types them: no validator
 * ships in the learning pages' JavaScript.
 */
import { useQuery } from '@tanstack/react-query';

export function useContentFile<T>(file: string) {
  return useQuery({
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
