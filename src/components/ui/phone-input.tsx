import { useId } from 'react';
import Input from 'react-phone-number-input/input';
import type { CountryCode } from 'libphonenumber-js/min';
import { cn } from '@/lib/cn';
import { fieldClasses } from './input';
import { PHONE_COUNTRIES, findPhoneCountry } from './phone-countries';

export interface PhoneInputProps {
  /** id of the number field; the form's <Label htmlFor> points at it. */
  id: string;
  /** Country code of the picker ('bg'). */
  country: string;
  onCountryChange: (code: string) => void;
  /** The number in E.164 ('+359888123456'), '' when empty. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  /** id of the error or hint text under the field. */
  describedBy?: string;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  className?: string;
}

/**
 * A phone number field with a country picker in front of it. The picker is a native select, so it
 * works with the keyboard, screen readers and mobile pickers without extra code. The number field
 * is react-phone-number-input's: it formats the number as it is typed in the chosen country's
 * national way ('088 812 3456') and hands over E.164 ('+359888123456'), which is what is stored.
 * Changing the country starts the number over, since its digits meant something else.
 */
export function PhoneInput({
  id,
  country,
  onCountryChange,
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
  required,
  disabled,
  placeholder = '088 812 3456',
  className,
}: PhoneInputProps) {
  const selectId = useId();
  const selected = findPhoneCountry(country);
  return (
    <div className={cn('flex gap-2', className)}>
      <label htmlFor={selectId} className="sr-only">
        Държава (код за набиране)
      </label>
      <select
        id={selectId}
        value={selected.code}
        onChange={(event) => {
          onCountryChange(event.target.value);
          onChange('');
        }}
        disabled={disabled}
        // an inline width: fieldClasses carries w-full, and cn() does not resolve class conflicts
        style={{ width: '7.5rem' }}
        className={cn(fieldClasses, 'h-10 shrink-0 py-2 pl-2 pr-1')}
      >
        {PHONE_COUNTRIES.map((c) => (
          <option key={c.code} value={c.code}>
            {`${c.code.toUpperCase()} +${c.dial} ${c.name}`}
          </option>
        ))}
      </select>
      <Input
        id={id}
        country={selected.code.toUpperCase() as CountryCode}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={value || undefined}
        onChange={(next?: string) => onChange(next ?? '')}
        onBlur={onBlur}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        required={required}
        disabled={disabled}
        placeholder={placeholder}
        className={cn(fieldClasses, 'h-10 min-w-0 flex-1 py-2')}
      />
    </div>
  );
}
