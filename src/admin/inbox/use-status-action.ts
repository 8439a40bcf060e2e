import type { UseMutationResult } from '@tanstack/react-query';
import { useRecheckOnDenied, writeErrorMessage } from '@/admin/kit/data/api';
import { toast, type ToastOptions } from '@/shared/ui/use-toast';

/**
 * A card's status change (useSetInquiryStatus, useSetBookingStatus) that says how it went: the
 * given toast once saved; otherwise an error toast with what the database refused (`failed` when
 * it gave no reason), and a check whether the admin may still change rows at all.
 */
export function useStatusAction<V>(mutation: UseMutationResult<void, Error, V>, failed: string, row: 'an inquiry' | 'a booking') {
  const recheckOnDenied = useRecheckOnDenied();
  return (vars: V, saved: ToastOptions) =>
    mutation.mutate(vars, {
      onSuccess: () => toast(saved),
      onError: (error) => {
        console.error(`[admin] changing ${row} status failed`, error);
        toast({ title: 'Грешка', description: writeErrorMessage(error, failed), variant: 'destructive' });
        recheckOnDenied(error);
      },
    });
}
