import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from './auth-context';
import { ADMIN_QUERY_ROOT } from './query-root';
import { toast } from '@/shared/ui/use-toast';
import { authMessages } from './messages';

/**
 * Logout for the admin headers: sign out (the stored token is removed), forget
 * the admin data, toast 'Успешно излизане' and go to /login; on failure the sign-out error toast.
 */
export function useLogout(): { logout: () => Promise<void>; busy: boolean } {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const logout = useCallback(async () => {
    setBusy(true);
    try {
      await signOut();
      queryClient.removeQueries({ queryKey: [ADMIN_QUERY_ROOT] });
      toast({ title: authMessages.signOutSuccess });
      navigate('/login', { replace: true });
    } catch (error) {
      console.error('[auth] sign-out failed', error);
      toast({ title: authMessages.signOutFailedTitle, description: authMessages.signOutFailedText, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }, [signOut, queryClient, navigate]);

  return { logout, busy };
}
