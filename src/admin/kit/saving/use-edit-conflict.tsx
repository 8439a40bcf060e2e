import { useCallback, useState, type ReactNode } from 'react';
import { Button } from '@/shared/ui/button';
import { Dialog, DialogContent } from '@/shared/ui/dialog';
import { toast } from '@/shared/ui/use-toast';
import { errorMessage } from '@/shared/db/errors';
import { isEditConflict } from '../data/concurrency';
import type { ConfirmOptions } from '../ui/use-confirm';

export const conflictText = {
  title: 'Някой друг промени този запис',
  message: (name: string) =>
    `Докато редактирахте, друг администратор запази промени в „${name}“. Можете да заредите текущата версия (вашите промени ще се загубят) или да запазите своята версия върху неговата.`,
  reload: 'Зареди текущата версия',
  overwrite: 'Запази моята версия',
  reloadFailed: 'Текущата версия не можа да бъде заредена.',
  /** Asked again (through useConfirm) when a row to delete changed since the list loaded it. */
  staleDelete: 'Записът е променен, откакто го заредихте. Да го изтрия ли въпреки това?',
  staleDeleteTitle: 'Записът е променен',
  /** A list action (publish toggle) met a row changed since the list loaded it. */
  staleAction: 'Докато гледахте списъка, друг администратор промени този запис. Списъкът е обновен – опитайте отново.',
} as const;

export interface EditConflictActions {
  /** The record's name in the message (e.g. the post's title as it was loaded). */
  name: string;
  /** Reads the stored version and puts it into the form, discarding the local edits. */
  onReload: () => Promise<void>;
  /** Saves the form deliberately over the stored version, guarded by `currentUpdatedAt`. */
  onOverwrite: (currentUpdatedAt: string) => void;
}

/**
 * The one conflict dialog of every admin form. `show(error)` opens it when a guarded save met an
 * EditConflictError (and says false for any other error). The form keeps what was typed until
 * the admin chooses; Escape or closing leaves the form as it is, with nothing saved.
 *
 *   const conflict = useEditConflict({ name, onReload, onOverwrite });
 *   onError: (error) => { if (conflict.show(error)) return; ... }
 *   return <>{...}{conflict.dialog}</>;
 */
export function useEditConflict({ name, onReload, onOverwrite }: EditConflictActions): {
  show: (error: unknown) => boolean;
  dialog: ReactNode;
} {
  const [current, setCurrent] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);

  const show = useCallback((error: unknown) => {
    if (!isEditConflict(error)) return false;
    setCurrent(error.currentUpdatedAt);
    return true;
  }, []);

  async function reload() {
    setReloading(true);
    try {
      await onReload();
      setCurrent(null);
    } catch (error) {
      toast({ title: 'Грешка', description: `${conflictText.reloadFailed} ${errorMessage(error, '')}`.trim(), variant: 'destructive' });
    } finally {
      setReloading(false);
    }
  }

  function overwrite() {
    if (current === null) return;
    setCurrent(null);
    onOverwrite(current);
  }

  const dialog = (
    <Dialog open={current !== null} onOpenChange={(open) => !open && !reloading && setCurrent(null)}>
      {current !== null && (
        <DialogContent role="alertdialog" title={conflictText.title} description={conflictText.message(name)} maxWidth={520}>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => void reload()} disabled={reloading} aria-busy={reloading}>
              {conflictText.reload}
            </Button>
            <Button onClick={overwrite} disabled={reloading}>
              {conflictText.overwrite}
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );

  return { show, dialog };
}

/**
 * For a list's guarded delete that failed: when the row changed since the list loaded it, asks
 * again through the list's confirm dialog. Resolves to the updated_at to delete with when the admin
 * says yes, null when they say no, undefined when the error is not a conflict (report it as usual).
 */
export async function askToDeleteChanged(
  error: unknown,
  confirm: (options: ConfirmOptions) => Promise<boolean>,
): Promise<string | null | undefined> {
  if (!isEditConflict(error)) return undefined;
  const yes = await confirm({ title: conflictText.staleDeleteTitle, message: conflictText.staleDelete });
  return yes ? error.currentUpdatedAt : null;
}
