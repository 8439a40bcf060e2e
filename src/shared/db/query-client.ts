import { QueryClient, type QueryCache } from '@tanstack/react-query';
import { isPermissionError, RecordNotFoundError } from './errors';

/**
 * Builds the app's React Query client. Tests call this to get a fresh, isolated client.
 * Permission errors and records that are not there are not retried: neither fixes itself, and
 * the page says so at once.
 */
export function createQueryClient({ queryCache }: { queryCache?: QueryCache } = {}): QueryClient {
  return new QueryClient({
    queryCache,
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !isPermissionError(error) && !(error instanceof RecordNotFoundError) && failureCount < 1,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/** The one client used by the running app. */
export const queryClient = createQueryClient();
