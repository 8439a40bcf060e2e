import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { ErrorBoundary } from '@/app/ErrorBoundary';
import { preloadPublicPage } from '@/app/router';
import { queryClient } from '@/lib/queryClient';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <ErrorBoundary>
      <App />
    </ErrorBoundary>
  </StrictMode>
);

// A prerendered page (scripts/prerender.mjs) is hydrated with the data it was rendered with; any
// other address — the SPA fallback, or a prerendered page asked for with a query string — is
// rendered from scratch.
const prerendered = container.dataset.prerendered;
if (prerendered && container.firstChild && isSamePage(prerendered)) {
  const state = (window as { __QUERY_STATE__?: DehydratedState }).__QUERY_STATE__;
  if (state) hydrate(queryClient, state);
  // every chunk the page shows first, so hydration does not stall and every button works at once
  void preloadPublicPage(window.location.pathname)
    .catch(() => undefined)
    .then(() => hydrateRoot(container, app));
} else {
  container.replaceChildren();
  createRoot(container).render(app);
}

function isSamePage(path: string): boolean {
  const current = window.location.pathname.length > 1 ? window.location.pathname.replace(/\/$/, '') : '/';
  return current === path && !window.location.search;
}
