import { Video } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/shared/ui/button';
import { Card, CardContent } from '@/admin/kit/ui/card';
import { errorId, hintId } from '@/shared/ui/form-field';
import { Input } from '@/shared/ui/input';
import { Label } from '@/shared/ui/label';
import { toast } from '@/shared/ui/use-toast';
import { fieldAria, useSchemaForm } from '@/shared/forms/forms';
import { useRecheckOnDenied, writeErrorMessage } from '@/admin/kit/data/api';
import { FormAlert } from '@/admin/kit/ui/FormAlert';
import { Loading } from '@/admin/kit/ui/Loading';
import { useUnsavedChanges } from '@/admin/kit/navigation/unsaved-changes';
import { useMeetingSettings, useSaveMeetingLink, type MeetingSettings } from './meeting-api';
import { meetingLinkInput, meetingRefusal, meetingSchema, meetingText, type MeetingFormValues } from './meeting-schema';

/**
 * 'Връзка за срещите' of the 'Календар' tab: a fixed room (Zoom, Google Meet…) every booking gets,
 * or none, and then each booking gets a new Jitsi room. Saved on its own: it is the admins' row
 * (public.meeting_settings), not the settings everyone reads. The database puts the link on each
 * booking when it is made; bookings made before a change keep theirs.
 */
export function MeetingLinkSection() {
  const uid = useId();
  const settings = useMeetingSettings();
  return (
    <section aria-labelledby={`${uid}-heading`} className="grid gap-4">
      <div className="grid gap-1">
        <h2 id={`${uid}-heading`} className="flex items-center gap-2 text-xl font-semibold text-slate-900">
          <Video aria-hidden="true" className="size-5" />
          {meetingText.heading}
        </h2>
        <p className="text-sm text-slate-700">Къде се провеждат консултациите: връзката е в имейлите до клиента, в поканата за календара и тук, в резервациите.</p>
      </div>
      {settings.isPending ? (
        <Loading size="line">Зареждане на връзката за срещите...</Loading>
      ) : settings.isError ? (
        <FormAlert onRetry={() => void settings.refetch()} retrying={settings.isFetching}>
          {meetingText.loadFailed}
        </FormAlert>
      ) : (
        <MeetingLinkForm stored={settings.data} />
      )}
    </section>
  );
}

function MeetingLinkForm({ stored }: { stored: MeetingSettings | null }) {
  const uid = useId();
  const fieldId = `${uid}-link`;
  const form = useSchemaForm<MeetingFormValues>(meetingSchema, { defaultValues: { meeting_link: stored?.meeting_link ?? '' } });
  const { register, handleSubmit, formState, reset, setError } = form;
  useUnsavedChanges(formState.isDirty);
  const error = formState.errors.meeting_link?.message;
  const save = useSaveMeetingLink();
  const recheckOnDenied = useRecheckOnDenied();
  const current = stored?.meeting_link ?? null;

  function submit(values: MeetingFormValues) {
    const link = meetingLinkInput(values);
    save.mutate(link, {
      onSuccess: (saved) => {
        reset({ meeting_link: saved.meeting_link ?? '' });
        toast({ title: meetingText.saved, description: saved.meeting_link ? meetingText.savedFixed : meetingText.savedJitsi });
      },
      onError: (failure) => {
        console.error('[admin] saving the meeting link failed', failure);
        const refused = meetingRefusal(failure);
        if (refused) setError('meeting_link', { type: 'server', message: refused }, { shouldFocus: true });
        toast({ title: 'Грешка', description: refused ?? writeErrorMessage(failure, meetingText.saveFailed), variant: 'destructive' });
        recheckOnDenied(failure);
      },
    });
  }

  return (
    <Card>
      <CardContent className="pt-6">
        <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-4" aria-label={meetingText.heading} aria-busy={save.isPending}>
          <div className="grid gap-1.5">
            <Label htmlFor={fieldId}>{meetingText.heading}</Label>
            <Input
              id={fieldId}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://meet.google.com/abc-defg-hij"
              {...register('meeting_link')}
              {...fieldAria(fieldId, error, true)}
            />
            <p id={hintId(fieldId)} className="text-xs text-slate-600">
              Постоянна връзка (Zoom, Google Meet…), която получава всяка резервация. Оставете празно, за да получава всяка
              резервация своя нова стая в Jitsi Meet (https://meet.jit.si/…).
            </p>
            {error && (
              <p id={errorId(fieldId)} className="text-sm text-danger-700">
                {error}
              </p>
            )}
          </div>
          <p role="status" className="text-sm text-slate-700">
            {current ? `Сега: всички срещи са на ${current}` : 'Сега: всяка резервация получава своя стая в Jitsi Meet.'}
          </p>
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Запазване...' : 'Запази връзката'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
