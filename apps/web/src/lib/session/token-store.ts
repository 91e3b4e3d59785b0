/**
 * The two tokens of SPEC §4 in the browser's local storage, under the keys of the template's client (so a
 * session opened by a client written for the template is recognised). This module is in every page's
 * JavaScript: it only reads and writes the strings; decoding them (jwt-decode) loads with the account code.
 */
export const ACCESS_TOKEN_KEY = '[KEY] TOKEN';
export const REFRESH_TOKEN_KEY = '[REFRESH] REFRESH_TOKEN';

export type StoredTokens = { access_token: string; refresh_token: string };

const listeners = new Set<() => void>();

/** Storage can be missing (prerendering in Node) or refused (some private modes throw on access). */
function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) || null;
  } catch {
    return null;
  }
}

function notifyListeners() {
  for (const listener of listeners) listener();
}

/** Another tab logged in, refreshed or logged out: this tab follows. */
function onOtherTabChange(event: StorageEvent) {
  if (event.key === null || event.key === ACCESS_TOKEN_KEY || event.key === REFRESH_TOKEN_KEY) {
    notifyListeners();
  }
}

export const tokenStore = {
  accessToken: () => read(ACCESS_TOKEN_KEY),
  refreshToken: () => read(REFRESH_TOKEN_KEY),

  save(tokens: StoredTokens): void {
    const store = storage();
    try {
      store?.setItem(ACCESS_TOKEN_KEY, tokens.access_token);
      store?.setItem(REFRESH_TOKEN_KEY, tokens.refresh_token);
    } finally {
      notifyListeners();
    }
  },

  clear(): void {
    const store = storage();
    try {
      store?.removeItem(ACCESS_TOKEN_KEY);
      store?.removeItem(REFRESH_TOKEN_KEY);
    } finally {
      notifyListeners();
    }
  },

  /** For useSyncExternalStore: called on every change, in this tab or another. */
  subscribe(listener: () => void): () => void {
    if (listeners.size === 0 && typeof window !== 'undefined') {
      window.addEventListener('storage', onOtherTabChange);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && typeof window !== 'undefined') {
        window.removeEventListener('storage', onOtherTabChange);
      }
    };
  },
};

/** Whether a session may exist: what decides if the account code is loaded at all. */
export function hasStoredSession(): boolean {
  return tokenStore.accessToken() !== null || tokenStore.refreshToken() !== null;
}
