import { Button } from '@/shared/ui/button';
import { Dialog, DialogContent, type DialogContentProps } from '@/shared/ui/dialog';

export interface CancelQuestionProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The meeting as the question names it: its time and its zone's name. */
  meeting: string;
  /** The cancellation is being sent: the question stays open and its buttons wait. */
  pending: boolean;
  onConfirm: () => void;
  /** Where the focus goes once the question has closed (the page decides). */
  onCloseAutoFocus: DialogContentProps['onCloseAutoFocus'];
}

/** The question before a booking is cancelled. */
export function CancelQuestion({ open, onOpenChange, meeting, pending, onConfirm, onCloseAutoFocus }: CancelQuestionProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent
        role="alertdialog"
        title="Да откажем ли консултацията?"
        description={`Срещата на ${meeting} ще бъде отменена и часът ще се освободи.`}
        maxWidth={480}
        hideClose
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            Не, запази я
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending ? 'Отказване...' : 'Да, откажи консултацията'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
