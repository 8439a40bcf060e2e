import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Label } from './label';

/** The id of a field's error text, for the control's aria-describedby. */
export const errorId = (fieldId: string) => `${fieldId}-error`;

export interface FormFieldProps {
  /** id of the control inside (the label points at it). */
  id: string;
  label: ReactNode;
  required?: boolean;
  /** Error text shown under the control (give the control aria-invalid and aria-describedby). */
  error?: string | null;
  className?: string;
  children: ReactNode;
}

/** Label, control and its error message, stacked. */
export function FormField({ id, label, required, error, className, children }: FormFieldProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {children}
      {error && (
        <p id={errorId(id)} className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}
