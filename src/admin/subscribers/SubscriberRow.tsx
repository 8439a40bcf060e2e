import { MailCheck, MailMinus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, type BadgeVariant } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { formatDateTimeBg } from '@/shared/domain/dates';
import { Card } from '@/admin/kit/ui/card';
import type { Subscriber, SubscriberStatus } from './api';
import { canUnsubscribe, liftedBy, shownAddress, softBouncesText, stateText, subscriberText, UNSUBSCRIBED_VIA } from './words';

/* One subscriber of the 'Абонати' list: its state, its dates (with the lifts of a suppression) and its actions. */

const BADGE: Record<SubscriberStatus, BadgeVariant> = {
  pending: 'secondary',
  confirmed: 'success',
  unsubscribed: 'outline',
  suppressed: 'destructive',
};

export interface SubscriberRowProps {
  subscriber: Subscriber;
  /** Its unsubscribe or erasure is running. */
  busy: boolean;
  onUnsubscribe: (subscriber: Subscriber) => void;
  onErase: (subscriber: Subscriber) => void;
  /** Opens the lift's dialog; `opener` is the button, where focus returns. */
  onLift: (subscriber: Subscriber, opener: HTMLElement) => void;
}

export function SubscriberRow({ subscriber, busy, onUnsubscribe, onErase, onLift }: SubscriberRowProps) {
  const email = shownAddress(subscriber.email);
  return (
    <Card className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:justify-between">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="break-all font-semibold text-slate-900">{email}</h3>
          <Badge variant={BADGE[subscriber.status] ?? 'outline'}>{stateText(subscriber)}</Badge>
        </div>
        <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
          <When term="Абониран на:" at={subscriber.created_at} />
          {subscriber.confirmed_at && <When term="Потвърден на:" at={subscriber.confirmed_at} />}
          {subscriber.unsubscribed_at && (
            <When term="Отписан на:" at={subscriber.unsubscribed_at}>
              {subscriber.unsubscribed_via && ` (${UNSUBSCRIBED_VIA[subscriber.unsubscribed_via] ?? subscriber.unsubscribed_via})`}
            </When>
          )}
          {subscriber.suppressed_at && (
            <When term="Спрян на:" at={subscriber.suppressed_at}>
              {softBouncesText(subscriber)}
            </When>
          )}
          {subscriber.newsletter_suppression_lifts.map((lifted, i) => (
            <When key={`${lifted.lifted_at}-${i}`} term={subscriberText.liftedTerm} at={lifted.lifted_at}>
              {liftedBy(lifted.lifted_by_name, lifted.reason)}
            </When>
          ))}
        </dl>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {subscriber.status === 'suppressed' && (
          <Button size="sm" variant="outline" onClick={(event) => onLift(subscriber, event.currentTarget)} disabled={busy}>
            <MailCheck aria-hidden="true" />
            {subscriberText.lift}{' '}
            <span className="sr-only">{email}</span>
          </Button>
        )}
        {canUnsubscribe(subscriber) && (
          <Button size="sm" variant="outline" onClick={() => onUnsubscribe(subscriber)} disabled={busy}>
            <MailMinus aria-hidden="true" />
            {subscriberText.unsubscribe}{' '}
            <span className="sr-only">{email}</span>
          </Button>
        )}
        <Button size="sm" variant="ghost" className="text-danger-700 hover:bg-danger-50" onClick={() => onErase(subscriber)} disabled={busy}>
          <Trash2 aria-hidden="true" />
          {subscriberText.erase}{' '}
          <span className="sr-only">{email}</span>
        </Button>
      </div>
    </Card>
  );
}

/** One date of a row: 'Потвърден на: 4 декември 2026 г., 10:05'. */
function When({ term, at, children }: { term: string; at: string; children?: ReactNode }) {
  return (
    <div className="flex gap-1">
      <dt className="text-slate-600">{term}</dt>
      <dd>
        <time dateTime={at}>{formatDateTimeBg(at)}</time>
        {children}
      </dd>
    </div>
  );
}
