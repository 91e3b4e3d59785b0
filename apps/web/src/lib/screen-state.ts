/**
 * Every screen load goes through LOADING, then LOADED or ERROR (SPEC §4).
 * One type for it, derived from a query, so no screen invents its own flags.
 */
export type ScreenState<T> =
  { state: 'LOADING' } | { state: 'LOADED'; data: T } | { state: 'ERROR'; error: string };

type QueryLike<T> = {
  status: 'pending' | 'error' | 'success';
  data: T | undefined;
  error: unknown;
};

export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'An error occurred.';
}

/**
 * A query that has data is LOADED, even when a later refresh of it failed: what the reader has on screen
 * (a prerendered page, refreshed in the background) stays there rather than give way to an error.
 */
export function screenStateOf<T>(query: QueryLike<T>): ScreenState<T> {
  if (query.status === 'success' || query.data !== undefined)
    return { state: 'LOADED', data: query.data as T };
  if (query.status === 'error') return { state: 'ERROR', error: errorText(query.error) };
  return { state: 'LOADING' };
}
