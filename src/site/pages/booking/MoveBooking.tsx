import { CalendarDays } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/shared/ui/button';
import { dayKey, slotLabel, todayIn, zoneName } from '@/shared/domain/calendar';
import { SlotPicker, useSlotCalendar } from '@/site/dialogs/booking/SlotPicker';
import { BookingChangeError, BookingLinkError, useMoveBooking, type ChangeRefusal, type LinkProblem, type ManagedBooking, type MoveResult } from './api';
import { dateIn, failedChangeText, refusalText, type Message } from './texts';

/** Refusals that end the move: the booking itself can no longer be moved. */
const ENDS_THE_MOVE: ChangeRefusal[] = ['too_late', 'already_cancelled', 'move_cancelled', 'move_limit'];

export interface MoveBookingProps {
  id: string;
  token: string;
  booking: ManagedBooking;
  onMoved: (result: MoveResult) => void;
  onClose: () => void;
  /** The link stopped working meanwhile (a newer e-mail retired it, the meeting is over). */
  onLinkProblem: (kind: LinkProblem) => void;
  /**
   * A refusal that says the booking can no longer be moved (past the cut-off, cancelled, moved as
   * often as a link allows); the page explains it.
   */
  onEnded: (kind: ChangeRefusal) => void;
}

/** The carrier Date of the first day of an instant's month in a zone. */
function monthOf(at: Date, zone: string): Date {
  const [y, m] = todayIn(zone, at).split('-').map(Number);
  return new Date(y, m - 1, 1);
}

/**
 * Another free day and time for the booking, under the booking dialog's rules; the booking's own
 * slot is never offered. A refused time keeps the chosen day (a day that is no longer open is let
 * go), so the visitor picks another time at once.
 */
export function MoveBooking({ id, token, booking, onMoved, onClose, onLinkProblem, onEnded }: MoveBookingProps) {
  const start = new Date(booking.starts_at);
  const startMs = start.getTime();
  const [day, setDay] = useState('');
  const [time, setTime] = useState('');
  // opens on the booking's own month: a move is usually to a nearby day
  const [month, setMonth] = useState(() => monthOf(start, booking.time_zone));
  const [refused, setRefused] = useState<number[]>([]);
  const [notice, setNotice] = useState<Message | null>(null);
  const excluded = useMemo(() => [...refused, startMs], [refused, startMs]);
  const calendar = useSlotCalendar({ day, month, excluded });
  const { zone, viewerZone, slots, settingsQuery, pausedQuery, daysOffQuery } = calendar;
  const move = useMoveBooking(token);

  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // the confirm button turns off with a refusal: keep the keyboard in the panel, on the message
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const chosen = slots.find((slot) => slot.time === time);

  const chooseDay = (date: Date) => {
    setDay(dayKey(date));
    setTime('');
  };

  const submit = () => {
    if (!chosen || move.isPending) return;
    setNotice(null);
    move.mutate(chosen.at.toISOString(), {
      onSuccess: onMoved,
      onError: (error) => {
        if (error instanceof BookingLinkError) return onLinkProblem(error.kind);
        if (!(error instanceof BookingChangeError)) return setNotice(failedChangeText);
        if (ENDS_THE_MOVE.includes(error.kind)) return onEnded(error.kind);
        switch (error.kind) {
          case 'taken':
            // hidden at once; the taken slots are read again anyway
            setRefused((list) => [...list, chosen.at.getTime()]);
            break;
          case 'day_off':
          case 'too_far':
            // the day itself is gone: the calendar, read again, no longer offers it
            void daysOffQuery.refetch();
            setDay('');
            break;
          case 'paused':
            // read again: while it lasts the calendar says so instead of offering times
            void pausedQuery.refetch();
            break;
          default:
            break;
        }
        void settingsQuery.refetch();
        setTime('');
        setNotice(refusalText(error.kind, booking.cutoff_hours));
      },
    });
  };

  return (
    <section id={id} aria-labelledby={titleId} className="mt-8 flex flex-col gap-5 rounded-xl border border-slate-200 p-5 sm:p-6">
      <div className="flex flex-col gap-1">
        <h2 id={titleId} ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
          Изберете нов ден и час
        </h2>
        <p className="text-sm text-slate-600">След преместването срещата отново ще очаква потвърждение от консултанта.</p>
      </div>

      <SlotPicker calendar={calendar} time={chosen ? time : ''} onSelectDay={chooseDay} onSelectTime={setTime} onMonthChange={setMonth} headingLevel={3} />

      {chosen && (
        <p className="flex items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800">
          <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
          <span>
            Нов час: <strong>{`${dateIn(chosen.at, zone)}, ${slotLabel(chosen, zone, viewerZone)} ч. (${zoneName(zone)})`}</strong>
          </span>
        </p>
      )}

      {notice && (
        <div ref={noticeRef} tabIndex={-1} role="alert" className="rounded-lg border border-danger-700/30 bg-danger-50 p-4 text-sm text-danger-700 focus:outline-none">
          <p className="font-semibold">{notice.title}</p>
          <p>{notice.description}</p>
        </div>
      )}

      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onClose} disabled={move.isPending}>
          Затвори календара
        </Button>
        <Button onClick={submit} disabled={!chosen || move.isPending}>
          {move.isPending ? 'Преместване...' : 'Премести консултацията'}
        </Button>
      </div>
    </section>
  );
}
