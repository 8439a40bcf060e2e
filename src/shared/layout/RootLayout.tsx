import { Suspense, useEffect, type MouseEvent } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { PageSpinner } from '@/shared/ui/spinner';
import { NavProvider } from './nav';
import { routerNav } from './router-nav';

function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  // Move focus without changing the URL hash (which the router would treat as a navigation).
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}

/**
 * A new page starts at its top; going back and forward is left to the browser, and a link to an
 * anchor (/#work) is scrolled by the page that owns the anchor once its content is there.
 */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === 'POP' || hash) return;
    window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);
  return null;
}

/**
 * The frame of every page: a skip link, scroll restoration on navigation, and the loading spinner
 * while a layout's or page's chunk is fetched. The main landmark (id "main", which the skip link
 * targets) belongs to the layouts: PublicLayout for the public pages, and the login and admin
 * pages render their own.
 */
export function RootLayout() {
  return (
    <NavProvider nav={routerNav}>
      <a href="#main" className="skip-link" onClick={skipToContent}>
        Към съдържанието
      </a>
      <ScrollToTop />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </NavProvider>
  );
}
