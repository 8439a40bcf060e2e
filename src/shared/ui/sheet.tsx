import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { cn } from './cn';
import { CloseButton, overlayClasses } from './dialog';

/*
 * Side drawer (the mobile menu, the admin header actions on small screens). It is a Radix modal
 * dialog sliding in from one side, so it has the dialog's focus trap, Escape to close and the body
 * scroll lock that keeps the page still while the mobile menu is open.
 */

export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

const sides = {
  right:
    'right-0 border-l data-[state=open]:animate-slide-in-right data-[state=closed]:animate-slide-out-right',
  left: 'left-0 border-r data-[state=open]:animate-slide-in-left data-[state=closed]:animate-slide-out-left',
};

export interface SheetContentProps extends Omit<ComponentPropsWithoutRef<typeof DialogPrimitive.Content>, 'title'> {
  /** Accessible title of the drawer, e.g. 'Меню'. Required. */
  title: ReactNode;
  /** Keep the title for screen readers only. */
  hideTitle?: boolean;
  side?: 'left' | 'right';
  closeLabel?: string;
}

export function SheetContent({
  title,
  hideTitle,
  side = 'right',
  closeLabel,
  className,
  children,
  ...props
}: SheetContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClasses} />
      <DialogPrimitive.Content
        aria-describedby={undefined}
        className={cn(
          'fixed inset-y-0 z-50 flex h-full w-[85vw] max-w-sm flex-col gap-6 overflow-y-auto border-slate-200 bg-white p-6 shadow-xl focus:outline-none',
          sides[side],
          className,
        )}
        {...props}
      >
        <DialogPrimitive.Title className={cn('pr-10 text-lg font-semibold text-slate-900', hideTitle && 'sr-only')}>
          {title}
        </DialogPrimitive.Title>
        {children}
        <CloseButton label={closeLabel} />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
