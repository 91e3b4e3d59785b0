/**
 * What a user sees when the server refuses their session (lib/http announces it, having already forgotten
 * the tokens and the cached answers): the error, shown once however many calls shared it, and the login
 * screen, which brings them back afterwards. Not for a caller that asked for quiet (the top bar's profile
 * on the learning pages).
 */
import type { createBrowserRouter } from 'react-router';
import type { LoginRedirectState } from '../features/accounts/account-paths';
import { onSessionEnded } from '../lib/http/session-events';
import { notify } from '../lib/notify';

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'navigate'>;

/** Starts listening; returns how to stop. */
export function showEndedSessions(router: AppRouter): () => void {
  return onSessionEnded(({ error, mode }) => {
    if (mode === 'quiet' || error.reported) return;
    error.reported = true;
    notify('error', error.message);
    const { pathname, search, hash } = router.state.location;
    const state: LoginRedirectState = { from: `${pathname}${search}${hash}` };
    // The table of addresses is no part of a visitor's first page; only signed-in code, which already
    // holds it, ever ends a session.
    void import('../lib/paths').then(({ PATHS }) => {
      // A guarded screen may already have sent the user there, with the same address to come back to.
      if (router.state.location.pathname !== PATHS.login) void router.navigate(PATHS.login, { state });
    });
  });
}
