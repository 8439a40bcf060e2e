import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { hintId } from './form-field';
import { Label } from './label';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  id: string;
  label: ReactNode;
  /** What ticking it does, under the label (the box's description). */
  hint: ReactNode;
  /** The box itself (react-hook-form's register reads and focuses it). */
  ref?: Ref<HTMLInputElement>;
}

/** A checkbox with its label and a hint under the label, the box described by the hint. */
export function CheckboxField({ id, label, hint, ref, ...input }: CheckboxFieldProps) {
  return (
    <div className="flex items-start gap-3">
      <input ref={ref} id={id} type="checkbox" className="mt-0.5 size-4 accent-brand-600" aria-describedby={hintId(id)} {...input} />
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        <p id={hintId(id)} className="text-xs text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  );
}
