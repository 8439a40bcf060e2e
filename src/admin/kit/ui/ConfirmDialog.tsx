import { Button } from '@/shared/ui/button';
import { useReturnFocus } from './return-focus';
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

/**
 * The question of useConfirm (use-confirm.tsx) on screen: an alert dialog with 'Отказ' (focused
 * first) and the confirming button; Escape or a click outside answers no. A chunk of its own with
 * the dialog library, fetched the first time a question is asked.
 */
export function ConfirmDialog({ options, answer }: { options: ConfirmOptions; answer: (value: boolean) => void }) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog open onOpenChange={(open) => !open && answer(false)}>
      <DialogContent role="alertdialog" title={options.title ?? 'Потвърдете изтриването'} description={options.message} maxWidth={460} hideClose onCloseAutoFocus={returnFocus}>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => answer(false)}>
            Отказ
          </Button>
          <Button variant={options.destructive === false ? 'default' : 'destructive'} onClick={() => answer(true)}>
            {options.confirmLabel ?? 'Изтрий'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
