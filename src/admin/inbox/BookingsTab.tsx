import { Ban, Check, ExternalLink, UserCheck, UserX } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Badge, type BadgeVariant } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { ListFilter, ListRows, ListSection, PagedList, type PlainListText } from '@/admin/kit/lists/PagedList';
import { useConfirm } from '@/admin/kit/ui/use-confirm';
import { useListState } from '@/admin/kit/lists/use-list-state';
import { useConsultantZone } from '@/admin/kit/data/calendar-settings';
import { isKnownTimeZone } from '@/shared/domain/calendar';
import { useBookingPage, useNoShowCount, useSetBookingStatus } from './api';
import type { BookingSection } from './keys';
import { BookingHistory } from './BookingHistory';
import { formatSlotBg } from './format';
import { Detail, InboxCard } from './InboxCard';
import { BOOKING_FILTER_LABELS, BOOKING_STATUS_LABELS, BOOKING_STATUSES, bookingActions, isBookingStatus } from './status';
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
  noShow: 'Отбелязано: клиентът не се яви',
  noShowUndone: 'Срещата отново е потвърдена',
  // the database e-mails nobody about either
  noMail: 'Клиентът не получава имейл за това.',
  meetingLink: 'Връзка за срещата',
  noShowsThisMonth: 'Неявили се този месец',
  visitorZone: 'Часова зона на клиента',
  visitorTime: 'При клиента:',
} as const;

const STATUS_BADGE: Record<BookingStatus, { variant: BadgeVariant; className?: string }> = {
  pending: { variant: 'outline', className: 'border-amber-600 bg-amber-50 text-amber-900' },
  confirmed: { variant: 'success' },
  cancelled: { variant: 'destructive' },
  no_show: { variant: 'outline', className: 'border-slate-500 bg-slate-100 text-slate-800' },
};

/** The address's word for the status filter, shared by both sections: '?bookings.status=no_show'. */
const STATUS_PARAM = 'bookings.status';
const STATUS_OPTIONS = [{ value: '', label: 'Всички' }, ...BOOKING_STATUSES.map((status) => ({ value: status, label: BOOKING_FILTER_LABELS[status] }))];

/** What a card's actions judge "the meeting has ended" by: the time now, again every 30 s. */
const CLOCK_MS = 30_000;
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

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

/**
 * The 'Резервации' tab: upcoming bookings soonest first, then past ones most recent first, both
 * narrowed by the status filter, and how many visitors did not come this month.
 */
export function BookingsTab() {
  const uid = useId();
  const { confirm, dialog } = useConfirm();
  const [params, setParams] = useSearchParams();
  const chosen = params.get(STATUS_PARAM) ?? '';
  const status: BookingStatus | '' = isBookingStatus(chosen) ? chosen : '';
  const now = useNow();
  // the consultant's zone, read once for the whole tab: the month counted, the visitors' zones
  const consultant = useConsultantZone();
  const cards: CardContext = { now, consultant, confirm };
  // a new filter shows both sections from their first page, in one change of the address
  const setStatus = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (isBookingStatus(value)) next.set(STATUS_PARAM, value);
        else next.delete(STATUS_PARAM);
        next.delete('upcoming.page');
        next.delete('past.page');
        return next;
      },
      { replace: true },
    );
  return (
    <section aria-labelledby={`${uid}-heading`} className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h2 id={`${uid}-heading`} className="text-xl font-semibold text-slate-900">
            Резервации
          </h2>
          <NoShowCount consultant={consultant} />
        </div>
        <div className="w-full sm:w-64">
          <ListFilter label="Статус" value={status} onChange={setStatus} options={STATUS_OPTIONS} />
        </div>
      </div>
      <BookingSectionList section="upcoming" status={status} cards={cards} />
      <BookingSectionList section="past" status={status} cards={cards} />
      {dialog}
    </section>
  );
}

/** 'Неявили се този месец: N' (the consultant's month, by the meeting's time); nothing until counted. */
function NoShowCount({ consultant }: { consultant: ConsultantZone }) {
  const count = useNoShowCount(consultant.zone, consultant.known);
  if (count.data === undefined) return null;
  return (
    <p className="text-sm text-slate-700">
      {bookingText.noShowsThisMonth}: <span className="font-semibold text-slate-900">{count.data}</span>
    </p>
  );
}

type Confirm = ReturnType<typeof useConfirm>['confirm'];
type ConsultantZone = ReturnType<typeof useConsultantZone>;

/** What every card of the tab shares: the time now, the consultant's zone, the one question dialog. */
interface CardContext {
  now: number;
  consultant: ConsultantZone;
  confirm: Confirm;
}

interface BookingSectionListProps {
  section: BookingSection;
  status: BookingStatus | '';
  cards: CardContext;
}

function BookingSectionList({ section, status, cards }: BookingSectionListProps) {
  // each section keeps its page in the address: /blog-admin/bookings?past.page=2
  const paging = useListState(section);
  const list = useBookingPage(section, status, paging.page);
  const text = status
    ? { ...SECTIONS[section], empty: `Няма ${section === 'upcoming' ? 'предстоящи' : 'минали'} резервации със статус „${BOOKING_STATUS_LABELS[status]}“.` }
    : SECTIONS[section];

  return (
    <ListSection list={paging} title={text.title} level={3} count={list.data?.total}>
      <PagedList list={paging} query={list} text={text}>
        {(rows, busy) => (
          <ListRows rows={rows} busy={busy} label={`${text.title} резервации`}>
            {(booking) => <BookingCard booking={booking} {...cards} />}
          </ListRows>
        )}
      </PagedList>
    </ListSection>
  );
}

function BookingCard({ booking, now, consultant, confirm }: CardContext & { booking: Booking }) {
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
