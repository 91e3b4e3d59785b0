import { describe, expect, it, vi } from 'vitest';
import { createRefreshQueue } from './refresh-queue';

/** A refresh whose answer the test releases when it wants, to hold the other calls waiting. */
function controlledRefresh() {
  let release!: (token: string) => void;
  let fail!: (error: Error) => void;
  const refresh = vi.fn(
    () =>
      new Promise<string>((resolve, reject) => {
        release = resolve;
        fail = reject;
      }),
  );
  return { refresh, release: (t: string) => release(t), fail: (e: Error) => fail(e) };
}

describe('the refresh queue', () => {
  it('runs one refresh for five parallel calls and gives them all the new token', async () => {
    let stored = 'old';
    const { refresh, release } = controlledRefresh();
    const queue = createRefreshQueue({ readAccessToken: () => stored, refresh });

    const waiting = [1, 2, 3, 4, 5].map(() => queue.freshToken('old'));
    expect(refresh).toHaveBeenCalledTimes(1);
    stored = 'new';
    release('new');

    expect(await Promise.all(waiting)).toEqual(['new', 'new', 'new', 'new', 'new']);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('rejects every waiter with the error of a failed refresh', async () => {
    const { refresh, fail } = controlledRefresh();
    const queue = createRefreshQueue({ readAccessToken: () => 'old', refresh });
    const waiting = [1, 2, 3, 4, 5].map((n) =>
      queue.freshToken('old').catch((e: Error) => `${n}: ${e.message}`),
    );
    fail(new Error('Your session has expired. Please log in again.'));
    expect(await Promise.all(waiting)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `${n}: Your session has expired. Please log in again.`),
    );
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('does not refresh again for a call that failed with a token already replaced', async () => {
    let stored = 'old';
    const refresh = vi.fn(async () => {
      stored = 'new';
      return 'new';
    });
    const queue = createRefreshQueue({ readAccessToken: () => stored, refresh });
    expect(await queue.freshToken('old')).toBe('new');
    // A slower call sent with the old token is answered after the refresh finished.
    expect(await queue.freshToken('old')).toBe('new');
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('refreshes again later, once the new token expires in its turn', async () => {
    let stored = 'first';
    let n = 0;
    const refresh = vi.fn(async () => {
      stored = `token-${++n}`;
      return stored;
    });
    const queue = createRefreshQueue({ readAccessToken: () => stored, refresh });
    expect(await queue.freshToken('first')).toBe('token-1');
    expect(await queue.freshToken('token-1')).toBe('token-2');
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('after a failure, a later expiry may try again', async () => {
    const refresh = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('new');
    const queue = createRefreshQueue({ readAccessToken: () => 'old', refresh });
    await expect(queue.freshToken('old')).rejects.toThrow('offline');
    expect(await queue.freshToken('old')).toBe('new');
  });

  it('uses the token another tab stored while this one waited for the lock', async () => {
    let stored = 'old';
    const refresh = vi.fn(async () => 'mine');
    // The other tab holds the lock and refreshes meanwhile.
    const exclusive = async <T>(task: () => Promise<T>) => {
      stored = 'from-other-tab';
      return task();
    };
    const queue = createRefreshQueue({ readAccessToken: () => stored, refresh, exclusive });
    expect(await queue.freshToken('old')).toBe('from-other-tab');
    expect(refresh).not.toHaveBeenCalled();
  });
});
