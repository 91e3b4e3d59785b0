/** TanStack Query options for a GET of the application API: keyed and kept by SPEC §7's cache rules. */
import { queryOptions } from '@tanstack/react-query';
import { apiGet, type ApiAnswer, type ApiRequest } from './api-client';
import { apiQueryKey, cacheTiming } from './cache-policy';

export function apiQuery<T>(url: string, options: Pick<ApiRequest, 'onSessionLost'> = {}) {
  return queryOptions<ApiAnswer<T>>({
    queryKey: apiQueryKey(url),
    queryFn: () => apiGet<T>(url, options),
    ...cacheTiming(url),
    // A refused call is answered the same the second time; the refresh already retries what can be.
    retry: false,
  });
}
