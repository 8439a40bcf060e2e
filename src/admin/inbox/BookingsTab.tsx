import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ListFilter, ListRows, ListSection, PagedList, type PlainListText } from '@/admin/kit/lists/PagedList';
import { useConfirm } from '@/admin/kit/ui/use-confirm';
import { useListState } from '@/admin/kit/lists/use-list-state';
import { useConsultantZone } from '@/admin/kit/data/calendar-settings';
import { useBookingPage, useNoShowCount } from './api';
import type { BookingSection } from './keys';
import { BOOKING_FILTER_LABELS, BOOKING_STATUS_LABELS, BOOKING_STATUSES, isBookingStatus } from './status';
import type { BookingStatus } from './types';
import { bookingText } from './booking-words';
import { BookingCard, type CardContext, type ConsultantZone } from './BookingCard';

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
