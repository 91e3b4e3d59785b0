import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { forgetApiAnswers } from '../../lib/http/cache-policy';
import { carryNotice } from '../../lib/carried-notice';
import { queryClient } from '../../lib/query-client';
import { tokenStore } from '../../lib/session/token-store';
import { logOutOnServer } from './accounts-api';
import { PATHS } from '../../lib/paths';

/**
 * SPEC §4 logout: the session ends on the server, both tokens and the user's cached answers are removed,
 * the home page opens with 'You've been successfully logged out'.
 */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(async () => {
    const refreshToken = tokenStore.refreshToken();
    // The server is told first, while the page stays: home is a page the server sends (decision 22), and a
    // call begun as the page leaves may never go out. Its failure changes nothing for the user: this browser
    // forgets the session either way.
    await logOutOnServer(refreshToken);
    // The notification goes with the page.
    carryNotice({ kind: 'success', message: "You've been successfully logged out" });
    // Then leave, drawn at once (not in a transition), before the tokens go: a guarded page still on screen
    // would see them go and open /login instead of '/'.
    await navigate(PATHS.home, { flushSync: true });
    tokenStore.clear();
    forgetApiAnswers(queryClient);
  }, [navigate]);
}
