import { QueryClient } from '@tanstack/react-query';

/** The one cache of server answers for the whole app. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The learning texts do not change while a page is open; business screens refetch on demand.
      staleTime: 5 * 60 * 1000,
      retry: 1,
      refetchOnWindowFocus: false,
    },
  },
});
