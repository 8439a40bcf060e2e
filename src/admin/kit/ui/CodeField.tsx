import type { Ref } from 'react';
import { errorId, fieldAria } from '@/shared/ui/form-field';
import { Input } from '@/shared/ui/input';
import { Label } from '@/shared/ui/label';

/**
 * The six digits of an authenticator app (the sign-in's second step, the enrolment's first code):
 * a numeric field the phone fills from its one-time codes, its problem said under it.
 */
export function CodeField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  problem?: string;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { id, label, value, onChange, onBlur, problem, autoFocus, inputRef } = props;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id} required>
        {label}
      </Label>
      <Input
        ref={inputRef}
        id={id}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        autoFocus={autoFocus}
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        className="font-mono text-lg tracking-[0.3em]"
        {...fieldAria(id, problem)}
      />
      {problem && (
        <p id={errorId(id)} className="text-sm text-danger-700">
          {problem}
        </p>
      )}
    </div>
  );
}
