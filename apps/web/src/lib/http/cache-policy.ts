/**
 * SPEC §7's cache rules, in one place: GET answers of application calls are kept in memory by address
 * (TanStack Query, keyed by the URL) and served from there; any non-GET call or download clears them; the
 * login, register, verify, refresh, password-reset and invitation-link answers are never kept.
 */
import type { Query, QueryClient } from '@tanstack/react-query';

/** The root of every application answer's key: ['api', url]. */
export const API_QUERY_ROOT = 'api';

export function apiQueryKey(url: string): readonly [typeof API_QUERY_ROOT, string] {
  return [API_QUERY_ROOT, url];
}

/**
 * One-off answers: a token, a used-up link (an account's or an invitation's), a code check. Keeping one
 * would replay it.
 */
const NEVER_CACHED =
  /^\/api\/(user\/(login|register|verify\/|refresh\/token|resetpassword\/|new\/password)|organisation\/invitation\/)/;

export function isCacheable(method: string, url: string): boolean {
  return method.toUpperCase() === 'GET' && !NEVER_CACHED.test(url);
}

/** A write may change any answer; a download is treated the same way, as in the template. */
export function clearsCache(method: string, kind: 'json' | 'download' = 'json'): boolean {
  return kind === 'download' || method.toUpperCase() !== 'GET';
}

/**
 * How long TanStack Query keeps an answer: a cacheable one until the cache is cleared (it never goes
 * stale on its own); a one-off one not at all once its screen is gone.
 */
export function cacheTiming(url: string): { staleTime: number; gcTime?: number } {
  return isCacheable('GET', url) ? { staleTime: Infinity } : { staleTime: 0, gcTime: 0 };
}

const urlOf = (query: Query) => String(query.queryKey[1] ?? '');

/**
 * Clears the application answers after a write. Answers no screen shows are dropped; those on screen are
 * fetched again in place (dropping them would leave their screen without data until it remounts). One-off
 * answers on screen are left alone: fetching a used-up verify link again would only fail. The learning
 * texts are not application answers and stay (they never change while the site is open).
 */
export function clearApiCache(client: QueryClient): void {
  client.removeQueries({ queryKey: [API_QUERY_ROOT], type: 'inactive' });
  void client.invalidateQueries({
    queryKey: [API_QUERY_ROOT],
    type: 'active',
    predicate: (query) => isCacheable('GET', urlOf(query)),
  });
}

/** Logout: nothing of the previous user may be shown to the next one. */
export function forgetApiAnswers(client: QueryClient): void {
  void client.cancelQueries({ queryKey: [API_QUERY_ROOT] });
  client.removeQueries({ queryKey: [API_QUERY_ROOT] });
}
