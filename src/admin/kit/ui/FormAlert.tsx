import { AlertCircle, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';

export interface FormAlertProps {
  title?: ReactNode;
  children: ReactNode;
  /** Shows 'Опитайте отново', which runs this. */
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}

/** An inline error inside a form (a failed save), announced at once, with an optional retry. */
export function FormAlert({ title, children, onRetry, retrying, className }: FormAlertProps) {
  return (
    <div role="alert" className={cn('flex flex-wrap items-start gap-3 rounded-md border border-danger-700 bg-danger-50 p-4 text-sm text-danger-700', className)}>
      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">
        {title && <p className="font-semibold">{title}</p>}
        <div className="break-words">{children}</div>
      </div>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
          <RotateCw aria-hidden="true" />
          Опитайте отново
        </Button>
      )}
    </div>
  );
}

/** A one-line warning that does not block (missing required fields, missing content). */
export function FormWarning({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p role="status" className={cn('rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900', className)}>
      {children}
    </p>
  );
}
