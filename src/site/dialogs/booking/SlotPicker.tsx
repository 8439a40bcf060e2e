import { CalendarOff, Clock } from 'lucide-react';
import { useId, useMemo, type ReactNode } from 'react';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { Spinner } from '@/shared/ui/spinner';
import { ContactLinks } from '@/site/ui/ContactLinks';
import { bookingWindow, dayOffOn, dayStatus, freeSlots, horizonDays, noticeMinutes, type DayOff, type DayStatus } from '@/shared/domain/booking-window';
import { calendarZone, currentMonthIn, dayKey, durationText, monthWeeks, parseDayKey, slotLabel, todayIn, visitorTimeZone, zoneName } from '@/shared/domain/calendar';
import { useBookingPaused, useCalendarSettings, useDaysOff, useTakenSlots } from './api';
import { MonthCalendar } from './MonthCalendar';

/*
 * Picking a free day and time of the consultant's calendar: the booking dialog's first step and
 * the manage page's move. The hook reads the calendar and works out what can be chosen; the
 * component shows it. Both users keep the chosen day, time and month themselves.
 */

const longDate = new Intl.DateTimeFormat('bg-BG', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

const NO_DAYS_OFF: DayOff[] = [];

export interface SlotCalendarInput {
  /** 'YYYY-MM-DD' of the chosen day in the consultant's zone, or ''. */
  day: string;
  /** First day of the month the visitor browsed to. */
  month: Date;
  /** Instants (ms) never to offer besides the taken ones: refused in this session, the booking being moved. */
  excluded: readonly number[];
}

/**
 * The calendar's settings, whether bookings wait for the consultant's own calendar, the days off
 * and the chosen day's taken slots, and what may be chosen.
 */
export function useSlotCalendar({ day, month, excluded }: SlotCalendarInput) {
  const settingsQuery = useCalendarSettings();
  // asked alongside the settings: no times are offered while the database would refuse them
  const pausedQuery = useBookingPaused();
  const settings = settingsQuery.data ?? null;
  const closed = settings?.is_active === false;
  const paused = !closed && pausedQuery.data === true;
  const zone = calendarZone(settings);
  const viewerZone = visitorTimeZone();
  const now = new Date();
  const bookable = bookingWindow(settings, now);
  // the days off that can matter, read once the settings (the zone and the horizon) are known
  const daysOffQuery = useDaysOff(todayIn(zone, now), bookable.lastDay, settingsQuery.isSuccess && !closed && !paused);
  const daysOff = daysOffQuery.data ?? NO_DAYS_OFF;
  const loading = settingsQuery.isPending || pausedQuery.isPending || (!closed && !paused && daysOffQuery.isPending);
  const taken = useTakenSlots(day, zone);

  const chosenDay = day ? parseDayKey(day) : null;
  const takenInstants = useMemo(() => [...(taken.data ?? []), ...excluded], [taken.data, excluded]);
  const slots = chosenDay ? freeSlots(day, settings, takenInstants, now, daysOff) : [];
  const showsOwnTime = !!viewerZone && slots.some((s) => slotLabel(s, zone, viewerZone) !== s.time);

  // The month shown (never past the horizon's) and why each of its days can or cannot be chosen,
  // worked out once a minute rather than on every render.
  const [lastYear, lastMonth] = bookable.lastDay.split('-').map(Number);
  const maxMonth = new Date(lastYear, lastMonth - 1, 1);
  const shownMonth = month.getTime() > maxMonth.getTime() ? maxMonth : month;
  const shownKey = dayKey(shownMonth);
  const minute = Math.floor(now.getTime() / 60_000);
  const statuses = useMemo(() => {
    const at = bookingWindow(settings, new Date(minute * 60_000));
    const [y, m] = shownKey.split('-').map(Number);
    const map = new Map<string, DayStatus>();
    for (const cell of monthWeeks(y, m - 1).flat()) {
      if (cell) map.set(dayKey(cell), dayStatus(dayKey(cell), settings, at, daysOff));
    }
    return map;
  }, [shownKey, settings, daysOff, minute]);
  const statusOf = (cell: Date): DayStatus => statuses.get(dayKey(cell)) ?? 'past';

  return {
    settingsQuery,
    pausedQuery,
    daysOffQuery,
    taken,
    settings,
    closed,
    paused,
    zone,
    viewerZone,
    loading,
    daysOff,
    day,
    chosenDay,
    slots,
    showsOwnTime,
    shownMonth,
    minMonth: currentMonthIn(zone, now),
    maxMonth,
    statusOf,
  };
}

export type SlotCalendar = ReturnType<typeof useSlotCalendar>;

/** What a disabled day of the calendar says after its name ('…, недостъпен: почивен ден (Коледа)'). */
function unavailableText(status: DayStatus, dayOff: DayOff | undefined): string | undefined {
  switch (status) {
    case 'past':
      return 'отминал ден';
    case 'too_far':
      return 'извън периода за записване';
    case 'not_working':
      return 'неработен ден';
    case 'day_off':
      return dayOff?.label?.trim() ? `почивен ден (${dayOff.label.trim()})` : 'почивен ден';
    case 'no_slots':
      return 'няма свободни часове';
    default:
      return undefined;
  }
}

type HeadingLevel = 3 | 4;

/**
 * Instead of the calendar when it offers no times: why, and the phone and the e-mail (and what
 * else the caller adds).
 */
function Notice({ headingLevel, title, text, children }: { headingLevel: HeadingLevel; title: string; text: string; children?: ReactNode }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-5">
      <Heading className="flex items-center gap-2 font-semibold text-slate-900">
        <CalendarOff aria-hidden="true" className="size-5 text-brand-700" />
        {title}
      </Heading>
      <p className="text-sm text-slate-700">{text}</p>
      <ContactLinks />
      {children}
    </div>
  );
}

