import { hydrate, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '@/shared/db/query-client';

/*
 * React Query for the islands that read data (the clients, the work grid, the blog's sidebar):
 * a chunk of its own, so a page's first islands (the header) hydrate without it.
 */

/** Puts the query results an island was rendered with into the page's one query client. */
export function hydrateIslandQueries(state: DehydratedState): void {
  hydrate(queryClient, state);
}

export function QueryShell({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
