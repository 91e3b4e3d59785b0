import { useEffect, useState } from 'react';
import { Center, Loader } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { resumeSession } from '../../../lib/http/session-calls';
import { notify } from '../../../lib/notify';
import type { LoginRedirectState } from '../account-paths';
import { useSessionStatus } from '../use-session';
import { PATHS } from '../../../lib/paths';

/**
 * The guard of SPEC §6: the signed-in screens show only to an authenticated user; anyone else goes to
 * /login, which brings them back here afterwards. A user whose access token expired while the refresh
 * token is still valid is not sent away: one refresh resumes the session first (if the server refuses
 * it, its reason is shown, as for any failed refresh).
 */
export function RequireSignIn() {
  const location = useLocation();
  const status = useSessionStatus();
  const [resumeFailed, setResumeFailed] = useState(false);

  useEffect(() => {
    if (status !== 'refreshable') return;
    let current = true;
    void resumeSession().then((result) => {
      // Resumed: the new tokens are stored and the status becomes 'active' by itself.
      if (result.resumed) return;
      // Shown even if this guard is already gone: the refused session has just cleared the tokens.
      notify('error', result.reason);
      if (current) setResumeFailed(true);
    });
    return () => {
      current = false;
    };
  }, [status]);

  if (status === 'active') return <Outlet />;
  if (status === 'refreshable' && !resumeFailed) {
    return (
      <Center py="xl" role="status">
        <Loader aria-label="Checking your session" />
      </Center>
    );
  }
  const state: LoginRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
  return <Navigate to={PATHS.login} replace state={state} />;
}
