// Takes a prerendered public page over in the browser (src/main.tsx loads it): its islands, each
// loaded from the site's table of them, by the islands' runtime (src/site/islands/runtime.tsx).
// The other half of entry-server.tsx, which rendered the page.
import { ISLANDS } from './island-registry';
import { startIslands } from './islands/runtime';

export function hydratePage(): void {
  startIslands(ISLANDS);
}
