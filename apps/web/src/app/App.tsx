import { lazy, Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
// The DOM build of the provider: it honours `flushSync` navigations (logout leaves a guarded page at once).
import { RouterProvider } from 'react-router/dom';
import { queryClient } from '../lib/query-client';
import { useHydrated } from '../lib/use-hydrated';
import { theme } from './theme';

// What draws the notifications is not needed to show a page: it loads just after. Not a route, so React.lazy
// (routes are lazy through the route table: docs/architecture.md).
const NotificationsDisplay = lazy(() => import('../components/NotificationsDisplay'));

/**
 * Mounted once the page is on screen: neither a prerendered page's HTML nor its hydration waits for it
 * (a lazy component inside the server's HTML would make React redo the page in the browser).
 */
function LateNotificationsDisplay() {
  return useHydrated() ? (
    <Suspense fallback={null}>
      <NotificationsDisplay />
    </Suspense>
  ) : null;
}

/**
 * What every page sits in, in the browser and when drawn outside it (which gives each page a cache of its
 * own: entry-server.tsx).
 */
export function AppProviders({
  children,
  client = queryClient,
  colorScheme,
}: {
  children: ReactNode;
  client?: QueryClient;
  /** On a learning page, the theme it shows (lib/reading-preferences.ts); the app's screens are light. */
  colorScheme?: 'light' | 'dark';
}) {
  return (
    <MantineProvider theme={theme} forceColorScheme={colorScheme}>
      <LateNotificationsDisplay />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
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
