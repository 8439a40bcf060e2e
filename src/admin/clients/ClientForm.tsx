import { Info } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useController, type FieldErrors } from 'react-hook-form';
import { Button } from '@/shared/ui/button';
import { Card, CardContent } from '@/admin/kit/ui/card';
import { errorId } from '@/shared/ui/form-field';
import { Input } from '@/shared/ui/input';
import { Label } from '@/shared/ui/label';
import { toast } from '@/shared/ui/use-toast';
import { fieldAria, useSchemaForm } from '@/shared/forms/forms';
import { writeErrorMessage } from '@/admin/kit/data/api';
import { imageAltText, isImageAltMissing } from '@/admin/kit/media/image-alt';
import { FormAlert } from '@/admin/kit/ui/FormAlert';
import { ImageUploadField } from '@/admin/kit/media/ImageUploadField';
import { useUnsavedChanges } from '@/admin/kit/navigation/unsaved-changes';
import { useGuardedSave } from '@/admin/kit/saving/use-guarded-save';
import { clientRecords, type AdminClient } from './api';
import { clientFormText, clientSchema, clientValuesFrom, type ClientValues } from './schema';

export interface ClientFormProps {
  client: AdminClient | null;
  onDone: () => void;
}

/** 'Нов клиент' / 'Редактиране на клиент': the client form. */
export function ClientForm({ client: loadedClient, onDone }: ClientFormProps) {
  const form = useSchemaForm<ClientValues>(clientSchema, { defaultValues: clientValuesFrom(loadedClient) });
  const { register, control, handleSubmit, watch, formState } = form;
  const { confirmLeave } = useUnsavedChanges(formState.isDirty);
  const [uploading, setUploading] = useState(false);
  const uid = useId();
  const nameId = `${uid}-name`;
  const nameError = formState.errors.name?.message;
  const [name, logo, logoAlt] = watch(['name', 'logo', 'logo_alt']);
  const alt = useController({ control, name: 'logo_alt' });
  const save = useGuardedSave({
    loaded: loadedClient,
    form,
    valuesOf: clientValuesFrom,
    fetchCurrent: clientRecords.fetchRecord,
    nameOf: (client) => client?.name ?? name,
    mutation: clientRecords.useSave(),
    variables: (payload: ClientValues, id, expectedUpdatedAt) => ({ id, expectedUpdatedAt, payload }),
    savedToast: { title: loadedClient ? 'Клиентът е обновен' : 'Клиентът е създаден' },
    failure: (error) => {
      // the database wants the logo's alt text: say it on that field too
      if (isImageAltMissing(error)) form.setError('logo_alt', { type: 'server', message: imageAltText.required });
      return writeErrorMessage(error, clientFormText.saveFallback);
    },
    what: 'saving the client',
    onSaved: onDone,
  });
  const client = save.record;

  // 'Отказ' asks first when something was changed (the unsaved-changes guard).
  async function leave() {
    if (await confirmLeave()) onDone();
  }

  // The schema found something: the form library has focused the name if it is missing; a
  // missing logo (a file chooser, not a text field) or its alt text is also said in a toast.
  function onInvalid(errors: FieldErrors<ClientValues>) {
    const message = errors.logo?.message ?? errors.logo_alt?.message;
    if (!errors.name && message) toast({ title: 'Грешка', description: message, variant: 'destructive' });
  }

  return (
    <section aria-labelledby={`${uid}-heading`} className="grid gap-4">
      <h2 id={`${uid}-heading`} className="text-xl font-semibold text-slate-900">
        {client ? 'Редактиране на клиент' : 'Нов клиент'}
      </h2>
      <div className="flex items-start gap-2 rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p>
          Таблицата <code>clients</code> се създава с миграция на базата данни (<code>supabase/migrations</code>). Клиентите се показват в
          карусела на началната страница.
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <Card>
          <CardContent className="pt-6">
            <form noValidate onSubmit={handleSubmit((values) => save.submit(values), onInvalid)} className="grid gap-5" aria-labelledby={`${uid}-heading`} aria-busy={save.isPending}>
              {save.saveError && <FormAlert title="Грешка">{save.saveError}</FormAlert>}
              <div className="grid gap-1.5">
                <Label htmlFor={nameId} required>
                  Име на клиента
                </Label>
                <Input id={nameId} required {...register('name')} {...fieldAria(nameId, nameError)} />
                {nameError && (
                  <p id={errorId(nameId)} className="text-sm text-danger-700">
                    {nameError}
                  </p>
                )}
              </div>
              <Controller
                control={control}
                name="logo"
                render={({ field, fieldState }) => (
                  <ImageUploadField
                    label="Лого"
                    required
                    value={field.value}
                    onChange={field.onChange}
                    alt={alt.field.value}
                    onAltChange={alt.field.onChange}
                    altError={alt.fieldState.error?.message}
                    folder="clients"
                    fit="contain"
                    previewWidth={300}
                    previewHeight={200}
                    hint="Препоръчителен размер: 300x200 px, PNG с прозрачен фон."
                    successTitle="Логото е качено"
                    error={fieldState.error?.message}
                    onBusyChange={setUploading}
                    uploadLabel="Качи лого"
                  />
                )}
              />
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="outline" onClick={() => void leave()} disabled={save.isPending}>
                  Отказ
                </Button>
                <Button type="submit" disabled={save.isPending || uploading}>
                  {save.isPending ? 'Запазване...' : client ? 'Обнови клиента' : 'Създай клиента'}
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
        <div className="grid content-start gap-2">
          <h3 className="text-sm font-medium text-slate-800">Преглед в карусела</h3>
          <Card className="flex flex-col items-center gap-3 p-6">
            <div className="flex h-[100px] w-[150px] items-center justify-center">
              {logo ? (
                <img src={logo} alt={logoAlt.trim() || (name ? `Лого на ${name}` : 'Лого')} width={150} height={100} className="max-h-full max-w-full object-contain" />
              ) : (
                <span className="text-sm text-slate-600">Няма лого</span>
              )}
            </div>
            <p className="font-medium text-slate-800">{name.trim() || 'Име на клиента'}</p>
          </Card>
        </div>
      </div>
      {save.conflictDialog}
    </section>
  );
}
