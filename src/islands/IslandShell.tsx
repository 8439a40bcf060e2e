import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { NavProvider, pageLoadNav, type NavLocation } from '@/lib/nav';

/**
 * What every island renders inside, the same on the server and in the browser (no DOM of its
 * own, so the island's markup and its useId values match): the query client and navigation by
 * page loads (src/lib/nav.tsx) at the page's address. Islands share no router: the page around
 * them is static HTML, and a link in an island loads the next page, which is prerendered HTML
 * again (or the app shell for the addresses that are not).
 */
export function IslandShell({ location, queryClient, children }: { location: NavLocation; queryClient: QueryClient; children: ReactNode }) {
  const nav = useMemo(() => pageLoadNav(location), [location]);
  return (
    <QueryClientProvider client={queryClient}>
      <NavProvider nav={nav}>{children}</NavProvider>
    </QueryClientProvider>
  );
}
