import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/shared/ui/button';
import { Dialog, DialogContent } from '@/shared/ui/dialog';

export interface ConfirmOptions {
  /** The question, e.g. 'Сигурни ли сте, че искате да изтриете този клиент?'. */
  message: string;
  /** Heading of the dialog; defaults to 'Потвърдете изтриването'. */
  title?: string;
  /** Label of the confirming button; defaults to 'Изтрий'. */
  confirmLabel?: string;
  /** Styles the confirming button as destructive (default true). */
  destructive?: boolean;
}

interface Pending {
  options: ConfirmOptions;
  resolve: (answer: boolean) => void;
}

/**
 * An accessible confirmation in place of window.confirm: an alert dialog with the question, 'Отказ'
 * (focused first) and the confirming button; Escape or a click outside answers no.
 *
 *   const { confirm, dialog } = useConfirm();
 *   if (await confirm({ message: 'Сигурни ли сте, че искате да изтриете този клиент?' })) remove();
 *   return <>{...}{dialog}</>;
 */
export function useConfirm(): { confirm: (options: ConfirmOptions) => Promise<boolean>; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);

  const answer = useCallback((value: boolean) => {
    const current = pendingRef.current;
    pendingRef.current = null;
    setPending(null);
    current?.resolve(value);
  }, []);

  const confirm = useCallback((options: ConfirmOptions) => {
    pendingRef.current?.resolve(false);
    return new Promise<boolean>((resolve) => {
      const next = { options, resolve };
      pendingRef.current = next;
      setPending(next);
    });
  }, []);

  const options = pending?.options;
  const dialog = (
    <Dialog open={pending !== null} onOpenChange={(open) => !open && answer(false)}>
      {options && (
        <DialogContent
          role="alertdialog"
          title={options.title ?? 'Потвърдете изтриването'}
          description={options.message}
          maxWidth={460}
          hideClose
        >
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => answer(false)}>
              Отказ
            </Button>
            <Button variant={options.destructive === false ? 'default' : 'destructive'} onClick={() => answer(true)}>
              {options.confirmLabel ?? 'Изтрий'}
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );

  return { confirm, dialog };
}
