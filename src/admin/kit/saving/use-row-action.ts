import type { UseMutationResult } from '@tanstack/react-query';
import { toast } from '@/shared/ui/use-toast';
import { useRecheckOnDenied, writeErrorMessage } from '../data/api';
import { isEditConflict } from '../data/concurrency';
import { conflictText } from './use-edit-conflict';

export interface RowActionOptions<Row, Result> {
  /** The record type's row mutation (useRowMutation), taking the row as the list showed it. */
  mutation: UseMutationResult<Result, Error, Row>;
  /** The list's busy row (useRowDelete's), so the row's buttons wait meanwhile. */
  setBusyId: (id: string | null) => void;
  /** The toast once done, e.g. 'Потребителят е активиран'. */
  done: (result: Result) => { title: string; description?: string };
  /** The toast's reason when the error says none, e.g. 'Неуспешна промяна на статуса на потребителя.'. */
  failed: string;
  /** What the console says on a failure. */
  logAs: string;
}

/**
 * A list row's one-press action (publish or hide a post, activate a user): runs on the version the
 * list showed; a row changed since says so (the list shows it anew), any other failure is a toast
 * and a re-check of the admin's rights when refused.
 */
export function useRowAction<Row extends { id: string }, Result>({ mutation, setBusyId, done, failed, logAs }: RowActionOptions<Row, Result>) {
  const recheckOnDenied = useRecheckOnDenied();
  return (row: Row) => {
    setBusyId(row.id);
    mutation.mutate(row, {
      onSuccess: (result) => toast(done(result)),
      onError: (error) => {
        console.error(logAs, error);
        if (isEditConflict(error)) {
          toast({ title: conflictText.title, description: conflictText.staleAction, variant: 'destructive' });
          return;
        }
        toast({ title: 'Грешка', description: writeErrorMessage(error, failed), variant: 'destructive' });
        recheckOnDenied(error);
      },
      onSettled: () => setBusyId(null),
    });
  };
}
