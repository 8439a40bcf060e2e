import type { ReactNode } from 'react';
import { cn } from './cn';
import { Label } from './label';

/** The id of a field's error text, for the control's aria-describedby. */
export const errorId = (fieldId: string) => `${fieldId}-error`;

/** The id of a field's hint text. */
export const hintId = (fieldId: string) => `${fieldId}-hint`;

/** aria-describedby for a control: its hint and/or its error, when shown. */
export const describedBy = (fieldId: string, hint: boolean, error: boolean): string | undefined =>
  [hint ? hintId(fieldId) : null, error ? errorId(fieldId) : null].filter(Boolean).join(' ') || undefined;

/** The accessibility attributes of a control whose error may show (FormField renders the text). */
export function fieldAria(id: string, error: string | undefined, hint = false) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, hint, !!error),
  } as const;
}

export interface FormFieldProps {
  /** id of the control inside (the label points at it). */
  id: string;
  label: ReactNode;
  required?: boolean;
  /** Help text under the control (point the control's aria-describedby at it). */
  hint?: ReactNode;
  /** Error text shown under the control (give the control aria-invalid and aria-describedby). */
  error?: string | null;
  className?: string;
  children: ReactNode;
}

/** Label, control and its error message, stacked. */
export function FormField({ id, label, required, hint, error, className, children }: FormFieldProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {children}
      {hint && (
        <p id={hintId(id)} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId(id)} className="text-sm text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}
