import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from './ErrorBoundary';

/**
 * A layout route that catches any error thrown while rendering the routes below it (or loading
 * their chunks) and shows the generic error fallback in their place; navigating elsewhere clears it.
 * Works in any router, so the site can use the small declarative one.
 */
export function RouteBoundary() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Outlet />
    </ErrorBoundary>
  );
}
