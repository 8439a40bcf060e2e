import { Ban, Check, ExternalLink, UserCheck, UserX } from 'lucide-react';
import { Badge, type BadgeVariant } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { useConfirm } from '@/admin/kit/ui/use-confirm';
import { useConsultantZone } from '@/admin/kit/data/calendar-settings';
import { isKnownTimeZone } from '@/shared/domain/calendar';
import { useSetBookingStatus } from './api';
import { BookingHistory } from './BookingHistory';
import { formatSlotBg } from './format';
import { Detail, InboxCard } from './InboxCard';
import { BOOKING_STATUS_LABELS, bookingActions } from './status';
import type { Booking, BookingStatus } from './types';
import { useStatusAction } from './use-status-action';
import { bookingText } from './booking-words';

const STATUS_BADGE: Record<BookingStatus, { variant: BadgeVariant; className?: string }> = {
  pending: { variant: 'outline', className: 'border-amber-600 bg-amber-50 text-amber-900' },
  confirmed: { variant: 'success' },
  cancelled: { variant: 'destructive' },
  no_show: { variant: 'outline', className: 'border-slate-500 bg-slate-100 text-slate-800' },
};

export type Confirm = ReturnType<typeof useConfirm>['confirm'];
export type ConsultantZone = ReturnType<typeof useConsultantZone>;

/** What every card of the tab shares: the time now, the consultant's zone, the one question dialog. */
export interface CardContext {
  now: number;
  consultant: ConsultantZone;
  confirm: Confirm;
}
export function BookingCard({ booking, now, consultant, confirm }: CardContext & { booking: Booking }) {
  const setStatus = useSetBookingStatus();
  const changeStatus = useStatusAction(setStatus, bookingText.statusFailed, 'a booking');
  const when = formatSlotBg(booking.preferred_date);
  const next = bookingActions(booking, now);
  const badge = STATUS_BADGE[booking.status] ?? { variant: 'outline' as const };

  async function change(to: BookingStatus) {
    if (
      to === 'cancelled' &&
      !(await confirm({
        title: 'Отказване на резервация',
        message: `Да се откаже ли резервацията на ${booking.client_name} за ${when}? Часът ще се освободи за други посетители.`,
        confirmLabel: 'Откажи резервацията',
      }))
    ) {
      return;
    }
    changeStatus({ id: booking.id, from: booking.status, to }, statusToast(booking, to, when));
  }

  return (
    <InboxCard
      name={booking.client_name}
      company={booking.company_name || 'Не е посочена компания'}
      level={4}
      status={
        <Badge variant={badge.variant} className={badge.className}>
          {BOOKING_STATUS_LABELS[booking.status] ?? booking.status}
        </Badge>
      }
      className={cn(booking.status === 'pending' && 'border-l-4 border-l-amber-500', (booking.status === 'cancelled' || booking.status === 'no_show') && 'bg-slate-50')}
      delivery={booking}
      kind="booking"
      details={
        <>
          <Detail term="Дата и час" className="font-medium text-slate-900">
            <time dateTime={booking.preferred_date}>{when}</time>
          </Detail>
          {booking.visitor_time_zone && <VisitorZone zone={booking.visitor_time_zone} at={booking.preferred_date} consultant={consultant} />}
          {booking.meeting_url && (
            <Detail term={bookingText.meetingLink} className="break-all">
              <a
                href={booking.meeting_url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-brand-700 underline-offset-2 hover:underline"
              >
                <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
                {booking.meeting_url}
                <span className="sr-only"> (отваря се в нов раздел)</span>
              </a>
            </Detail>
          )}
        </>
      }
      email={booking.client_email}
      phone={booking.client_phone}
      message={booking.message || 'Няма съобщение'}
      more={<BookingHistory bookingId={booking.id} visitorName={booking.client_name} />}
      actions={
        next.length > 0 && (
          <>
            {next.includes('confirmed') && booking.status === 'no_show' && (
              <Button size="sm" variant="outline" onClick={() => void change('confirmed')} disabled={setStatus.isPending}>
                <UserCheck aria-hidden="true" />
                Все пак се яви <span className="sr-only">– {booking.client_name}</span>
              </Button>
            )}
            {next.includes('confirmed') && booking.status !== 'no_show' && (
              <Button size="sm" onClick={() => void change('confirmed')} disabled={setStatus.isPending}>
                <Check aria-hidden="true" />
                Потвърди{' '}
                <span className="sr-only">резервацията на {booking.client_name}</span>
              </Button>
            )}
            {next.includes('no_show') && (
              <Button size="sm" variant="outline" onClick={() => void change('no_show')} disabled={setStatus.isPending}>
                <UserX aria-hidden="true" />
                Не се яви <span className="sr-only">– {booking.client_name}</span>
              </Button>
            )}
            {next.includes('cancelled') && (
              <Button
                size="sm"
                variant="ghost"
                className="text-danger-700 hover:bg-danger-50"
                onClick={() => void change('cancelled')}
                disabled={setStatus.isPending}
              >
                <Ban aria-hidden="true" />
                Откажи{' '}
                <span className="sr-only">резервацията на {booking.client_name}</span>
              </Button>
            )}
          </>
        )
      }
    />
  );
}

/** What a status change's toast says: the database e-mails the visitor about all but a no-show's. */
function statusToast(booking: Booking, to: BookingStatus, when: string) {
  if (to === 'no_show') return { title: bookingText.noShow, description: `${booking.client_name}, ${when}. ${bookingText.noMail}` };
  if (to === 'confirmed' && booking.status === 'no_show') {
    return { title: bookingText.noShowUndone, description: `${booking.client_name}, ${when}. ${bookingText.noMail}` };
  }
  if (to === 'confirmed') return { title: bookingText.confirmed, description: `${booking.client_name}, ${when}. ${bookingText.mailInvitation}` };
  return { title: bookingText.cancelled, description: `${bookingText.slotFreed} ${bookingText.mailCancellation}` };
}

/**
 * The visitor's own zone, when it is not the consultant's: the time the visitor was offered is
 * theirs, so the admin sees it too. The tab reads the consultant's zone once for all of them;
 * nothing shows until it is known.
 */
function VisitorZone({ zone, at, consultant }: { zone: string; at: string; consultant: ConsultantZone }) {
  if (!consultant.known) return null;
  if (zone === consultant.zone) return null;
  // a zone the database knows may be one this browser does not: then only its name
  const theirs = isKnownTimeZone(zone) ? formatSlotBg(at, zone) : '';
  return (
    <Detail term={bookingText.visitorZone}>
      {zone}
      {theirs && (
        <span className="block text-slate-600">
          {bookingText.visitorTime} <time dateTime={at}>{theirs}</time>
        </span>
      )}
    </Detail>
  );
}
