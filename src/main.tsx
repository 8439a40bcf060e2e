import './index.css';
import { keepFirstTouch } from './site/runtime/first-touch';

// where the visit came from, kept before anything else loads: a visitor who follows a link at once
// still leaves the campaign of the page they landed on (src/site/runtime/first-touch.ts)
keepFirstTouch();

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
