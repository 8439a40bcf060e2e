import { Outlet } from 'react-router-dom';
import { UnsavedChangesProvider } from '@/admin/kit/navigation/unsaved-changes';
import { AuthProvider } from '../kit/session/AuthProvider';

/**
 * Layout route around /login, /blog-admin and /work-admin. The router loads this module lazily,
 * so the auth provider (and the Supabase session it starts) never reaches public pages. The
 * unsaved-changes guard of the admin forms lives here too, around both admin pages.
 */
export default function AuthLayout() {
  return (
    <AuthProvider>
      <UnsavedChangesProvider>
        <Outlet />
      </UnsavedChangesProvider>
    </AuthProvider>
  );
}
