import { Suspense, useCallback, useState, type ReactNode } from 'react';
import { toast } from '@/shared/ui/use-toast';
import { errorMessage } from '@/shared/db/errors';
import { isEditConflict } from '../data/concurrency';
import { lazyPart } from '../ui/lazy-part';
import type { ConfirmOptions } from '../ui/use-confirm';

// the dialog and its library come with the first conflict, not with every form and list
const EditConflictDialog = lazyPart(() => import('./EditConflictDialog').then((m) => m.EditConflictDialog));

export { conflictText } from './conflict-text';
import { conflictText } from './conflict-text';

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

  const dialog = current !== null && (
    <Suspense fallback={null}>
      <EditConflictDialog name={name} reloading={reloading} onReload={() => void reload()} onOverwrite={overwrite} onClose={() => setCurrent(null)} />
    </Suspense>
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
