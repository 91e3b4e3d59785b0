import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY, hasStoredSession, REFRESH_TOKEN_KEY, tokenStore } from './token-store';

beforeEach(() => localStorage.clear());

describe('tokenStore', () => {
  it("keeps the tokens under the template's keys", () => {
    tokenStore.save({ access_token: 'a', refresh_token: 'r' });
    expect(localStorage.getItem('[KEY] TOKEN')).toBe('a');
    expect(localStorage.getItem('[REFRESH] REFRESH_TOKEN')).toBe('r');
    expect(tokenStore.accessToken()).toBe('a');
    expect(tokenStore.refreshToken()).toBe('r');
    expect(hasStoredSession()).toBe(true);
  });

  it('removes both tokens', () => {
    tokenStore.save({ access_token: 'a', refresh_token: 'r' });
    tokenStore.clear();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(hasStoredSession()).toBe(false);
  });

  it('reads an empty value as no token', () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, '');
    expect(tokenStore.accessToken()).toBeNull();
    expect(hasStoredSession()).toBe(false);
  });

  it('tells its subscribers of changes made here and in another tab', () => {
    const listener = vi.fn();
    const stop = tokenStore.subscribe(listener);
    tokenStore.save({ access_token: 'a', refresh_token: 'r' });
    tokenStore.clear();
    expect(listener).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new StorageEvent('storage', { key: ACCESS_TOKEN_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }));
    expect(listener).toHaveBeenCalledTimes(3);
    stop();
    tokenStore.clear();
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
