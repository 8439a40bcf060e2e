import { useId, type ReactNode } from 'react';
import { Button } from '@/shared/ui/button';
import { toast } from '@/shared/ui/use-toast';
import { formatPhone } from '@/shared/domain/phone';
import { useRecheckOnDenied, writeErrorMessage } from '@/admin/kit/data/api';
import { Card } from '@/admin/kit/ui/card';
import { useConfirm } from '@/admin/kit/ui/use-confirm';
import { formatWallClockBg } from '@/admin/kit/formats/wall-clock';
import { useMergeContacts, useReviewDetail } from './api';
import { adoptQuestion, FIELD_NAMES, type PossibleMatch, type Timeline, type UnconfirmedDetail } from './timeline';

/*
 * What forms typed that the contact does not have, and the other contacts with its phone. A form
 * never changes a contact (the database: migration *_contacts_by_admin.sql): a stranger may type a
 * client's name, phone or address, so each of these waits here until an admin adopts it into the
 * contact, dismisses it, or merges the other contact.
 */

export const unconfirmedText = {
  title: 'Нови, непотвърдени данни',
  hint: 'Изпратени са с формуляр и не са променили контакта: всеки може да напише чужди име, телефон или имейл. Приемете ги само ако сте сигурни, че са на този човек.',
  adopt: 'Приеми',
  dismiss: 'Отхвърли',
  adopted: 'Данните са приети в контакта',
  dismissed: 'Данните са отхвърлени',
  failed: 'Неуспешно записване на решението.',
  matchesTitle: 'Възможно същият човек',
  matchesHint: 'Други контакти със същия телефон. Обединете ги само ако сте сигурни, че е един и същи човек.',
  notSame: 'Не е същият',
  notSameDone: 'Контактът остава отделен',
  merge: 'Обедини',
  mergeQuestion: (name: string) => `Да обединим ли „${name}“ с този контакт? Това не може да се върне.`,
  merged: 'Контактите са обединени',
  mergeFailed: 'Неуспешно обединяване на контактите.',
} as const;

const show = (field: UnconfirmedDetail['field'], value: string) => (field === 'phone' ? formatPhone(value) : value);
const SOURCE: Record<UnconfirmedDetail['sources'][number]['kind'], string> = { inquiry: 'запитване', booking: 'резервация' };

/** A region of the contact page for an admin's decisions: its title, why, and one item a decision. */
function ReviewCard({ title, hint, after, children }: { title: string; hint: string; after: ReactNode; children: ReactNode }) {
  const uid = useId();
  return (
    <Card className="grid gap-3 border-amber-300 bg-amber-50 p-5" role="region" aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h3>
      <p className="text-sm text-slate-700">{hint}</p>
      <ul className="grid gap-3" aria-labelledby={`${uid}-title`}>
        {children}
      </ul>
      {after}
    </Card>
  );
}

