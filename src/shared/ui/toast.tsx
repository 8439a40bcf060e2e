import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { cn } from './cn';
import { dismissToast, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, useToast, type ToastEntry } from './use-toast';

/*
 * Renders the toasts of use-toast.ts with Radix Toast: a labelled region reachable with F8, each
 * toast announced (destructive ones assertively), paused on hover/focus, closed by its × button,
 * Escape, its 5000 ms timer or a swipe to the left of at least 50 px.
 */

const variantClasses: Record<NonNullable<ToastEntry['variant']>, string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  destructive: 'border-danger-700 bg-danger-700 text-white',
};

function ToastItem({ entry }: { entry: ToastEntry }) {
  const variant = entry.variant ?? 'default';
  return (
    <ToastPrimitive.Root
      open={entry.open}
      onOpenChange={(open) => {
        if (!open) dismissToast(entry.id);
      }}
      duration={entry.duration}
      type={variant === 'destructive' ? 'foreground' : 'background'}
      data-variant={variant}
      className={cn(
        'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg ' +
          'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out ' +
          'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 ' +
          'data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-swipe-out',
        variantClasses[variant],
      )}
    >
      <div className="grid gap-1">
        {entry.title && <ToastPrimitive.Title className="text-sm font-semibold">{entry.title}</ToastPrimitive.Title>}
        {entry.description && (
          <ToastPrimitive.Description className={cn('text-sm', variant === 'destructive' ? 'text-white' : 'text-slate-700')}>
            {entry.description}
          </ToastPrimitive.Description>
        )}
      </div>
      <ToastPrimitive.Close
        aria-label="Затвори известието"
        className={cn(
          'absolute right-2 top-2 inline-flex size-7 items-center justify-center rounded-md focus-visible:outline-none focus-visible:ring-2',
          variant === 'destructive'
            ? 'text-white/90 hover:bg-white/15 focus-visible:ring-white'
            : 'text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-brand-600',
        )}
      >
        <X aria-hidden="true" className="size-4" />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}

/** Mount once, near the root (src/shared/layout/DeferredToaster.tsx does, in the site's app and the admin's). */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="left"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Известие"
    >
      {toasts.map((entry) => (
        <ToastItem key={entry.id} entry={entry} />
      ))}
      <ToastPrimitive.Viewport
        label="Известия ({hotkey})"
        // bottom left, clear of the right-aligned primary buttons of forms and dialogs; only the toasts
        // themselves catch the pointer, never the empty strip around them
        className="pointer-events-none fixed bottom-0 left-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
