import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentPropsWithoutRef, CSSProperties, ReactNode } from 'react';
import { cn } from './cn';

/*
 * Modal dialog on Radix: focus is trapped inside and returned to the trigger, Escape and a click on
 * the backdrop close it, the page behind is inert and does not scroll. A title is required by the
 * types (screen readers announce it); hide it visually with `hideTitle` when the design has none.
 */

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export const overlayClasses =
  'fixed inset-0 z-50 bg-slate-950/60 data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out';

export function CloseButton({ label = 'Затвори', className }: { label?: string; className?: string }) {
  return (
    <DialogPrimitive.Close
      aria-label={label}
      className={cn(
        'absolute right-3 top-3 inline-flex size-9 items-center justify-center rounded-md text-slate-600 ' +
          'hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
        className,
      )}
    >
      <X aria-hidden="true" className="size-5" />
    </DialogPrimitive.Close>
  );
}

export interface DialogContentProps
  extends Omit<ComponentPropsWithoutRef<typeof DialogPrimitive.Content>, 'title'> {
  /** Accessible title, shown as the dialog heading. Required. */
  title: ReactNode;
  /** Optional text under the title, linked with aria-describedby. */
  description?: ReactNode;
  /** Keep the title for screen readers only. */
  hideTitle?: boolean;
  /** Maximum width in px (number) or any CSS length; defaults to 600px. */
  maxWidth?: number | string;
  /** Label of the close button; defaults to 'Затвори'. */
  closeLabel?: string;
  /** Hide the × button (a close action must then exist in the content). */
  hideClose?: boolean;
}

export function DialogContent({
  title,
  description,
  hideTitle,
  maxWidth = 600,
  closeLabel,
  hideClose,
  className,
  style,
  children,
  ...props
}: DialogContentProps) {
  const sizing: CSSProperties = { maxWidth: typeof maxWidth === 'number' ? `${maxWidth}px` : maxWidth, ...style };
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClasses} />
      <DialogPrimitive.Content
        // Without a description Radix would warn; an explicit undefined says "none on purpose".
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={cn(
          'fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 ' +
            'gap-4 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none ' +
            'data-[state=open]:animate-dialog-in data-[state=closed]:animate-dialog-out',
          className,
        )}
        style={sizing}
        {...props}
      >
        <div className={cn('flex flex-col gap-1.5 pr-8', hideTitle && !description && 'sr-only')}>
          <DialogPrimitive.Title className={cn('text-xl font-semibold leading-tight text-slate-900', hideTitle && 'sr-only')}>
            {title}
          </DialogPrimitive.Title>
          {description && (
            <DialogPrimitive.Description className="text-sm text-slate-600">{description}</DialogPrimitive.Description>
          )}
        </div>
        {children}
        {!hideClose && <CloseButton label={closeLabel} />}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
