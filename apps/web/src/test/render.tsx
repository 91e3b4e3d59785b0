import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { theme } from '../app/theme';
import { queryClient } from '../lib/query-client';

/** Renders a component inside the providers the app gives it, at a given address. */
export function renderAt(path: string, element: ReactElement) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return render(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

/**
 * Renders a route table at an address (with the router state a redirect would leave), inside the app's
 * providers and its query cache; returns the router to read where it went.
 */
export function renderRoutes(routes: RouteObject[], path: string, state?: unknown) {
  const [pathname, search = ''] = path.split('?');
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname, search: search ? `?${search}` : '', state }],
  });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}
