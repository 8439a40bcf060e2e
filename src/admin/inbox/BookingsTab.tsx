import { formatPhone } from '@/shared/domain/phone';
import { Ban, Check, Mail, Phone } from 'lucide-react';
import { useId } from 'react';
import { Badge, type BadgeVariant } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { Card } from '@/admin/kit/card';
import { Spinner } from '@/shared/ui/spinner';
import { toast } from '@/shared/ui/use-toast';
import { cn } from '@/shared/ui/cn';
import { useRecheckOnDenied, writeErrorMessage } from '@/admin/kit/api';
import { ErrorCard } from '@/admin/kit/ErrorCard';
import { useConfirm } from '@/admin/kit/use-confirm';
import { ADMIN_PAGE_SIZE } from '@/admin/kit/list';
import { useListState, useStepBackPastEnd } from '@/admin/kit/use-list-state';
import { useBookingPage, useSetBookingStatus, type BookingSection } from './api';
import { ChatNotice } from './ChatNotice';
import { formatSlotBg, mailtoHref, telHref } from './format';
import { Pagination } from '@/admin/kit/Pagination';
import { BOOKING_STATUS_LABELS, bookingTransitions } from './status';
import type { Booking, BookingStatus } from './types';

export const bookingText = {
  loadFailed: 'Неуспешно зареждане на резервации.',
  statusFailed: 'Неуспешна промяна на статуса на резервацията.',
  confirmed: 'Резервацията е потвърдена',
  cancelled: 'Резервацията е отказана',
  slotFreed: 'Часът е освободен за други посетители.',
} as const;

const STATUS_BADGE: Record<BookingStatus, { variant: BadgeVariant; className?: string }> = {
  pending: { variant: 'outline', className: 'border-amber-600 bg-amber-50 text-amber-900' },
  confirmed: { variant: 'success' },
  cancelled: { variant: 'destructive' },
};

const SECTIONS: Record<BookingSection, { title: string; empty: string; pages: string }> = {
  upcoming: { title: 'Предстоящи', empty: 'Няма предстоящи резервации.', pages: 'Страници на предстоящите резервации' },
  past: { title: 'Минали', empty: 'Няма минали резервации.', pages: 'Страници на миналите резервации' },
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
  const uid = useId();
  // each section keeps its page in the address: ?tab=bookings&past.page=2
  const paging = useListState(section);
  const { page, headingRef } = paging;
  const list = useBookingPage(section, page);
  const text = SECTIONS[section];
  useStepBackPastEnd(list.data?.total, page, paging.stepBack, ADMIN_PAGE_SIZE, list.isPlaceholderData);

  return (
    <section aria-labelledby={`${uid}-heading`} className="grid gap-3">
      <h3 id={`${uid}-heading`} ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
        {text.title}
        {list.data && ' '}
        {list.data && <span className="text-sm font-normal text-slate-600">({list.data.total})</span>}
      </h3>
      {list.isPending ? (
        <p className="flex items-center gap-3 py-6 text-slate-700" role="status">
          <Spinner size="sm" label="Зареждане" />
          Зареждане на резервации...
        </p>
      ) : list.isError ? (
        <ErrorCard message={bookingText.loadFailed} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : list.data.rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">{text.empty}</p>
      ) : (
        <>
          <ul className="grid gap-4" aria-label={`${text.title} резервации`} aria-busy={list.isPlaceholderData}>
            {list.data.rows.map((booking) => (
              <li key={booking.id}>
                <BookingCard booking={booking} confirm={confirm} />
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            pageSize={ADMIN_PAGE_SIZE}
            total={list.data.total}
            onPageChange={paging.goTo}
            label={text.pages}
            busy={list.isPlaceholderData}
          />
        </>
      )}
    </section>
  );
}

function BookingCard({ booking, confirm }: { booking: Booking; confirm: Confirm }) {
  const uid = useId();
  const setStatus = useSetBookingStatus();
  const recheckOnDenied = useRecheckOnDenied();
  const when = formatSlotBg(booking.preferred_date);
  const email = mailtoHref(booking.client_email);
  const phone = telHref(booking.client_phone);
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
    setStatus.mutate(
      { id: booking.id, from: booking.status, to },
      {
        onSuccess: () =>
          toast(
            to === 'confirmed'
              ? { title: bookingText.confirmed, description: `${booking.client_name}, ${when}` }
              : { title: bookingText.cancelled, description: bookingText.slotFreed },
          ),
        onError: (error) => {
          console.error('[admin] changing a booking status failed', error);
          toast({ title: 'Грешка', description: writeErrorMessage(error, bookingText.statusFailed), variant: 'destructive' });
          recheckOnDenied(error);
        },
      },
    );
  }

  return (
    <Card className={cn('p-5', booking.status === 'pending' && 'border-l-4 border-l-amber-500', booking.status === 'cancelled' && 'bg-slate-50')}>
      <article aria-labelledby={`${uid}-name`} className="grid gap-3">
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid gap-0.5">
            <h4 id={`${uid}-name`} className="text-lg font-semibold text-slate-900">
              {booking.client_name}
            </h4>
            <p className="text-sm text-slate-700">{booking.company_name || 'Не е посочена компания'}</p>
          </div>
          <Badge variant={badge.variant} className={badge.className}>
            {BOOKING_STATUS_LABELS[booking.status] ?? booking.status}
          </Badge>
        </header>
        <ChatNotice row={booking} kind="booking" />
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <div>
            <dt className="font-medium text-slate-600">Дата и час</dt>
            <dd className="font-medium text-slate-900">
              <time dateTime={booking.preferred_date}>{when}</time>
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">Имейл</dt>
            <dd className="break-all">
              {email ? (
                <a href={email} className="inline-flex items-center gap-1 text-brand-700 underline-offset-2 hover:underline">
                  <Mail aria-hidden="true" className="size-4 shrink-0" />
                  {booking.client_email}
                </a>
              ) : (
                <span className="text-slate-600">Не е предоставен</span>
              )}
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-600">Телефон</dt>
            <dd>
              {phone ? (
                <a href={phone} className="inline-flex items-center gap-1 text-brand-700 underline-offset-2 hover:underline">
                  <Phone aria-hidden="true" className="size-4 shrink-0" />
                  {formatPhone(booking.client_phone)}
                </a>
              ) : (
                <span className="text-slate-600">Не е предоставен</span>
              )}
            </dd>
          </div>
        </dl>
        <div>
          <h5 className="text-sm font-medium text-slate-600">Съобщение</h5>
          <p className="whitespace-pre-wrap break-words text-slate-900">{booking.message || 'Няма съобщение'}</p>
        </div>
        {next.length > 0 && (
          <div className="flex flex-wrap justify-end gap-2">
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
          </div>
        )}
      </article>
    </Card>
  );
}
