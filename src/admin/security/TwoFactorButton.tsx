import { ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/shared/ui/button';

const loadDialog = () => import('./TwoFactorDialog');
const TwoFactorDialog = lazy(loadDialog);

/** 'Двуфакторна защита' in the panels' headers: the dialog (TwoFactorDialog.tsx) is fetched when pressed. */
export function TwoFactorButton() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDialog()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <ShieldCheck aria-hidden="true" />
        Двуфакторна защита
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <TwoFactorDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
