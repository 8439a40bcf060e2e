import { QueryClient, type QueryCache } from '@tanstack/react-query';
import { isPermissionError } from './errors';

/**
 * Builds the app's React Query client. Tests call this to get a fresh, isolated client.
 * Permission errors are not retried: they will not fix themselves and the page has a fallback.
 */
export function createQueryClient({ queryCache }: { queryCache?: QueryCache } = {}): QueryClient {
  return new QueryClient({
    queryCache,
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !isPermissionError(error) && failureCount < 1,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/** The one client used by the running app. */
export const queryClient = createQueryClient();
