import { ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button, type ButtonProps } from '@/shared/ui/button';

const loadDialog = () => import('./TwoFactorDialog');
const TwoFactorDialog = lazy(loadDialog);

/**
 * 'Двуфакторна защита' in the panels' headers, and the invitation to turn it on where a section
 * needs it (SecondFactorLead.tsx): the dialog (TwoFactorDialog.tsx) is fetched when pressed.
 */
export function TwoFactorButton({ label = 'Двуфакторна защита', variant = 'ghost' }: { label?: string; variant?: ButtonProps['variant'] }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDialog()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <ShieldCheck aria-hidden="true" />
        {label}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <TwoFactorDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
