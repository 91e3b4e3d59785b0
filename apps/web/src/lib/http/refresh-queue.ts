/**
 * SPEC §4's token refresh as a single flight: however many calls fail with an expired access token at
 * once, one refresh call runs, the others wait for it, and each is then retried with the new token. The
 * template's client lost requests here; and since a refresh token is used once (decision 0003), a second
 * refresh with the same token would be taken for a replay and end the session.
 *
 * Pure: the token reading, the refresh call and the cross-tab lock are handed in.
 */

export type RefreshQueueDeps = {
  /** The access token stored now (another tab may have replaced it). */
  readAccessToken(): string | null;
  /** Calls the server, stores the new pair and resolves with the new access token. */
  refresh(): Promise<string>;
  /**
   * Runs the refresh so that no other tab refreshes at the same time (they share the stored tokens).
   * Defaults to running it directly.
   */
  exclusive?<T>(task: () => Promise<T>): Promise<T>;
};

export type RefreshQueue = {
  /**
   * A call sent with `usedToken` was refused as expired: resolves with the token to retry it with, or
   * rejects with the refresh's error (every waiter gets the same error).
   */
  freshToken(usedToken: string | null): Promise<string>;
};

export function createRefreshQueue(deps: RefreshQueueDeps): RefreshQueue {
  const exclusive = deps.exclusive ?? (<T>(task: () => Promise<T>) => task());
  let inFlight: Promise<string> | null = null;

  /** The stored token, if it is newer than the one the call was sent with: already refreshed. */
  const newerThan = (usedToken: string | null) => {
    const stored = deps.readAccessToken();
    return stored !== null && stored !== usedToken ? stored : undefined;
  };

  return {
    freshToken(usedToken) {
      if (inFlight) return inFlight;
      // This call's answer arrived after a refresh had finished: retry with the new token, no new refresh.
      const newer = newerThan(usedToken);
      if (newer !== undefined) return Promise.resolve(newer);
      inFlight = exclusive(async () => newerThan(usedToken) ?? deps.refresh()).finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}
