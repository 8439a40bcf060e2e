import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useRecheckOnDenied, writeErrorMessage } from '@/admin/kit/data/api';
import { useUnsavedChanges } from '@/admin/kit/navigation/unsaved-changes';
import { Card, CardContent } from '@/admin/kit/ui/card';
import { fieldAria, useSchemaForm } from '@/shared/forms/forms';
import { Button } from '@/shared/ui/button';
import { FormField } from '@/shared/ui/form-field';
import { Input } from '@/shared/ui/input';
import { toast } from '@/shared/ui/use-toast';
import { useSavePrivacySettings, type PrivacySettings } from './api';
import { privacyRefusal, privacySettingsSchema, PROCESSORS_MAX, settingsValuesFrom, type PrivacySettingsValues } from './schema';
import { panelText as t } from './words';

/**
 * 'Администратор на данните': who the notice names as the controller (company, ЕИК, address,
 * e-mail) and the processors, saved together. Only an administrator at aal2 may save them; the
 * public page prints them within seconds of a save.
 */
export function ControllerForm({ stored }: { stored: PrivacySettings }) {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const form = useSchemaForm<PrivacySettingsValues>(privacySettingsSchema, { defaultValues: settingsValuesFrom(stored) });
  const { register, handleSubmit, formState, reset, setError, control } = form;
  const processors = useFieldArray({ control, name: 'processors' });
  useUnsavedChanges(formState.isDirty);
  const save = useSavePrivacySettings();
  const recheckOnDenied = useRecheckOnDenied();
  const errors = formState.errors;

  function submit(values: PrivacySettingsValues) {
    save.mutate(values, {
      onSuccess: (saved) => {
        reset(settingsValuesFrom(saved));
        toast({ title: t.settingsSaved, description: t.settingsSavedDetail });
      },
      onError: (failure) => {
        console.error('[admin] saving the privacy settings failed', failure);
        const refused = privacyRefusal(failure);
        if (refused && refused.field !== 'processors') setError(refused.field, { type: 'server', message: refused.message }, { shouldFocus: true });
        toast({ title: 'Грешка', description: refused?.message ?? writeErrorMessage(failure, t.settingsFailed), variant: 'destructive' });
        recheckOnDenied(failure);
      },
    });
  }

  const field = (name: 'controller_name' | 'controller_eik' | 'controller_address' | 'controller_email', label: string, extra: Record<string, unknown> = {}, hint?: string) => (
    <FormField id={id(name)} label={label} hint={hint} error={errors[name]?.message}>
      <Input id={id(name)} {...register(name)} {...extra} {...fieldAria(id(name), errors[name]?.message, Boolean(hint))} />
    </FormField>
  );

  return (
    <Card>
      <CardContent className="pt-6">
        <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-6" aria-label={t.controllerHeading} aria-busy={save.isPending}>
          <div className="grid gap-4 md:grid-cols-2">
            {field('controller_name', 'Дружество', { autoComplete: 'organization' })}
            {field('controller_eik', 'ЕИК', { inputMode: 'numeric', autoComplete: 'off', spellCheck: false }, t.eikHint)}
            {field('controller_address', 'Адрес', { autoComplete: 'street-address' })}
            {field('controller_email', 'Имейл за връзка', { type: 'email', inputMode: 'email', autoComplete: 'email' })}
          </div>

          <fieldset className="grid gap-4">
            <legend className="text-base font-semibold text-slate-900">{t.processorsHeading}</legend>
            <p className="text-sm text-slate-700">{t.processorsIntro}</p>
            {processors.fields.length === 0 && <p className="text-sm text-slate-600">{t.processorsNone}</p>}
            <ol className="grid gap-4">
              {processors.fields.map((item, i) => {
                const rowErrors = errors.processors?.[i];
                const rowId = (name: string) => id(`processor-${item.id}-${name}`);
                return (
                  <li key={item.id} className="grid gap-3 rounded-lg border border-slate-200 p-4 md:grid-cols-[1fr_2fr_1fr_auto] md:items-start">
                    <FormField id={rowId('name')} label={`Обработващ ${i + 1}: име`} error={rowErrors?.name?.message}>
                      <Input id={rowId('name')} {...register(`processors.${i}.name`)} {...fieldAria(rowId('name'), rowErrors?.name?.message)} />
                    </FormField>
                    <FormField id={rowId('purpose')} label="За какво" error={rowErrors?.purpose?.message}>
                      <Input id={rowId('purpose')} {...register(`processors.${i}.purpose`)} {...fieldAria(rowId('purpose'), rowErrors?.purpose?.message)} />
                    </FormField>
                    <FormField id={rowId('location')} label="Къде" error={rowErrors?.location?.message}>
                      <Input id={rowId('location')} {...register(`processors.${i}.location`)} {...fieldAria(rowId('location'), rowErrors?.location?.message)} />
                    </FormField>
                    <Button variant="ghost" className="md:mt-7" onClick={() => processors.remove(i)} aria-label={`Премахни обработващ ${i + 1}`}>
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </li>
                );
              })}
            </ol>
            {errors.processors?.root?.message && <p className="text-sm text-danger-700">{errors.processors.root.message}</p>}
            <div>
              <Button
                variant="outline"
                onClick={() => processors.append({ name: '', purpose: '', location: '' })}
                disabled={processors.fields.length >= PROCESSORS_MAX}
              >
                <Plus aria-hidden="true" />
                Добави обработващ
              </Button>
            </div>
          </fieldset>

          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Запазване...' : 'Запази данните'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