export function UnconfirmedDetails({ timeline, zone }: { timeline: Timeline; zone: string }) {
  const review = useReviewDetail();
  const recheckOnDenied = useRecheckOnDenied();
  const { confirm, dialog } = useConfirm();
  const { contact, unconfirmed } = timeline;
  if (unconfirmed.length === 0) return null;

  async function decide(detail: UnconfirmedDetail, decision: 'adopt' | 'dismiss') {
    if (decision === 'adopt') {
      const current = contact[detail.field];
      const question = adoptQuestion({ field: detail.field, value: show(detail.field, detail.value) }, current && show(detail.field, current));
      if (!(await confirm({ title: unconfirmedText.title, message: question, confirmLabel: unconfirmedText.adopt, destructive: false }))) return;
    }
    review.mutate(
      { contact: contact.id, field: detail.field, value: detail.value, decision },
      {
        onSuccess: () => toast({ title: decision === 'adopt' ? unconfirmedText.adopted : unconfirmedText.dismissed }),
        onError: (error) => {
          console.error('[admin] reviewing a contact detail failed', error);
          toast({ title: 'Грешка', description: writeErrorMessage(error, unconfirmedText.failed), variant: 'destructive' });
          recheckOnDenied(error);
        },
      },
    );
  }

  return (
    <ReviewCard title={unconfirmedText.title} hint={unconfirmedText.hint} after={dialog}>
        {unconfirmed.map((detail) => {
          const label = `${FIELD_NAMES[detail.field]} „${show(detail.field, detail.value)}“`;
          const newest = detail.sources[0];
          return (
            <li key={`${detail.field}-${detail.value}`} className="flex flex-wrap items-center justify-between gap-2 border-b border-amber-200 pb-3 last:border-0 last:pb-0">
              <div className="grid gap-0.5">
                <p className="text-sm text-slate-900">
                  <span className="font-medium">{FIELD_NAMES[detail.field]}:</span> {show(detail.field, detail.value)}
                </p>
                {newest && (
                  <p className="text-xs text-slate-700">
                    От {SOURCE[newest.kind]} на {formatWallClockBg(newest.at, zone)}
                    {detail.count > 1 ? ` и още ${detail.count - 1}` : ''}
                  </p>
                )}
              </div>
              <div className="flex gap-2">
                <Button size="sm" variant="outline" onClick={() => void decide(detail, 'adopt')} disabled={review.isPending}>
                  {unconfirmedText.adopt} <span className="sr-only">{label}</span>
                </Button>
                <Button size="sm" variant="outline" onClick={() => void decide(detail, 'dismiss')} disabled={review.isPending}>
                  {unconfirmedText.dismiss} <span className="sr-only">{label}</span>
                </Button>
              </div>
            </li>
          );
        })}
    </ReviewCard>
  );
}

export function PossibleMatches({ timeline }: { timeline: Timeline }) {
  const review = useReviewDetail();
  const merge = useMergeContacts();
  const recheckOnDenied = useRecheckOnDenied();
  const { confirm, dialog } = useConfirm();
  const { contact, matches } = timeline;
  if (matches.length === 0) return null;

  const failed = (fallback: string) => (error: unknown) => {
    console.error('[admin] a possible match failed', error);
    toast({ title: 'Грешка', description: writeErrorMessage(error, fallback), variant: 'destructive' });
    recheckOnDenied(error);
  };

  async function onMerge(other: PossibleMatch) {
    const otherName = other.name || other.email || formatPhone(other.phone);
    if (!(await confirm({ title: unconfirmedText.matchesTitle, message: unconfirmedText.mergeQuestion(otherName), confirmLabel: unconfirmedText.merge, destructive: false }))) return;
    merge.mutate({ keep: contact.id, other: other.id }, { onSuccess: () => toast({ title: unconfirmedText.merged }), onError: failed(unconfirmedText.mergeFailed) });
  }

  function onNotSame(other: PossibleMatch) {
    review.mutate(
      { contact: contact.id, field: 'match', value: other.id, decision: 'dismiss' },
      { onSuccess: () => toast({ title: unconfirmedText.notSameDone }), onError: failed(unconfirmedText.failed) },
    );
  }

  const busy = review.isPending || merge.isPending;
  return (
    <ReviewCard title={unconfirmedText.matchesTitle} hint={unconfirmedText.matchesHint} after={dialog}>
        {matches.map((other) => {
          const otherName = other.name || other.email || formatPhone(other.phone);
          return (
            <li key={other.id} className="flex flex-wrap items-center justify-between gap-2 border-b border-amber-200 pb-3 last:border-0 last:pb-0">
              <div className="grid gap-0.5">
                <p className="text-sm font-medium text-slate-900">{otherName}</p>
                <p className="text-xs text-slate-700">
                  {[other.email, other.phone && formatPhone(other.phone)].filter(Boolean).join(' · ')}
                  {other.phones.length > 0 && ` — общ телефон: ${other.phones.map(formatPhone).join(', ')}`}
                </p>
              </div>
              <div className="flex gap-2">
                <Button size="sm" variant="outline" onClick={() => void onMerge(other)} disabled={busy}>
                  {unconfirmedText.merge} <span className="sr-only">{otherName}</span>
                </Button>
                <Button size="sm" variant="outline" onClick={() => onNotSame(other)} disabled={busy}>
                  {unconfirmedText.notSame} <span className="sr-only">{otherName}</span>
                </Button>
              </div>
            </li>
          );
        })}
    </ReviewCard>
  );
}
