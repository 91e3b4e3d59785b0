/**
 * Reads the learning site's static content files (/assets/*.json). They are checked against their
 * schemas by the data tests at build time, so the browser only fetches and types them: no validator
 * ships in the learning pages' JavaScript.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from './public-json';

/** The learning pages speak French: their failure says so in French. */
const contentFailure = (status: number) =>
  `Le contenu n'a pas pu être chargé (erreur ${status}). Réessayez plus tard.`;

export function contentQuery<T>(file: string) {
  return queryOptions({
    queryKey: ['content', file],
    queryFn: () => getJson<T>(`/assets/${file}`, contentFailure),
    // The files change only with a new release of the site.
    staleTime: Infinity,
  });
}

export function useContentFile<T>(file: string) {
  return useQuery(contentQuery<T>(file));
}

/** The content file each learning page reads, by the page's address. */
export const CONTENT_FILES = {
  invocations: 'invocations.json',
  attributes: 'namesOfAllah.json',
  prophets: 'propheteHistory.json',
  histoire: 'histoire.json',
  coursarabe: 'coursArabe.json',
} as const;
