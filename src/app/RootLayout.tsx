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
 * The frame of every page: a skip link, scroll restoration on navigation, and the loading spinner
 * while a layout's or page's chunk is fetched. The main landmark (id "main", which the skip link
 * targets) belongs to the layouts: PublicLayout for the public pages, and the login and admin
 * pages render their own.
 */
export function RootLayout() {
  return (
    <>
      <a href="#main" className="skip-link" onClick={skipToContent}>
        Към съдържанието
      </a>
      <ScrollRestoration />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}
