/** TanStack Query options for a GET of the application API: keyed and kept by SPEC §7's cache rules. */
import { queryOptions } from '@tanstack/react-query';
import type { MessageAnswer } from '@app/contracts';
import { apiGet, type ApiRequest } from './api-client';
import { apiQueryKey, cacheTiming } from './cache-policy';

/** `A`: the call's answer as the contracts describe it (their `*Answer` types). */
export function apiQuery<A extends MessageAnswer>(
  url: string,
  options: Pick<ApiRequest, 'onSessionLost'> = {},
) {
  return queryOptions<A>({
    queryKey: apiQueryKey(url),
    queryFn: () => apiGet<A>(url, options),
    ...cacheTiming(url),
    // A refused call is answered the same the second time; the refresh already retries what can be.
    retry: false,
  });
}
