import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '@/shared/ui/spinner';
import { useAuth } from '../kit/session/auth-context';

/**
 * Guards the admin routes: a spinner while authentication resolves, then a
 * redirect to /login when there is no admitted user. The login page may send the visitor back to
 * `location.state.from` (the address with its query string) after signing in.
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return children ?? <Outlet />;
}
