import { useSyncExternalStore } from 'react';
import { sessionStatus, type SessionStatus } from '../../lib/session/token-claims';
import { tokenStore } from '../../lib/session/token-store';

/** The stored tokens, followed as they change (login, refresh, logout, another tab). */
export function useStoredTokens() {
  const accessToken = useSyncExternalStore(tokenStore.subscribe, tokenStore.accessToken, () => null);
  const refreshToken = useSyncExternalStore(tokenStore.subscribe, tokenStore.refreshToken, () => null);
  return { accessToken, refreshToken };
}

/** Whether the session is active, can be resumed by a refresh, or has ended (see token-claims.ts). */
export function useSessionStatus(): SessionStatus {
  return sessionStatus(useStoredTokens());
}
