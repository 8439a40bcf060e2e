import { Ban, Check } from 'lucide-react';
import { useId } from 'react';
import { Badge, type BadgeVariant } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { ListRows, ListSection, PagedList, type PlainListText } from '@/admin/kit/PagedList';
import { useConfirm } from '@/admin/kit/use-confirm';
import { useListState } from '@/admin/kit/use-list-state';
import { useConsultantZone } from '@/admin/kit/calendar-settings';
import { isKnownTimeZone } from '@/shared/domain/calendar';
import { useBookingPage, useSetBookingStatus, type BookingSection } from './api';
import { BookingHistory } from './BookingHistory';
import { formatSlotBg } from './format';
import { Detail, InboxCard } from './InboxCard';
import { BOOKING_STATUS_LABELS, bookingTransitions } from './status';
import type { Booking, BookingStatus } from './types';
import { useStatusAction } from './use-status-action';

export const bookingText = {
  loading: 'Зареждане на резервации...',
  loadFailed: 'Неуспешно зареждане на резервации.',
  statusFailed: 'Неуспешна промяна на статуса на резервацията.',
  confirmed: 'Резервацията е потвърдена',
  cancelled: 'Резервацията е отказана',
  slotFreed: 'Часът е освободен за други посетители.',
  // the database e-mails the visitor on every status change (its trigger, not this page)
  mailInvitation: 'Клиентът ще получи имейл с поканата.',
  mailCancellation: 'Клиентът ще получи имейл за отмяната.',
  visitorZone: 'Часова зона на клиента',
  visitorTime: 'При клиента:',
} as const;

const STATUS_BADGE: Record<BookingStatus, { variant: BadgeVariant; className?: string }> = {
  pending: { variant: 'outline', className: 'border-amber-600 bg-amber-50 text-amber-900' },
  confirmed: { variant: 'success' },
  cancelled: { variant: 'destructive' },
};

/** Each section is a list of its own, with no search: its words, and the title that carries its count. */
const SECTIONS: Record<BookingSection, PlainListText & { title: string }> = {
  upcoming: {
    title: 'Предстоящи',
    loading: bookingText.loading,
    loadFailed: bookingText.loadFailed,
    empty: 'Няма предстоящи резервации.',
    pages: 'Страници на предстоящите резервации',
  },
  past: {
    title: 'Минали',
    loading: bookingText.loading,
    loadFailed: bookingText.loadFailed,
    empty: 'Няма минали резервации.',
    pages: 'Страници на миналите резервации',
  },
};

/** The 'Резервации' tab: upcoming bookings soonest first, then past ones most recent first. */
export function BookingsTab() {
  const uid = useId();
  const { confirm, dialog } = useConfirm();
  return (
    <section aria-labelledby={`${uid}-heading`} className="grid gap-6">
      <h2 id={`${uid}-heading`} className="text-xl font-semibold text-slate-900">
        Резервации
      </h2>
      <BookingSectionList section="upcoming" confirm={confirm} />
      <BookingSectionList section="past" confirm={confirm} />
      {dialog}
    </section>
  );
}

type Confirm = ReturnType<typeof useConfirm>['confirm'];

function BookingSectionList({ section, confirm }: { section: BookingSection; confirm: Confirm }) {
  // each section keeps its page in the address: /blog-admin/bookings?past.page=2
  const paging = useListState(section);
  const list = useBookingPage(section, paging.page);
  const text = SECTIONS[section];

  return (
    <ListSection list={paging} title={text.title} level={3} count={list.data?.total}>
      <PagedList list={paging} query={list} text={text}>
        {(rows, busy) => (
          <ListRows rows={rows} busy={busy} label={`${text.title} резервации`}>
            {(booking) => <BookingCard booking={booking} confirm={confirm} />}
          </ListRows>
        )}
      </PagedList>
    </ListSection>
  );
}

function BookingCard({ booking, confirm }: { booking: Booking; confirm: Confirm }) {
  const setStatus = useSetBookingStatus();
  const changeStatus = useStatusAction(setStatus, bookingText.statusFailed, 'a booking');
  const when = formatSlotBg(booking.preferred_date);
  const next = bookingTransitions(booking.status);
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
    changeStatus(
      { id: booking.id, from: booking.status, to },
      to === 'confirmed'
        ? { title: bookingText.confirmed, description: `${booking.client_name}, ${when}. ${bookingText.mailInvitation}` }
        : { title: bookingText.cancelled, description: `${bookingText.slotFreed} ${bookingText.mailCancellation}` },
    );
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
      className={cn(booking.status === 'pending' && 'border-l-4 border-l-amber-500', booking.status === 'cancelled' && 'bg-slate-50')}
      delivery={booking}
      kind="booking"
      details={
        <>
          <Detail term="Дата и час" className="font-medium text-slate-900">
            <time dateTime={booking.preferred_date}>{when}</time>
          </Detail>
          {booking.visitor_time_zone && <VisitorZone zone={booking.visitor_time_zone} at={booking.preferred_date} />}
        </>
      }
      email={booking.client_email}
      phone={booking.client_phone}
      message={booking.message || 'Няма съобщение'}
      more={<BookingHistory bookingId={booking.id} visitorName={booking.client_name} />}
      actions={
        next.length > 0 && (
          <>
            {next.includes('confirmed') && (
              <Button size="sm" onClick={() => void change('confirmed')} disabled={setStatus.isPending}>
                <Check aria-hidden="true" />
                Потвърди{' '}
                <span className="sr-only">резервацията на {booking.client_name}</span>
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

/**
 * The visitor's own zone, when it is not the consultant's: the time the visitor was offered is
 * theirs, so the admin sees it too. Only a card with a zone reads the settings (one request for
 * all of them); nothing shows until the consultant's zone is known.
 */
function VisitorZone({ zone, at }: { zone: string; at: string }) {
  const consultant = useConsultantZone();
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
