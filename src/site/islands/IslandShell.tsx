import { useMemo, type ReactNode } from 'react';
import { NavProvider, pageLoadNav, type NavLocation } from '@/shared/layout/nav';

/**
 * What every island renders inside, the same on the server and in the browser: navigation by page
 * loads (src/shared/layout/nav.tsx) at the page's address. Islands share no router: the page around them is
 * static HTML, and a link in an island loads the next page, which is prerendered HTML again (or
 * the app shell for the addresses that are not). Providers render no DOM and do not move useId's
 * values, so an island that reads data gets its query client from a wrapper of its own
 * (QueryShell.tsx), fetched only by the pages that have such an island.
 */
export function IslandShell({ location, children }: { location: NavLocation; children: ReactNode }) {
  const nav = useMemo(() => pageLoadNav(location), [location]);
  return <NavProvider nav={nav}>{children}</NavProvider>;
}
