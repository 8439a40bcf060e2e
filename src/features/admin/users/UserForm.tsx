import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useRecheckOnDenied, writeErrorMessage } from '../api';
import { FormAlert } from '../components/FormAlert';
import { useEditConflict } from '../components/useEditConflict';
import { fetchBlogUser, useSaveBlogUser } from './api';
import type { AdminBlogUser } from './types';
import {
  emptyUserValues,
  hasErrors,
  MIN_PASSWORD_LENGTH,
  userFormText,
  userPayload,
  userValuesFrom,
  validateUser,
  type UserFormErrors,
  type UserFormValues,
} from './user-form';
import { describedBy, FormField as Field } from '@/components/ui/form-field';



export interface UserFormProps {
  user: AdminBlogUser | null;
  onDone: () => void;
}

/** 'Нов потребител' / 'Редактиране на потребител' (spec sections 2 and 5). */
export function UserForm({ user: loadedUser, onDone }: UserFormProps) {
  const mode = loadedUser ? 'edit' : 'create';
  // The version being edited (replaced by 'Зареди текущата версия') and the guard of the next update.
  const [user, setUser] = useState<AdminBlogUser | null>(loadedUser);
  const [expectedUpdatedAt, setExpectedUpdatedAt] = useState<string | undefined>(loadedUser?.updated_at);
  const [values, setValues] = useState<UserFormValues>(() => (loadedUser ? userValuesFrom(loadedUser) : emptyUserValues()));
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const save = useSaveBlogUser();
  const recheckOnDenied = useRecheckOnDenied();
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;

  function set<K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) {
    const next = { ...values, [key]: value };
    setValues(next);
    // After a first attempt, errors follow the typing.
    if (submitted) setErrors(validateUser(next, mode));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const found = validateUser(values, mode);
    setErrors(found);
    if (hasErrors(found)) {
      const first = (['username', 'email', 'password'] as const).find((k) => found[k]);
      if (first) document.getElementById(id(first))?.focus();
      return;
    }
    submit(values);
  }

  const conflict = useEditConflict({
    name: user?.full_name || user?.username || values.username,
    onReload: async () => {
      const current = await fetchBlogUser(user!.id);
      setUser(current);
      setExpectedUpdatedAt(current.updated_at);
      setValues(userValuesFrom(current));
      setErrors({});
      setSaveError(null);
    },
    onOverwrite: (currentUpdatedAt) => submit(values, currentUpdatedAt),
  });

  function submit(submitted: UserFormValues, guard = expectedUpdatedAt) {
    setSaveError(null);
    save.mutate(
      { id: user?.id, expectedUpdatedAt: guard, payload: userPayload(submitted) },
      {
        onSuccess: (saved) => {
          setExpectedUpdatedAt(saved.updated_at);
          toast({ title: user ? 'Потребителят е обновен' : 'Потребителят е създаден' });
          onDone();
        },
        onError: (error) => {
          if (conflict.show(error)) return;
          console.error('[admin] saving the user failed', error);
          const message = writeErrorMessage(error, userFormText.saveFallback);
          setSaveError(message);
          toast({ title: 'Грешка', description: message, variant: 'destructive' });
          recheckOnDenied(error);
        },
      },
    );
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
          <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-labelledby={id('heading')} aria-busy={save.isPending}>
            {saveError && <FormAlert title="Грешка">{saveError}</FormAlert>}
            <Field id={id('username')} label="Потребителско име" required error={errors.username}>
              <Input
                id={id('username')}
                autoComplete="off"
                value={values.username}
                onChange={(e) => set('username', e.target.value)}
                required
                aria-invalid={errors.username ? true : undefined}
                aria-describedby={describedBy(id('username'), false, Boolean(errors.username))}
              />
            </Field>
            <Field id={id('full_name')} label="Пълно име">
              <Input id={id('full_name')} autoComplete="off" value={values.full_name} onChange={(e) => set('full_name', e.target.value)} />
            </Field>
            <Field id={id('email')} label="Имейл" required error={errors.email}>
              <Input
                id={id('email')}
                type="email"
                inputMode="email"
                autoComplete="off"
                value={values.email}
                onChange={(e) => set('email', e.target.value)}
                required
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={describedBy(id('email'), false, Boolean(errors.email))}
              />
            </Field>
            <Field id={id('password')} label="Парола" required={mode === 'create'} hint={passwordHint} error={errors.password}>
              <Input
                id={id('password')}
                type="password"
                autoComplete="new-password"
                value={values.password}
                onChange={(e) => set('password', e.target.value)}
                required={mode === 'create'}
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={describedBy(id('password'), true, Boolean(errors.password))}
              />
            </Field>
            <div className="flex items-center gap-3">
              <input
                id={id('active')}
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={values.is_active}
                onChange={(e) => set('is_active', e.target.checked)}
              />
              <Label htmlFor={id('active')}>Активен</Label>
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={onDone} disabled={save.isPending}>
                Отказ
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Запазване...' : user ? 'Обнови потребителя' : 'Създай потребителя'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      {conflict.dialog}
    </section>
  );
}
