import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { queryClient as appQueryClient } from '@/shared/db/query-client';
import { PageSpinner } from '@/shared/ui/spinner';
import { useAuth } from '../kit/session/auth-context';
import { ADMIN_QUERY_ROOT } from '../kit/session/query-root';

/**
 * Guards the admin routes: a spinner while authentication resolves, then a redirect to /login when
 * there is no admitted user. The login page may send the visitor back to `location.state.from` (the
 * address with its query string) after signing in.
 *
 * Behind it starts the panels' data cache (React Query; the sign-in page carries none of it): the
 * app's client, or the one a test gives above. Once nobody is signed in any more, the admin data
 * the previous user loaded is forgotten.
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  const queryClient = useContext(QueryClientContext) ?? appQueryClient;
  const signedOut = !loading && !user;
  useEffect(() => {
    if (signedOut) queryClient.removeQueries({ queryKey: [ADMIN_QUERY_ROOT] });
  }, [signedOut, queryClient]);

  if (loading) return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <QueryClientProvider client={queryClient}>{children ?? <Outlet />}</QueryClientProvider>;
}
