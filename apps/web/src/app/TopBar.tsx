import { lazy, Suspense } from 'react';
import { PlainNavBar } from '../components/PlainNavBar';
import { useHasStoredSession } from '../lib/session/use-stored-session';

// Everything account-related (token decoding, the API client, menus) loads only for a browser that holds
// a token: a visitor's pages carry none of it. Not a route, so React.lazy (routes are lazy through the route
// table: docs/architecture.md).
const SignedInBar = lazy(() => import('../features/accounts/components/SignedInBar'));

/**
 * SPEC §2.1: the plain bar, replaced by the signed-in bar once the user's profile is loaded. Until then
 * (and if it cannot be loaded) the plain bar stays: both are the same height, so nothing moves.
 */
export function TopBar() {
  if (!useHasStoredSession()) return <PlainNavBar />;
  return (
    <Suspense fallback={<PlainNavBar />}>
      <SignedInBar />
    </Suspense>
  );
}
