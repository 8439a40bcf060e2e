import { LogOut } from 'lucide-react';
import { Button, type ButtonProps } from '@/shared/ui/button';
import { useLogout } from '@/admin/kit/session/use-logout';
import { useUnsavedChangesApi } from '../navigation/unsaved-changes';

/** 'Изход' for the admin headers; with unsaved changes in a form it asks first. */
export function LogoutButton({ variant = 'ghost', ...props }: Omit<ButtonProps, 'onClick' | 'children'>) {
  const { logout, busy } = useLogout();
  const { confirmDiscard } = useUnsavedChangesApi();
  return (
    <Button variant={variant} onClick={() => void confirmDiscard().then((leave) => (leave ? logout() : undefined))} disabled={busy} aria-busy={busy} {...props}>
      <LogOut aria-hidden="true" />
      Изход
    </Button>
  );
}
