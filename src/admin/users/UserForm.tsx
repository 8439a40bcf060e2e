import { useId } from 'react';
import { Button } from '@/shared/ui/button';
import { Card, CardContent } from '@/admin/kit/ui/card';
import { FormField as Field } from '@/shared/ui/form-field';
import { Input } from '@/shared/ui/input';
import { Label } from '@/shared/ui/label';
import { fieldAria, useSchemaForm } from '@/shared/forms/forms';
import { writeErrorMessage } from '@/admin/kit/data/api';
import { FormAlert } from '@/admin/kit/ui/FormAlert';
import { useUnsavedChanges } from '@/admin/kit/navigation/unsaved-changes';
import { useGuardedSave } from '@/admin/kit/saving/use-guarded-save';
import { userRecords } from './api';
import { emptyUserValues, userFormText, userPayload, userSchemas, userValuesFrom, type UserFormValues } from './schema';
import { MIN_PASSWORD_LENGTH } from '@/admin/kit/forms/password-rule';
import type { AdminBlogUser } from './types';
import { RoleFields } from './RoleFields';

export interface UserFormProps {
  user: AdminBlogUser | null;
  onDone: () => void;
}

/** 'Нов потребител' / 'Редактиране на потребител': the user form. */
export function UserForm({ user: loadedUser, onDone }: UserFormProps) {
  const mode = loadedUser ? 'edit' : 'create';
  const form = useSchemaForm<UserFormValues>(userSchemas[mode], {
    defaultValues: loadedUser ? userValuesFrom(loadedUser) : emptyUserValues(),
  });
  const { register, handleSubmit, formState } = form;
  const { confirmLeave } = useUnsavedChanges(formState.isDirty);
  const save = useGuardedSave({
    loaded: loadedUser,
    form,
    valuesOf: (user) => (user ? userValuesFrom(user) : emptyUserValues()),
    fetchCurrent: userRecords.fetchRecord,
    nameOf: (user) => (user ? user.full_name || user.username : ''),
    mutation: userRecords.useSave(),
    variables: (values: UserFormValues, id, expectedUpdatedAt) => ({ id, expectedUpdatedAt, payload: userPayload(values) }),
    savedToast: { title: loadedUser ? 'Потребителят е обновен' : 'Потребителят е създаден' },
    failure: (error) => writeErrorMessage(error, userFormText.saveFallback),
    what: 'saving the user',
    onSaved: onDone,
  });
  const user = save.record;
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const errors = {
    username: formState.errors.username?.message,
    email: formState.errors.email?.message,
    password: formState.errors.password?.message,
    role: formState.errors.role?.message,
  };

  // 'Отказ' asks first when something was changed (the unsaved-changes guard).
  async function leave() {
    if (await confirmLeave()) onDone();
  }

  const passwordHint =
    mode === 'edit'
      ? `Оставете празно, за да запазите текущата парола. Нова парола: поне ${MIN_PASSWORD_LENGTH} символа.`
      : `Поне ${MIN_PASSWORD_LENGTH} символа. С нея потребителят влиза в администрацията.`;

  return (
    <section aria-labelledby={id('heading')} className="grid gap-4">
      <h2 id={id('heading')} className="text-xl font-semibold text-slate-900">
        {user ? 'Редактиране на потребител' : 'Нов потребител'}
      </h2>
      <Card className="max-w-2xl">
        <CardContent className="pt-6">
          <form noValidate onSubmit={handleSubmit((values) => save.submit(values))} className="grid gap-5" aria-labelledby={id('heading')} aria-busy={save.isPending}>
            {save.saveError && <FormAlert title="Грешка">{save.saveError}</FormAlert>}
            <Field id={id('username')} label="Потребителско име" required error={errors.username}>
              <Input
                id={id('username')}
                autoComplete="off"
                required
                {...register('username')}
                {...fieldAria(id('username'), errors.username)}
              />
            </Field>
            <Field id={id('full_name')} label="Пълно име">
              <Input id={id('full_name')} autoComplete="off" {...register('full_name')} />
            </Field>
            <Field id={id('email')} label="Имейл" required error={errors.email}>
              <Input id={id('email')} type="email" inputMode="email" autoComplete="off" required {...register('email')} {...fieldAria(id('email'), errors.email)} />
            </Field>
            <Field id={id('password')} label="Парола" required={mode === 'create'} hint={passwordHint} error={errors.password}>
              <Input
                id={id('password')}
                type="password"
                autoComplete="new-password"
                required={mode === 'create'}
                {...register('password')}
                {...fieldAria(id('password'), errors.password, true)}
              />
            </Field>
            <RoleFields idPrefix={uid} error={errors.role} inputProps={() => register('role')} />
            <div className="flex items-center gap-3">
              <input
                id={id('active')}
                type="checkbox"
                className="size-4 accent-brand-600"
                {...register('is_active')}
              />
              <Label htmlFor={id('active')}>Активен</Label>
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={() => void leave()} disabled={save.isPending}>
                Отказ
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Запазване...' : user ? 'Обнови потребителя' : 'Създай потребителя'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      {save.conflictDialog}
    </section>
  );
}
