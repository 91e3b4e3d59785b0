/**
 * SPEC §4's session rules for every call of the application API, whatever carries it (exchange.ts's fetch,
 * upload-exchange.ts's XMLHttpRequest): which token a call carries, the single-flight refresh of an expired
 * one and the one retry, and the end of a session the server refuses.
 */
import type { TokenAnswer } from '@app/contracts';
import { queryClient } from '../query-client';
import { isAuthenticated } from '../session/token-claims';
import { tokenStore } from '../session/token-store';
import { ApiError, endsSession, httpErrorMessage, isExpiredAccess } from './api-error';
import { forgetApiAnswers } from './cache-policy';
import { credentialFor, REFRESH_TOKEN_URL } from './call-rules';
import { fetchEnvelope } from './exchange';
import { createRefreshQueue } from './refresh-queue';
import { announceSessionEnded, type SessionEnded } from './session-events';

/** GET /user/refresh/token with the refresh token; the answer replaces both stored tokens (SPEC §7). */
async function refreshTokens(): Promise<string> {
  const refreshToken = tokenStore.refreshToken();
  if (!refreshToken) throw new ApiError('You need to log in to access this resource', 401);
  const answer = await fetchEnvelope<TokenAnswer>({ method: 'GET', url: REFRESH_TOKEN_URL }, refreshToken);
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

type SessionMode = SessionEnded['mode'];

/**
 * The server refused the session: the refresh was refused, or a stored access token was refused for a
 * reason other than expiry (the session was revoked by a logout elsewhere or a password reset, or the
 * account disabled). The tokens and the previous session's answers go, once, however many calls share the
 * error; then the screens are told (session-events.ts), which show it and open the login screen.
 */
function endSession(error: unknown, mode: SessionMode): unknown {
  if (!(error instanceof ApiError) || !endsSession(error)) return error;
  if (!error.sessionEnded) {
    error.sessionEnded = true;
    tokenStore.clear();
    forgetApiAnswers(queryClient);
  }
  announceSessionEnded({ error, mode });
  return error;
}

async function freshTokenOrEnd(usedToken: string, mode: SessionMode): Promise<string> {
  try {
    return await refreshQueue.freshToken(usedToken);
  } catch (refreshError) {
    throw endSession(refreshError, mode);
  }
}

export type SessionCall = {
  url: string;
  /** A bearer token given by the caller instead of the stored one (logout sends one no longer stored). */
  bearer?: string | null;
  /**
   * When the session turns out to be over (the refresh is refused): 'redirect' (default) has the error
   * shown and /login opened, to come back afterwards; 'quiet' only forgets the tokens — for the top bar's
   * profile on the learning pages, where a reader must not be pulled away from the text.
   */
  onSessionLost?: SessionMode;
  /**
   * Refresh a stored token that has already expired before sending, rather than after the server refuses
   * it: for an upload, so a large file is not sent only to be refused.
   */
  refreshFirst?: boolean;
};

/**
 * Makes one call by `send` with the bearer SPEC §7 gives it. An access token refused as expired is
 * refreshed (one refresh shared with every other call in the same case) and the call sent once more.
 */
export async function withSession<R>(
  call: SessionCall,
  send: (bearer: string | null) => Promise<R>,
): Promise<R> {
  const credential = credentialFor(call.url);
  const mode = call.onSessionLost ?? 'redirect';
  if (call.bearer !== undefined) return send(call.bearer);
  if (credential === 'refresh') return send(tokenStore.refreshToken());
  if (credential === 'none') return send(null);

  const stored = tokenStore.accessToken();
  const bearer =
    call.refreshFirst && stored !== null && !isAuthenticated(stored)
      ? await freshTokenOrEnd(stored, mode)
      : stored;
  try {
    return await send(bearer);
  } catch (error) {
    if (!(error instanceof ApiError) || bearer === null || error.status !== 401) throw error;
    if (!isExpiredAccess(error)) throw endSession(error, mode);
  }
  const fresh = await freshTokenOrEnd(bearer, mode);
  try {
    return await send(fresh);
  } catch (error) {
    throw error instanceof ApiError && error.status === 401 ? endSession(error, mode) : error;
  }
}

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
