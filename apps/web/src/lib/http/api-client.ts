/**
 * The one way the web app calls the application API (/api): headers by SPEC §7's call rules, the
 * envelope read, errors by SPEC §8, the single-flight token refresh of SPEC §4 and the cache rules.
 * The learning pages do not use it: their calls carry no token and need none of this.
 */
import type { SuccessEnvelope, TokenData } from '@app/contracts';
import { currentPath, navigateApp } from '../app-navigation';
import { notify } from '../notify';
import { queryClient } from '../query-client';
import { tokenStore } from '../session/token-store';
import {
  ApiError,
  endsSession,
  httpErrorMessage,
  isExpiredAccess,
  networkErrorMessage,
  reasonOf,
} from './api-error';
import { clearApiCache, clearsCache, forgetApiAnswers } from './cache-policy';
import { antiForgeryHeaders, authorizationHeader, credentialFor, REFRESH_TOKEN_URL } from './call-rules';
import { createRefreshQueue } from './refresh-queue';
import { PATHS } from '../paths';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiRequest = {
  method?: HttpMethod;
  /** An address of our API, e.g. '/api/user/profile'. */
  url: string;
  /** Sent as JSON, or as is for FormData (a picture upload). */
  body?: unknown;
  /** A bearer token given by the caller instead of the stored one (logout sends one no longer stored). */
  bearer?: string | null;
  /**
   * When the session turns out to be over (the refresh is refused): 'redirect' (default) shows the
   * error and opens /login, to come back afterwards; 'quiet' only forgets the tokens — for the top bar's
   * profile on the learning pages, where a reader must not be pulled away from the text.
   */
  onSessionLost?: 'redirect' | 'quiet';
  /** Lets the call finish when the page is left (logout). */
  keepalive?: boolean;
};

export type ApiAnswer<T> = SuccessEnvelope<T>;

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** One HTTP exchange, with the given bearer; errors already in SPEC §8's words. */
async function send<T>(request: ApiRequest, bearer: string | null | undefined): Promise<ApiAnswer<T>> {
  const method = request.method ?? 'GET';
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...authorizationHeader(bearer),
    ...antiForgeryHeaders(method, request.url, typeof document === 'undefined' ? '' : document.cookie),
  };
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) body = request.body;
  else if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body);
  }

  let response: Response;
  try {
    response = await fetch(request.url, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      keepalive: request.keepalive,
    });
  } catch (error) {
    throw new ApiError(networkErrorMessage(error), 0);
  }
  const envelope = await readBody(response);
  if (!response.ok || typeof envelope !== 'object' || envelope === null) {
    throw new ApiError(httpErrorMessage(response.status, envelope), response.status, reasonOf(envelope));
  }
  return envelope as ApiAnswer<T>;
}

/** GET /user/refresh/token with the refresh token; the answer replaces both stored tokens (SPEC §7). */
async function refreshTokens(): Promise<string> {
  const refreshToken = tokenStore.refreshToken();
  if (!refreshToken) throw new ApiError('You need to log in to access this resource', 401);
  const answer = await send<TokenData>({ url: REFRESH_TOKEN_URL }, refreshToken);
  const tokens = answer.data;
  if (!tokens?.access_token || !tokens.refresh_token) {
    throw new ApiError(httpErrorMessage(200, undefined), 200);
  }
  tokenStore.save(tokens);
  return tokens.access_token;
}

/** Tabs share the stored tokens, so they take turns to refresh them (Web Locks, where the browser has it). */
function acrossTabs<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // The lock's callback result is awaited by request(); its typing wraps it in a second Promise.
  return locks ? (locks.request('coran-hadith:token-refresh', task) as unknown as Promise<T>) : task();
}

const refreshQueue = createRefreshQueue({
  readAccessToken: () => tokenStore.accessToken(),
  refresh: refreshTokens,
  exclusive: acrossTabs,
});

/**
 * The server refused the session: the refresh was refused, or a stored access token was refused for a
 * reason other than expiry (the session was revoked by a logout elsewhere or a password reset, or the
 * account disabled). The tokens and the previous session's answers go, once, however many calls share the
 * error. Then, unless the caller asked for quiet, the error is shown once and the login screen opens,
 * remembering where the user was.
 */
function endSession(error: unknown, mode: 'redirect' | 'quiet'): unknown {
  if (!(error instanceof ApiError) || !endsSession(error)) return error;
  if (!error.sessionEnded) {
    error.sessionEnded = true;
    tokenStore.clear();
    forgetApiAnswers(queryClient);
  }
  if (mode === 'redirect' && !error.reported) {
    error.reported = true;
    notify('error', error.message);
    navigateApp(PATHS.login, { from: currentPath() });
  }
  return error;
}

async function sendWithRefresh<T>(request: ApiRequest): Promise<ApiAnswer<T>> {
  const credential = credentialFor(request.url);
  const mode = request.onSessionLost ?? 'redirect';
  if (credential !== 'access' || request.bearer !== undefined) {
    const bearer =
      request.bearer !== undefined
        ? request.bearer
        : credential === 'refresh'
          ? tokenStore.refreshToken()
          : null;
    return send<T>(request, bearer);
  }

  const bearer = tokenStore.accessToken();
  try {
    return await send<T>(request, bearer);
  } catch (error) {
    if (!(error instanceof ApiError) || bearer === null || error.status !== 401) throw error;
    if (!isExpiredAccess(error)) throw endSession(error, mode);
  }
  // Expired: one refresh shared with every other call in the same case, then one retry.
  let fresh: string;
  try {
    fresh = await refreshQueue.freshToken(bearer);
  } catch (refreshError) {
    throw endSession(refreshError, mode);
  }
  try {
    return await send<T>(request, fresh);
  } catch (error) {
    throw error instanceof ApiError && error.status === 401 ? endSession(error, mode) : error;
  }
}

/** A call of the application API: resolves with its envelope, rejects with an ApiError. */
export async function apiRequest<T>(request: ApiRequest): Promise<ApiAnswer<T>> {
  try {
    return await sendWithRefresh<T>(request);
  } finally {
    // After the write, so the answers fetched again on screen show its effect.
    if (clearsCache(request.method ?? 'GET')) clearApiCache(queryClient);
  }
}

type Options = Omit<ApiRequest, 'method' | 'url' | 'body'>;

export const apiGet = <T>(url: string, options: Options = {}) => apiRequest<T>({ ...options, url });
export const apiPost = <T>(url: string, body?: unknown, options: Options = {}) =>
  apiRequest<T>({ ...options, method: 'POST', url, body });
export const apiPut = <T>(url: string, body?: unknown, options: Options = {}) =>
  apiRequest<T>({ ...options, method: 'PUT', url, body });
export const apiPatch = <T>(url: string, body?: unknown, options: Options = {}) =>
  apiRequest<T>({ ...options, method: 'PATCH', url, body });

/**
 * Resumes a session whose access token expired while the refresh token may still be valid (the guard,
 * before sending a returning user to /login). Resolves with the failure's text if it cannot; the caller
 * decides what to show.
 */
export async function resumeSession(): Promise<{ resumed: true } | { resumed: false; reason: string }> {
  try {
    await refreshQueue.freshToken(tokenStore.accessToken());
    return { resumed: true };
  } catch (error) {
    endSession(error, 'quiet');
    return { resumed: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
