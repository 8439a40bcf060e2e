import { LogOut } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useLogout } from '@/features/auth/useLogout';

/** 'Изход' for the admin headers. */
export function LogoutButton({ variant = 'ghost', ...props }: Omit<ButtonProps, 'onClick' | 'children'>) {
  const { logout, busy } = useLogout();
  return (
    <Button variant={variant} onClick={() => void logout()} disabled={busy} aria-busy={busy} {...props}>
      <LogOut aria-hidden="true" />
      Изход
    </Button>
  );
}
