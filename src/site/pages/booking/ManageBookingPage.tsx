import { useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { isKnownTimeZone, zoneName } from '@/shared/domain/calendar';
import { bookingPath } from '@/shared/config/addresses';
import { usePageMeta } from '@/shared/layout/seo';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { toast } from '@/shared/ui/use-toast';
import { ContactLinks } from '@/site/ui/ContactLinks';
import {
  BookingChangeError,
  BookingLinkError,
  useCancelBooking,
  useManagedBooking,
  type ChangeRefusal,
  type LinkProblem,
  type MoveResult,
} from './api';
import { BookingLoadFailed, BookingLoading, LinkProblemState, NewBookingActions } from './BookingStates';
import { CancelQuestion } from './CancelQuestion';
import { MeetingDetails } from './MeetingDetails';
import { MoveBooking } from './MoveBooking';
import { failedChangeText, meetingText, momentText, movesLeftText, noMovesLeftText, refusalText, type Message } from './texts';
import { PrivateLinkPage } from '@/site/ui/LinkPageStates';

function Alert({ message, className }: { message: Message; className?: string }) {
  return (
    <div role="alert" className={cn('rounded-lg border border-danger-700/30 bg-danger-50 p-4 text-sm text-danger-700', className)}>
      <p className="font-semibold">{message.title}</p>
      <p>{message.description}</p>
    </div>
  );
}

/**
 * The page of the private link the visitor's e-mails carry (/booking/<token>): the booking's
 * status and time, and, until the cut-off, moving it to another free slot (as often as the
 * database still allows: the page says how often) or cancelling it. The address holds the token,
 * so the page is kept out of search and sends no referrer; after a move the old link is dead, and
 * the address is replaced by the new one without a new history entry. A move, of a confirmed
 * booking too, leaves it waiting for the consultant's confirmation: the move's answer says so.
 */
export default function ManageBookingPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const query = useManagedBooking(token);
  const cancel = useCancelBooking(token);
  // a link refused by a change (a newer e-mail retired it, the meeting is over), for this token only
  const [deadLink, setDeadLink] = useState<{ token: string; kind: LinkProblem } | null>(null);
  const [notice, setNotice] = useState<Message | null>(null);
  const [moving, setMoving] = useState(false);
  const [asking, setAsking] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeadingOnClose = useRef(false);
  const moveId = useId();

  // The address holds the token: the canonical and og:url name the home page instead, and
  // noIndex keeps seo.ts writing the same robots meta as the one rendered below.
  usePageMeta({
    title: 'Вашата консултация',
    description: 'Преместване или отказ на консултация със Синаптика.',
    canonicalPath: '/',
    noIndex: true,
  });

  const booking = query.data;
  const linkProblem =
    deadLink?.token === token ? deadLink.kind : query.error instanceof BookingLinkError ? query.error.kind : null;

  const onLinkProblem = (kind: LinkProblem) => {
    setMoving(false);
    setDeadLink({ token, kind });
  };

  // the booking can no longer be changed online: read it again, so the page shows why
  const onEnded = (kind: ChangeRefusal) => {
    setMoving(false);
    setNotice(refusalText(kind, booking?.cutoff_hours ?? 0));
    void query.refetch();
    heading.current?.focus();
  };

  const onMoved = (result: MoveResult) => {
    setMoving(false);
    setNotice(null);
    toast({
      title: 'Консултацията е преместена',
      description: result.token
        ? 'Изпратихме ви имейл с новия час и нова връзка. Срещата очаква потвърждение от консултанта.'
        : 'Срещата очаква потвърждение от консултанта.',
    });
    // the old link is dead: the address becomes the new one, in place of the old entry
    if (result.token && result.token !== token) void navigate(bookingPath(result.token), { replace: true });
    heading.current?.focus();
  };

  const confirmCancel = () => {
    setNotice(null);
    cancel.mutate(undefined, {
      onSuccess: () => {
        setMoving(false);
        focusHeadingOnClose.current = true;
        setAsking(false);
        toast({ title: 'Консултацията е отменена', description: 'Изпратихме ви потвърждение по имейл.' });
      },
      onError: (error) => {
        focusHeadingOnClose.current = true;
        setAsking(false);
        if (error instanceof BookingLinkError) return onLinkProblem(error.kind);
        if (error instanceof BookingChangeError) {
          setNotice(refusalText(error.kind, booking?.cutoff_hours ?? 0));
          void query.refetch();
          return;
        }
        setNotice(failedChangeText);
      },
    });
  };

  let content: ReactNode;
  if (linkProblem) {
    content = <LinkProblemState kind={linkProblem} />;
  } else if (!booking && query.isPending) {
    content = <BookingLoading />;
  } else if (!booking) {
    content = <BookingLoadFailed onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else {
    const zone = isKnownTimeZone(booking.time_zone) ? booking.time_zone : 'Europe/Sofia';
    const when = meetingText(new Date(booking.starts_at), new Date(booking.ends_at), zone);
    const cancelled = booking.status === 'cancelled';
    // no longer waiting or confirmed, nor cancelled: a no-show (or a status this page does not know)
    const over = !cancelled && booking.status !== 'pending' && booking.status !== 'confirmed';
    const canChange = booking.can_change && !cancelled && !over;
    // moved through its links as often as the database allows: it may still be cancelled
    const canMove = canChange && booking.moves_left > 0;
    content = (
      <>
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold text-slate-900 focus:outline-none">
          Вашата консултация
        </h1>
        <p className="mt-2 text-slate-700">Здравейте, {booking.client_name}! Ето подробностите за срещата ви.</p>

        <MeetingDetails id={`${moveId}-details`} booking={booking} zone={zone} when={when} />

        {notice && <Alert message={notice} className="mt-6" />}

        <div role="status" className="mt-6 flex flex-col gap-3 text-slate-700">
          {cancelled ? (
            <p>Консултацията е отменена. Ако желаете, запазете нова в удобен за вас час.</p>
          ) : over ? (
            <p>Срещата вече е минала. Ако желаете, запазете нова консултация в удобен за вас час.</p>
          ) : canMove ? (
            <>
              <p>
                Можете да преместите или откажете срещата до {momentText(new Date(booking.change_until), zone)} ({zoneName(zone)}).
              </p>
              <p id={`${moveId}-moves`}>{movesLeftText(booking.moves_left)}</p>
            </>
          ) : canChange ? (
            <>
              <p>
                Можете да откажете срещата до {momentText(new Date(booking.change_until), zone)} ({zoneName(zone)}).
              </p>
              <p>{noMovesLeftText}</p>
            </>
          ) : (
            <p>
              Срещата вече не може да се премести или откаже през сайта: промени са възможни до {booking.cutoff_hours}{' '}
              {booking.cutoff_hours === 1 ? 'час' : 'часа'} преди началото ѝ. Ако трябва да я промените, обадете ни се или ни пишете.
            </p>
          )}
        </div>
        {!cancelled && !over && !canChange && (
          <div className="mt-3">
            <ContactLinks />
          </div>
        )}
        {(cancelled || over) && (
          <div className="mt-4">
            <NewBookingActions />
          </div>
        )}

        {canChange && (
          <div className="mt-6 flex flex-wrap gap-3">
            {canMove && (
              <Button
                aria-expanded={moving}
                aria-controls={moving ? moveId : undefined}
                aria-describedby={`${moveId}-moves`}
                onClick={() => setMoving((open) => !open)}
              >
                Премести
              </Button>
            )}
            <Button variant="outline" onClick={() => setAsking(true)}>
              Откажи консултацията
            </Button>
          </div>
        )}

        {canMove && moving && (
          <MoveBooking
            id={moveId}
            token={token}
            booking={booking}
            onMoved={onMoved}
            onClose={() => setMoving(false)}
            onLinkProblem={onLinkProblem}
            onEnded={onEnded}
          />
        )}

        <CancelQuestion
          open={asking}
          onOpenChange={setAsking}
          meeting={`${when} (${zoneName(zone)})`}
          pending={cancel.isPending}
          onConfirm={confirmCancel}
          onCloseAutoFocus={(event) => {
            // the button that opened the question may be gone: the page's heading takes the focus
            if (!focusHeadingOnClose.current) return;
            focusHeadingOnClose.current = false;
            event.preventDefault();
            heading.current?.focus();
          }}
        />
      </>
    );
  }

  return <PrivateLinkPage wide>{content}</PrivateLinkPage>;
}
