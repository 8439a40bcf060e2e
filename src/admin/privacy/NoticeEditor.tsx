import { useId } from 'react';
import { useRecheckOnDenied, writeErrorMessage } from '@/admin/kit/data/api';
import { PreviewButton } from '@/admin/kit/forms/PreviewButton';
import { useUnsavedChanges } from '@/admin/kit/navigation/unsaved-changes';
import { FormWarning } from '@/admin/kit/ui/FormAlert';
import { fieldAria, useSchemaForm } from '@/shared/forms/forms';
import { hintOf } from '@/shared/db/errors';
import { Button } from '@/shared/ui/button';
import { FormField } from '@/shared/ui/form-field';
import { Textarea } from '@/shared/ui/textarea';
import { toast } from '@/shared/ui/use-toast';
import { usePublishNotice } from './api';
import { NOTICE_MAX, noticeSchema, type NoticeValues } from './schema';
import { panelText as t } from './words';

/** What the preview page renders of the draft (src/site/pages/privacy/PrivacyPreview.tsx). */
const toPreview = (values: NoticeValues) => ({ body: values.body });

/**
 * The notice's text: a markdown field that starts from the current version, 'Преглед' (the public
 * page with this draft, as posts preview) and 'Публикувай нова версия', which adds the next
 * version; the database refuses it without the controller's facts, empty, or unchanged.
 */
export function NoticeEditor({ current, missing }: { current: string; missing: string[] }) {
  const uid = useId();
  const fieldId = `${uid}-body`;
  const form = useSchemaForm<NoticeValues>(noticeSchema, { defaultValues: { body: current } });
  const { register, handleSubmit, formState, reset, setError } = form;
  useUnsavedChanges(formState.isDirty);
  const publish = usePublishNotice();
  const recheckOnDenied = useRecheckOnDenied();
  const error = formState.errors.body?.message;

  function submit(values: NoticeValues) {
    publish.mutate(values.body, {
      onSuccess: (made) => {
        reset({ body: values.body });
        toast({ title: t.published(made.version), description: t.publishedDetail });
      },
      onError: (failure) => {
        console.error('[admin] publishing the privacy notice failed', failure);
        const message = writeErrorMessage(failure, t.publishFailed);
        // a refusal of the text itself lands on the field; the controller's facts are named in the toast
        if (hintOf(failure).startsWith('privacy_notice')) setError('body', { type: 'server', message }, { shouldFocus: true });
        toast({ title: 'Грешка', description: message, variant: 'destructive' });
        recheckOnDenied(failure);
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-4" aria-label={t.noticeHeading} aria-busy={publish.isPending}>
      <FormField id={fieldId} label={t.noticeLabel} hint={`До ${NOTICE_MAX.toLocaleString('bg-BG')} знака.`} error={error}>
        <Textarea id={fieldId} rows={18} spellCheck {...register('body')} {...fieldAria(fieldId, error, true)} className="font-mono text-sm" />
      </FormField>
      {missing.length > 0 && <FormWarning>{t.missingFacts(missing)}</FormWarning>}
      <div className="flex flex-wrap justify-end gap-3">
        <PreviewButton kind="privacy" form={form} toData={toPreview} />
        <Button type="submit" disabled={publish.isPending}>
          {publish.isPending ? t.publishing : t.publish}
        </Button>
      </div>
    </form>
  );
}
