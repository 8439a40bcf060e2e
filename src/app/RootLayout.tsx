import { Suspense, type MouseEvent } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';

function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  // Move focus without changing the URL hash (which the router would treat as a navigation).
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}

/**
 * The frame of every page: a skip link, the main landmark that pages render into, scroll
 * restoration on navigation, and the loading spinner while a page's chunk is fetched.
 */
export function RootLayout() {
  return (
    <>
      <a href="#main" className="skip-link" onClick={skipToContent}>
        Към съдържанието
      </a>
      <ScrollRestoration />
      <main id="main" tabIndex={-1} className="min-h-screen">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
