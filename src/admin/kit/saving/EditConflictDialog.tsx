import { Button } from '@/shared/ui/button';
import { Dialog, DialogContent } from '@/shared/ui/dialog';
import { useReturnFocus } from '../ui/return-focus';
import { conflictText } from './conflict-text';

/**
 * The conflict question of useEditConflict (use-edit-conflict.tsx) on screen. A chunk of its own
 * with the dialog library, fetched when a save first meets someone else's: a list never needs it.
 */
export function EditConflictDialog(props: { name: string; reloading: boolean; onReload: () => void; onOverwrite: () => void; onClose: () => void }) {
  const { name, reloading, onReload, onOverwrite, onClose } = props;
  const returnFocus = useReturnFocus();
  return (
    <Dialog open onOpenChange={(open) => !open && !reloading && onClose()}>
      <DialogContent role="alertdialog" title={conflictText.title} description={conflictText.message(name)} maxWidth={520} onCloseAutoFocus={returnFocus}>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onReload} disabled={reloading} aria-busy={reloading}>
            {conflictText.reload}
          </Button>
          <Button onClick={onOverwrite} disabled={reloading}>
            {conflictText.overwrite}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
