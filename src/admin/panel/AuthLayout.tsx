import { Outlet } from 'react-router-dom';
import { UnsavedChangesProvider } from '@/admin/kit/navigation/unsaved-changes';
import { AuthProvider } from '../kit/session/AuthProvider';

/**
 * While 'Вход' is being answered, the code of what comes next is fetched alongside: the guard with
 * the data cache, the toasts ('Успешно влизане'), the blog panel and the posts list (an author's
 * first screen; an administrator's, 'Табло', comes when shown).
 * Otherwise each would wait for the one before it once the answer is here. Code only: no request
 * for data is made before the sign-in succeeds.
 */
function preloadPanels() {
  void import('./RequireAdmin');
  void import('@/shared/ui/toast');
  void import('./AdminPage').then((m) => m.preloadFirstTab());
}

/**
 * Layout route around /login, /blog-admin and /work-admin. The router loads this module lazily,
 * so the auth provider (and the Supabase session it starts) never reaches public pages. The
 * unsaved-changes guard of the admin forms lives here too, around both admin pages.
 */
export default function AuthLayout() {
  return (
    <AuthProvider onSigningIn={preloadPanels}>
      <UnsavedChangesProvider>
        <Outlet />
      </UnsavedChangesProvider>
    </AuthProvider>
  );
}
