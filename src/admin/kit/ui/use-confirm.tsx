import { Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { lazyPart } from './lazy-part';

// the dialog and its library (Radix Dialog, about 40 KB) come with the first question asked, not
// with every admin page: the sign-in page and the posts list ask none
const ConfirmDialog = lazyPart(() => import('./ConfirmDialog').then((m) => m.ConfirmDialog));

export type { ConfirmOptions } from './ConfirmDialog';
import type { ConfirmOptions } from './ConfirmDialog';

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

  const dialog = pending && (
    <Suspense fallback={null}>
      <ConfirmDialog options={pending.options} answer={answer} />
    </Suspense>
  );

  return { confirm, dialog };
}
