import { AsYouType, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { cn } from '@/shared/ui/cn';
import { fieldClasses } from '@/shared/ui/input';
import { PHONE_COUNTRIES, findPhoneCountry } from '@/shared/domain/phone';

const countryOf = (code: string) => code.toUpperCase() as CountryCode;

/** How an E.164 value is shown in the field: the country's national format ('088 812 3456'). */
function displayOf(value: string, country: string): string {
  if (!value) return '';
  const parsed = parsePhoneNumberFromString(value);
  if (!parsed) return value;
  return parsed.country === countryOf(country) ? parsed.formatNational() : parsed.formatInternational();
}

/** Formats what was typed as the country writes it, and reads its E.164 value ('' until there are digits). */
function formatTyped(text: string, country: string): { display: string; value: string } {
  const typer = new AsYouType(countryOf(country));
  const display = typer.input(text.replace(/[^\d+]/g, ''));
  return { display, value: typer.getNumber()?.number ?? '' };
}

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
 * works with the keyboard, screen readers and mobile pickers without extra code. The number is
 * formatted as it is typed in the chosen country's national way ('088 812 3456') by
 * libphonenumber-js's AsYouType, validated per country (phoneError) and handed over in E.164
 * ('+359888123456'), which is what is stored. react-phone-number-input's own field was tried and
 * left: it reports each change from an effect, a render after the keystroke, and a controlled
 * form then dropped digits typed quickly (seen in Chromium: '0888123456' became '8825').
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
  // What the field shows is its own state, updated in the same event as the keystroke (a value
  // derived from the form one render later would drop keys typed quickly). A value the form sets
  // from outside (a reset, a restored draft) is taken over when it differs from the last one sent.
  const [display, setDisplay] = useState(() => displayOf(value, selected.code));
  const sent = useRef(value);
  if (value !== sent.current) {
    sent.current = value;
    setDisplay(displayOf(value, selected.code));
  }

  const emit = (next: string) => {
    sent.current = next;
    onChange(next);
  };

  const onType = (event: ChangeEvent<HTMLInputElement>) => {
    let text = event.target.value;
    // a deleted space or dash would come straight back: delete the digit before it instead
    const digits = (s: string) => s.replace(/\D/g, '');
    if (text.length < display.length && digits(text) === digits(display)) {
      const caret = event.target.selectionStart ?? text.length;
      const before = text.slice(0, caret).replace(/\d(?=\D*$)/, '');
      text = before + text.slice(caret);
    }
    const typed = formatTyped(text, selected.code);
    setDisplay(typed.display);
    emit(typed.value);
  };

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
          // the digits meant something else in the old country: start the number over
          setDisplay('');
          emit('');
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
      <input
        id={id}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={display}
        onChange={onType}
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
