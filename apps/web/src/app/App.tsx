import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { queryClient } from '../lib/query-client';
import { theme } from './theme';

// What draws the notifications is not needed to show a page: it loads just after.
const NotificationsDisplay = lazy(() => import('../components/NotificationsDisplay'));

/**
 * Mounted once the page is on screen: neither a prerendered page's HTML nor its hydration waits for it
 * (a lazy component inside the server's HTML would make React redo the page in the browser).
 */
function LateNotificationsDisplay() {
  // false on the server and while hydrating, true in the browser afterwards.
  const inBrowser = useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  );
  return inBrowser ? (
    <Suspense fallback={null}>
      <NotificationsDisplay />
    </Suspense>
  ) : null;
}

/** What every page sits in, in the browser and when prerendered at build time. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme}>
      <LateNotificationsDisplay />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
