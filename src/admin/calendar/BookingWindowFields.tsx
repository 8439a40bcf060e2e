import { CalendarClock } from 'lucide-react';
import type { UseFormRegister, UseFormRegisterReturn } from 'react-hook-form';
import { Input, WholeNumberInput } from '@/shared/ui/input';
import { errorId, FormField, hintId } from '@/shared/ui/form-field';
import { Label } from '@/shared/ui/label';
import { Select } from '@/shared/ui/select';
import { fieldAria } from '@/shared/forms/forms';
import { BUFFER_STEP_MINUTES, MAX_BUFFER_MINUTES, MAX_HORIZON_DAYS } from '@/shared/domain/calendar';
import { MAX_CUTOFF_HOURS, NOTICE_UNITS, type CalendarFormValues } from './schema';

export interface BookingWindowFieldsProps {
  register: UseFormRegister<CalendarFormValues>;
  /** The messages shown now under the numbers. */
  errors: {
    booking_horizon_days?: string;
    notice_amount?: string;
    manage_cutoff_hours?: string;
    buffer_before_minutes?: string;
    buffer_after_minutes?: string;
  };
  /** The calendar form's ids. */
  id: (name: string) => string;
}

/**
 * 'Записване на консултации' of the calendar settings: whether visitors may book online, how many
 * days ahead, the minimum notice (typed in minutes, hours or days), until when a visitor may
 * move or cancel, and the free minutes kept before and after every meeting.
 */
export function BookingWindowFields({ register, errors, id }: BookingWindowFieldsProps) {
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-1 flex items-center gap-1.5 text-sm font-medium text-slate-800">
        <CalendarClock aria-hidden="true" className="size-4" />
        Записване на консултации
      </legend>
      <div className="grid gap-1">
        <label htmlFor={id('is_active')} className="flex items-center gap-2 text-sm text-slate-800">
          <input
            id={id('is_active')}
            type="checkbox"
            {...register('is_active')}
            aria-describedby={hintId(id('is_active'))}
            className="size-4 rounded border-slate-400 accent-brand-600"
          />
          Приемай резервации през сайта
        </label>
        <p id={hintId(id('is_active'))} className="text-xs text-slate-600">
          Когато е изключено, вместо календара посетителите виждат телефона и имейла за връзка.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <WholeNumberField
          id={id('horizon')}
          label="Записване до (дни напред)"
          min={1}
          max={MAX_HORIZON_DAYS}
          hint={`Колко дни напред посетителите виждат свободни часове: от 1 до ${MAX_HORIZON_DAYS}.`}
          error={errors.booking_horizon_days}
          field={register('booking_horizon_days')}
        />
        <div className="grid content-start gap-1.5">
          <Label htmlFor={id('notice')} required>
            Минимално предизвестие
          </Label>
          <div className="flex gap-2">
            <WholeNumberInput
              id={id('notice')}
              min={0}
              required
              className="min-w-0 flex-1"
              {...register('notice_amount')}
              {...fieldAria(id('notice'), errors.notice_amount, true)}
            />
            <Select
              aria-label="Мерна единица на предизвестието"
              // a new unit re-checks the amount (7 дни is fine, 7 000 часа is not)
              {...register('notice_unit', { deps: ['notice_amount'] })}
              className="w-auto"
            >
              {NOTICE_UNITS.map((unit) => (
                <option key={unit.key} value={unit.key}>
                  {unit.label}
                </option>
              ))}
            </Select>
          </div>
          <p id={hintId(id('notice'))} className="text-xs text-slate-600">
            Колко време преди часа посетителят трябва да го запази: най-много 7 дни.
          </p>
          {errors.notice_amount && (
            <p id={errorId(id('notice'))} className="text-sm text-danger-700">
              {errors.notice_amount}
            </p>
          )}
        </div>
        <WholeNumberField
          id={id('cutoff')}
          label="Промени от клиента до (часа преди срещата)"
          min={0}
          max={MAX_CUTOFF_HOURS}
          hint="Клиентът може да премести или откаже консултацията през личната си връзка до толкова часа преди началото ѝ."
          error={errors.manage_cutoff_hours}
          field={register('manage_cutoff_hours')}
        />
        <WholeNumberField
          id={id('buffer_before')}
          label="Почивка преди срещата (мин.)"
          min={0}
          max={MAX_BUFFER_MINUTES}
          step={BUFFER_STEP_MINUTES}
          hint={`Предлаганите часове оставят толкова минути свободни преди всяка среща и всеки зает период от календарите ви (0–${MAX_BUFFER_MINUTES}, през ${BUFFER_STEP_MINUTES}).`}
          error={errors.buffer_before_minutes}
          field={register('buffer_before_minutes')}
        />
        <WholeNumberField
          id={id('buffer_after')}
          label="Почивка след срещата (мин.)"
          min={0}
          max={MAX_BUFFER_MINUTES}
          step={BUFFER_STEP_MINUTES}
          hint={`Предлаганите часове оставят толкова минути свободни след всяка среща и всеки зает период от календарите ви (0–${MAX_BUFFER_MINUTES}, през ${BUFFER_STEP_MINUTES}).`}
          error={errors.buffer_after_minutes}
          field={register('buffer_after_minutes')}
        />
      </div>
    </fieldset>
  );
}

/** A whole number in the shared field frame (the booking horizon, the visitors' cut-off, the buffers). */
function WholeNumberField({ id, label, min, max, step, hint, error, field }: {
  id: string;
  label: string;
  min: number;
  max: number;
  /** The arrows' step (the browser's own; the schema checks the value). */
  step?: number;
  hint: string;
  error: string | undefined;
  field: UseFormRegisterReturn;
}) {
  return (
    <FormField id={id} label={label} required hint={hint} error={error} className="content-start">
      {step ? (
        <Input id={id} type="number" inputMode="numeric" min={min} max={max} step={step} required {...field} {...fieldAria(id, error, true)} />
      ) : (
        <WholeNumberInput id={id} min={min} max={max} required {...field} {...fieldAria(id, error, true)} />
      )}
    </FormField>
  );
}
