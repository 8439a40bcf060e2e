import { Outlet } from 'react-router-dom';
import { AuthProvider } from '@/features/auth/AuthProvider';

/**
 * Layout route around /login, /blog-admin and /work-admin. The router loads this module lazily,
 * so the auth provider (and the Supabase session it starts) never reaches public pages.
 */
export default function AuthLayout() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}
