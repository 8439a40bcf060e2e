import { useId, useState } from 'react';
import { Button } from '@/shared/ui/button';
import { errorId, hintId } from '@/shared/ui/form-field';
import { Input } from '@/shared/ui/input';
import { Label } from '@/shared/ui/label';
import { toast } from '@/shared/ui/use-toast';
import { fieldAria, useSchemaForm } from '@/shared/forms/forms';
import { Card, CardContent } from '@/admin/kit/ui/card';
import { useRecheckOnDenied, writeErrorMessage } from '@/admin/kit/data/api';
import { FormAlert } from '@/admin/kit/ui/FormAlert';
import { useUnsavedChanges } from '@/admin/kit/navigation/unsaved-changes';
import { useAddCalendarFeed } from './feeds-api';
import { EMPTY_FEED, FEED_LABEL_MAX, FEED_OWNER_MAX, feedInput, feedRefusal, feedSchema, feedText, type FeedFormValues } from './feed-schema';

/**
 * 'Нов календар': a name, the private iCal address, which is sent once and never shown again
 * (the field hides what is typed, and empties after the save), and optionally the owner's own
 * address in that calendar, by which the sync knows the invitations they have not accepted.
 */
export function AddFeedForm() {
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const { register, handleSubmit, reset, setError, formState } = useSchemaForm<FeedFormValues>(feedSchema, { defaultValues: EMPTY_FEED });
  useUnsavedChanges(formState.isDirty);
  const errors = { label: formState.errors.label?.message, url: formState.errors.url?.message, owner: formState.errors.owner?.message };
  const add = useAddCalendarFeed();
  const recheckOnDenied = useRecheckOnDenied();
  const [formError, setFormError] = useState<string | null>(null);

  function submit(values: FeedFormValues) {
    setFormError(null);
    add.mutate(feedInput(values), {
      onSuccess: () => {
        reset(EMPTY_FEED);
        toast({ title: feedText.added, description: feedText.addedText });
      },
      onError: (error) => {
        console.error('[admin] adding a calendar feed failed', error);
        const refused = feedRefusal(error);
        if (refused?.field) {
          setError(refused.field, { type: 'server', message: refused.message }, { shouldFocus: true });
        } else {
          setFormError(refused?.message ?? writeErrorMessage(error, feedText.addFailed));
        }
        recheckOnDenied(error);
      },
    });
  }

  return (
    <Card className="content-start">
      <CardContent className="pt-6">
        <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-4" aria-labelledby={id('heading')} aria-busy={add.isPending}>
          <h3 id={id('heading')} className="text-sm font-medium text-slate-800">
            Нов календар
          </h3>
          {formError && <FormAlert title="Грешка">{formError}</FormAlert>}
          <div className="grid gap-1.5">
            <Label htmlFor={id('label')} required>
              Име
            </Label>
            <Input id={id('label')} maxLength={FEED_LABEL_MAX} placeholder="напр. Служебен календар" required {...register('label')} {...fieldAria(id('label'), errors.label)} />
            {errors.label && (
              <p id={errorId(id('label'))} className="text-sm text-danger-700">
                {errors.label}
              </p>
            )}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={id('url')} required>
              Адрес (iCal)
            </Label>
            {/* a secret: typed unseen, sent once, never shown again */}
            <Input
              id={id('url')}
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://…/basic.ics"
              required
              {...register('url')}
              {...fieldAria(id('url'), errors.url, true)}
            />
            <div id={hintId(id('url'))} className="grid gap-1 text-xs text-slate-600">
              <p>Тайният адрес на календара ви. Пазим го шифрован и не го показваме повече.</p>
              <p>
                Google Calendar: Настройки → (календарът) → „Таен адрес във формат iCal“. Outlook: Настройки → Календар → Споделени
                календари → „Публикуване на календар“ → ICS връзка.
              </p>
            </div>
            {errors.url && (
              <p id={errorId(id('url'))} className="text-sm text-danger-700">
                {errors.url}
              </p>
            )}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={id('owner')}>Вашият имейл в този календар</Label>
            <Input
              id={id('owner')}
              type="email"
              autoComplete="off"
              spellCheck={false}
              maxLength={FEED_OWNER_MAX}
              placeholder="напр. maria@example.com"
              {...register('owner')}
              {...fieldAria(id('owner'), errors.owner, true)}
            />
            <p id={hintId(id('owner'))} className="text-xs text-slate-600">
              По него разпознаваме поканите, които не сте приели: те не заемат време. Не е задължителен; за Google го знаем от адреса.
            </p>
            {errors.owner && (
              <p id={errorId(id('owner'))} className="text-sm text-danger-700">
                {errors.owner}
              </p>
            )}
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? 'Добавяне...' : 'Добави календара'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