export interface SlotPickerProps {
  calendar: SlotCalendar;
  /** The chosen time ('HH:MM' of the consultant's zone), or ''. */
  time: string;
  onSelectDay: (day: Date) => void;
  onSelectTime: (time: string) => void;
  onMonthChange: (month: Date) => void;
  /** The level of the picker's own headings under the caller's (4 in the dialog, 3 on a page). */
  headingLevel?: HeadingLevel;
}

/**
 * The month calendar and the free times of the chosen day, in the consultant's zone with the
 * visitor's own beside them when it shows another clock; the phone and e-mail while online booking
 * is closed, and while it waits for the consultant's calendar.
 */
export function SlotPicker({ calendar, time, onSelectDay, onSelectTime, onMonthChange, headingLevel = 4 }: SlotPickerProps) {
  const { settings, closed, zone, viewerZone, loading, daysOff, day, chosenDay, slots, showsOwnTime, taken, statusOf } = calendar;
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;

  if (loading) {
    return (
      <div className="flex min-h-40 items-center justify-center">
        <Spinner label="Зареждане на календара" />
      </div>
    );
  }
  if (closed) {
    return (
      <Notice
        headingLevel={headingLevel}
        title="Онлайн записването временно е спряно"
        text="В момента не приемаме резервации през сайта. Обадете ни се или ни пишете и ще уговорим удобен час за консултация."
      />
    );
  }
  if (calendar.paused) {
    // bookings wait until the consultant's own calendar is read again (the database refuses them meanwhile)
    return (
      <Notice
        headingLevel={headingLevel}
        title="Свободните часове се обновяват"
        text="В момента не можем да покажем свободни часове: календарът на консултанта се обновява. Моля, опитайте отново след малко или ни се обадете или пишете и ще уговорим удобен час."
      >
        <Button variant="outline" className="self-start" onClick={() => void calendar.pausedQuery.refetch()} disabled={calendar.pausedQuery.isFetching}>
          Опитайте отново
        </Button>
      </Notice>
    );
  }

  const notice = noticeMinutes(settings);
  const ahead = durationText(horizonDays(settings) * 24 * 60);
  const windowText = notice > 0 ? `Може да запазите час поне ${durationText(notice)} предварително и до ${ahead} напред.` : `Може да запазите час до ${ahead} напред.`;
  return (
    <div className="grid gap-6 sm:grid-cols-[minmax(0,1fr)_11rem]">
      <div className="flex flex-col gap-2">
        <MonthCalendar
          month={calendar.shownMonth}
          onMonthChange={onMonthChange}
          minMonth={calendar.minMonth}
          maxMonth={calendar.maxMonth}
          selected={day}
          onSelect={onSelectDay}
          isSelectable={(cell) => statusOf(cell) === 'available'}
          unavailableReason={(cell) => unavailableText(statusOf(cell), dayOffOn(dayKey(cell), daysOff))}
        />
        <p className="text-xs text-slate-600">{windowText}</p>
      </div>

      <section aria-labelledby={titleId} className="flex flex-col gap-2">
        <Heading id={titleId} className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
          <Clock aria-hidden="true" className="size-4 text-brand-700" />
          Свободни часове
        </Heading>
        {!chosenDay ? (
          <p className="text-sm text-slate-600">Изберете дата, за да видите свободните часове.</p>
        ) : taken.isPending ? (
          <Spinner size="sm" label="Зареждане на свободните часове" />
        ) : slots.length === 0 ? (
          <p className="text-sm text-slate-600">Няма свободни часове за този ден. Моля, изберете друга дата.</p>
        ) : (
          <ul aria-label={`Свободни часове за ${longDate.format(chosenDay)}`} className="grid max-h-72 grid-cols-3 gap-2 overflow-y-auto p-0.5 sm:grid-cols-2">
            {slots.map((slot) => (
              <li key={slot.time} className={showsOwnTime ? 'col-span-3 sm:col-span-2' : undefined}>
                <button
                  type="button"
                  aria-pressed={slot.time === time}
                  onClick={() => onSelectTime(slot.time)}
                  className={cn(
                    'w-full rounded-md border px-2 py-2 text-sm font-medium tabular-nums transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
                    slot.time === time ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 text-slate-900 hover:border-brand-600 hover:bg-brand-50',
                  )}
                >
                  {slotLabel(slot, zone, viewerZone)}
                </button>
              </li>
            ))}
          </ul>
        )}
        <p className="text-xs text-slate-600">
          Часовете са по {zoneName(zone)}.{showsOwnTime ? ` В скоби е вашето време (${viewerZone}).` : ''}
        </p>
      </section>
    </div>
  );
}
