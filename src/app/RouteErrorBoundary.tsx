import { useRouteError } from 'react-router-dom';
import { ErrorFallback } from './ErrorBoundary';

/** The router's errorElement: any error thrown while rendering a route (or loading its chunk). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  return <ErrorFallback error={error} />;
}
