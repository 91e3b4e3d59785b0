/**
 * The top bar of a browser that holds a session, on a page drawn with islands: the app's own bar
 * (app/TopBar.tsx, the signed-in bar once the profile is loaded), mounted in the page's header. A visitor
 * never loads this. The bar's links lead out of the page, so its router is kept in memory, off the
 * browser's history, and each of its navigations loads the address as a document: one history entry, as a
 * link gives.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '../app/App';
import { pageColorScheme } from '../lib/reading-preferences';
import { TopBar } from '../app/TopBar';

export function mount(): void {
  const header = document.querySelector('header');
  if (!header) return;
  const { pathname, search, hash } = window.location;
  const router = createMemoryRouter([{ path: '*', element: <TopBar /> }], {
    initialEntries: [pathname + search + hash],
  });
  const start = router.state.location;
  router.subscribe(({ location }) => {
    if (location !== start) window.location.assign(router.createHref(location));
  });
  createRoot(header).render(
    <StrictMode>
      <AppProviders colorScheme={pageColorScheme()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
