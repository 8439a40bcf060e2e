import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { toast } from '@/shared/ui/use-toast';
import { useRecheckOnDenied, writeErrorMessage } from '../data/api';
import { useConfirm } from '../ui/use-confirm';
import { askToDeleteChanged } from './use-edit-conflict';

/** The row version a guarded delete removes (EditConflictError when it changed since). */
export interface RowVersion {
  id: string;
  expectedUpdatedAt: string;
}

export interface RowDeleteText {
  /** The confirmation, e.g. 'Сигурни ли сте, че искате да изтриете този клиент?'. */
  question: string;
  /** The toast once it is gone, e.g. 'Клиентът е изтрит'. */
  deleted: string;
  /** The toast's reason when the error says none, e.g. 'Неуспешно изтриване на клиента.'. */
  failed: string;
  /** What the console says on a failure, e.g. '[admin] deleting a client failed'. */
  logAs: string;
}

export interface RowDeleteOptions<TData, TError, TContext> {
  /** The list's guarded delete mutation. */
  remove: UseMutationResult<TData, TError, RowVersion, TContext>;
  text: RowDeleteText;
  /** The failure's reason for the toast; writeErrorMessage unless the list's writes say it their own way. */
  describeError?: (error: unknown, fallback: string) => string;
}

/**
 * The delete button of a list row: asks first, then deletes the version the list showed. If the
 * row changed since, it asks again and deletes the current version; any other failure is a toast
 * (and a re-check of the admin's rights when refused). `busyId` is the row whose delete (or, set by
 * the list, another row action) is running, so its buttons can be disabled meanwhile.
 *
 *   const { onDelete, busyId, dialog } = useRowDelete({ remove: clientRecords.useDelete(), text });
 *   <Button onClick={() => onDelete(client)} disabled={busyId === client.id}>Изтрий</Button>
 *   return <>{...}{dialog}</>;
 */
export function useRowDelete<TData, TError, TContext>({
  remove,
  text,
  describeError = writeErrorMessage,
}: RowDeleteOptions<TData, TError, TContext>): {
  onDelete: (row: { id: string; updated_at: string }) => void;
  busyId: string | null;
  setBusyId: (id: string | null) => void;
  dialog: ReactNode;
} {
  const { confirm, dialog } = useConfirm();
  const recheckOnDenied = useRecheckOnDenied();
  const [busyId, setBusyId] = useState<string | null>(null);

  async function ask(row: { id: string; updated_at: string }) {
    if (await confirm({ message: text.question })) run(row.id, row.updated_at);
  }

  function run(id: string, expectedUpdatedAt: string) {
    setBusyId(id);
    remove.mutate(
      { id, expectedUpdatedAt },
      {
        onSuccess: () => toast({ title: text.deleted }),
        onError: async (error) => {
          setBusyId(null);
          const again = await askToDeleteChanged(error, confirm);
          if (again !== undefined) {
            if (again) run(id, again);
            return;
          }
          console.error(text.logAs, error);
          toast({ title: 'Грешка', description: describeError(error, text.failed), variant: 'destructive' });
          recheckOnDenied(error);
        },
        // a delete of another row may have started meanwhile: its mark stays
        onSettled: () => setBusyId((current) => (current === id ? null : current)),
      },
    );
  }

  return { onDelete: (row) => void ask(row), busyId, setBusyId, dialog };
}
