import { isVisitPath } from './arrival';

/*
 * Fetches the site's measurement (./insights.ts, docs/insights.md) on a public page once it works,
 * when the browser is idle: called by the islands' runtime when a prerendered page is taken over,
 * and by the app when it renders a page. Never on an e-mail's private link (a booking, the
 * newsletter, a data request's confirmation) nor on the admin's pages (an app of their own, which
 * never loads this). The script itself decides whether this browser is counted, and waits for a
 * person's first interaction.
 */

let started = false;

/** Once per page: the script, when the browser is idle. */
export function loadInsights(): void {
  if (started || !isVisitPath(window.location.pathname)) return;
  started = true;
  const load = () => void import('./insights').then((m) => m.startInsights(), () => {});
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(load, { timeout: 3000 });
  else setTimeout(load, 1000);
}
