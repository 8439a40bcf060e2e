import './index.css';
import { noteArrival } from './site/runtime/arrival';

// where the visit came from, noted in memory before anything else loads (src/site/runtime/arrival.ts):
// the forms of this page send it; it is kept in the browser only with the visitor's consent, once
// the page is interactive (src/site/consent/bar.ts, started by the islands' runtime or the app)
noteArrival();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A prerendered page (scripts/publisher/prerender.mjs) stays the HTML it is: only its islands
// hydrate (src/site/entry-client.tsx), so the page's static sections cost no script. Any other
// address — the app shell, or a prerendered page asked for with a query string — runs the app.
const prerendered = container.dataset.prerendered;
if (prerendered && container.firstChild && isSamePage(prerendered)) {
  // a task of its own after the modules' evaluation, so neither makes the other a long task
  void import('./site/entry-client').then((m) => setTimeout(m.hydratePage, 0));
} else {
  void import('./app/boot').then((m) => m.boot(container));
}

function isSamePage(path: string): boolean {
  const current = window.location.pathname.length > 1 ? window.location.pathname.replace(/\/$/, '') : '/';
  return current === path && !window.location.search;
}
