import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from './cn';

/** Shared look of text fields; invalid fields (aria-invalid) get a red border. */
export const fieldClasses =
  'w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm ' +
  'placeholder:text-slate-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ' +
  'focus-visible:border-brand-600 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:opacity-70 ' +
  'aria-[invalid=true]:border-danger-700 aria-[invalid=true]:focus-visible:ring-danger-700 md:text-sm';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, type = 'text', ...props }: InputProps) {
  return (
    <input
      type={type}
      className={cn(fieldClasses, 'h-10 py-2 file:mr-3 file:border-0 file:bg-transparent file:font-medium', className)}
      {...props}
    />
  );
}

/** A field for a whole number: the digits keyboard on a phone, steps of one. */
export function WholeNumberInput(props: Omit<InputProps, 'type' | 'inputMode' | 'step'>) {
  return <Input type="number" inputMode="numeric" step={1} {...props} />;
}
