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
    // The home page is the Quran reader, which the server sends (decision 22): the notification goes with it.
    carryNotice({ kind: 'success', message: "You've been successfully logged out" });
    // Leave first, drawn at once (not in a transition): a guarded page still on screen would see the
    // tokens go and open /login instead of '/'.
    await navigate(PATHS.home, { flushSync: true });
    tokenStore.clear();
    forgetApiAnswers(queryClient);
    // Its failure changes nothing for the user: this browser has forgotten the session either way. A
    // keepalive call: it ends the session on the server even as the page is left.
    await logOutOnServer(refreshToken);
  }, [navigate]);
}
