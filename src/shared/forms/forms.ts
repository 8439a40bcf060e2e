/*
 * The one place that sets how the forms validate: react-hook-form with a zod schema
 * per form. Errors show after a field is left or the form is submitted, and are live once shown
 * (mode 'onTouched', reValidateMode 'onChange'), so every form behaves alike. A form that must
 * check live (the inquiry wizard) passes mode 'onChange' and says why.
 *
 * Import this only from lazily loaded dialogs and pages: react-hook-form and zod must never be
 * part of the landing page's first paint (tests/build/bundle.test.ts checks it).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type UseFormProps } from 'react-hook-form';
import type * as z from 'zod/mini';
export { fieldAria } from '@/shared/ui/form-field';

export interface SchemaFormOptions<T extends FieldValues> extends Omit<UseFormProps<T>, 'resolver' | 'defaultValues'> {
  defaultValues: DefaultValues<T>;
}

/** useForm with the schema as resolver and the shared timing (overridable per form). */
export function useSchemaForm<T extends FieldValues>(schema: z.ZodMiniType<T, T>, options: SchemaFormOptions<T>) {
  return useForm<T, unknown, T>({
    mode: 'onTouched',
    reValidateMode: 'onChange',
    ...options,
    resolver: zodResolver(schema),
  });
}
