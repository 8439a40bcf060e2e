import type { FormEvent } from 'react';
import { Controller, useFormState, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { fieldAria } from '@/shared/forms/forms';
import { cn } from '@/shared/ui/cn';
import { FormField } from '@/shared/ui/form-field';
import { Input } from '@/shared/ui/input';
import { PhoneInput } from '@/site/dialogs/PhoneInput';
import { StepButtons } from '@/site/dialogs/StepButtons';
import { canLeaveContactStep, CONTACT_METHODS, showsEmail, showsPhone, type InquiryFormState } from './schema';

const CONTACT_METHOD_CHOICES: Record<(typeof CONTACT_METHODS)[number], string> = {
  email: 'Имейл',
  phone: 'Телефон',
  both: 'И двете',
};

type TextFieldName = 'company' | 'name' | 'email';
type InquiryForm = UseFormReturn<InquiryFormState, unknown, InquiryFormState>;

interface ContactTextFieldProps {
  form: InquiryForm;
  name: TextFieldName;
  id: string;
  label: string;
  autoComplete: string;
  type?: 'email';
}

/**
 * A required text field with its live error. It subscribes to its own field's error only, so a
 * keystroke re-renders this field and not the whole wizard.
 */
function ContactTextField({ form, name, id, label, autoComplete, type }: ContactTextFieldProps) {
  const error = useFormState({ control: form.control, name, exact: true }).errors[name]?.message;
  return (
    <FormField id={id} label={label} required error={error}>
      <Input
        id={id}
        type={type}
        inputMode={type}
        {...form.register(name)}
        autoComplete={autoComplete}
        required
        {...fieldAria(id, error)}
      />
    </FormField>
  );
}

/** Step 2's gate: its hint and buttons, the only part that reads every value on each keystroke. */
function DetailsActions({ control, onBack }: { control: Control<InquiryFormState>; onBack: () => void }) {
  const values = useWatch({ control }) as InquiryFormState;
  const ready = canLeaveContactStep(values);
  return (
    <>
      {!ready && <p className="text-sm text-slate-600">Попълнете полетата, отбелязани със *, за да продължите.</p>}
      <StepButtons onBack={onBack} label="Напред" disabled={!ready} />
    </>
  );
}

export interface DetailsStepProps {
  form: InquiryForm;
  /** The id of a field of the form (unique on the page). */
  fieldId: (name: string) => string;
  onSubmit: (event: FormEvent) => void;
  onBack: () => void;
}

/**
 * The inquiry's step 2: the company, the name, how to be reached, and the e-mail, the phone or
 * both, as the chosen way asks.
 */
export function DetailsStep({ form, fieldId, onSubmit, onBack }: DetailsStepProps) {
  const { control, register, setValue } = form;
  // the layout follows these two: which fields show, and the phone's country
  const [contactMethod, phoneCountry] = useWatch({ control, name: ['contactMethod', 'phoneCountry'] });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <ContactTextField form={form} name="company" id={fieldId('company')} label="Компания" autoComplete="organization" />
      <ContactTextField form={form} name="name" id={fieldId('name')} label="Име" autoComplete="name" />

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">Как предпочитате да се свържем с вас?</legend>
        <div className="flex flex-wrap gap-2">
          {CONTACT_METHODS.map((method) => (
            <label
              key={method}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
                contactMethod === method ? 'border-brand-600 bg-brand-50 text-brand-800' : 'border-slate-300 text-slate-800',
              )}
            >
              <input type="radio" value={method} {...register('contactMethod')} className="size-4 accent-brand-600" />
              {CONTACT_METHOD_CHOICES[method]}
            </label>
          ))}
        </div>
      </fieldset>

      {showsEmail(contactMethod) && (
        <ContactTextField form={form} name="email" id={fieldId('email')} label="Имейл" autoComplete="email" type="email" />
      )}
      {showsPhone(contactMethod) && (
        <Controller
          control={control}
          name="phone"
          render={({ field, fieldState }) => (
            <FormField id={fieldId('phone')} label="Телефон" required error={fieldState.error?.message}>
              <PhoneInput
                id={fieldId('phone')}
                country={phoneCountry}
                onCountryChange={(code) => setValue('phoneCountry', code, { shouldDirty: true })}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                required
                invalid={!!fieldState.error}
                describedBy={fieldAria(fieldId('phone'), fieldState.error?.message)['aria-describedby']}
              />
            </FormField>
          )}
        />
      )}

      <DetailsActions control={control} onBack={onBack} />
    </form>
  );
}
