import { RotateCcw } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { Button } from '@/shared/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/shared/ui/dialog';
import { FormField } from '@/shared/ui/form-field';
import { Input } from '@/shared/ui/input';
import { fieldAria, useSchemaForm } from '@/shared/forms/forms';
import type { BinItem } from './api';
import { quoted } from './messages';
import { MIN_PASSWORD_LENGTH } from '@/admin/kit/forms/password-rule';
import { restorePasswordSchema, type RestorePasswordValues } from './password-schema';

export const restoreUserText = {
  title: 'Възстановяване на потребител',
  note: 'Акаунтът за вход беше изтрит заедно с потребителя и всичките му стари сесии са прекратени. Задайте нова парола, с която потребителят ще влиза отново.',
  label: 'Нова парола',
  hint: `Поне ${MIN_PASSWORD_LENGTH} символа. Предайте я на потребителя по сигурен начин.`,
  submit: 'Възстанови',
  busy: 'Възстановяване...',
} as const;

export interface RestoreUserDialogProps {
  /** The blog user to restore; null keeps the dialog closed. */
  item: BinItem | null;
  /** While the restore runs: the dialog stays, its buttons wait. */
  pending: boolean;
  onCancel: () => void;
  onRestore: (password: string) => void;
}

/**
 * A blog user's restore asks for a new password first: its sign-in account was removed with it,
 * and the database makes a new one with this password.
 */
export function RestoreUserDialog({ item, pending, onCancel, onRestore }: RestoreUserDialogProps) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && !pending && onCancel()}>
      {item && (
        <DialogContent title={restoreUserText.title} description={restoreUserText.note} maxWidth={480}>
          {/* keyed: every item starts with an empty field */}
          <PasswordForm key={item.id} item={item} pending={pending} onRestore={onRestore} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function PasswordForm({ item, pending, onRestore }: { item: BinItem; pending: boolean; onRestore: (password: string) => void }) {
  const { register, handleSubmit, formState } = useSchemaForm<RestorePasswordValues>(restorePasswordSchema, { defaultValues: { password: '' } });
  const uid = useId();
  const fieldId = `${uid}-password`;
  const error = formState.errors.password?.message;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.stopPropagation();
    void handleSubmit((values) => onRestore(values.password))(event);
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-busy={pending}>
      <p className="text-sm text-slate-800">
        Потребител: <strong>{quoted(item.label)}</strong>
      </p>
      <FormField id={fieldId} label={restoreUserText.label} required hint={restoreUserText.hint} error={error}>
        <Input
          id={fieldId}
          type="password"
          autoComplete="new-password"
          required
          aria-required="true"
          disabled={pending}
          {...register('password')}
          {...fieldAria(fieldId, error, true)}
        />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            Отказ
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          <RotateCcw aria-hidden="true" />
          {pending ? restoreUserText.busy : restoreUserText.submit}
        </Button>
      </div>
    </form>
  );
}
