import { useSyncExternalStore } from 'react';
import { hasStoredSession, tokenStore } from './token-store';

/**
 * True when a token is stored. False on the server and while a prerendered page hydrates (its HTML was
 * drawn for a visitor), then the stored value: a signed-in reader gets the signed-in bar just after.
 */
export function useHasStoredSession(): boolean {
  return useSyncExternalStore(tokenStore.subscribe, hasStoredSession, () => false);
}
