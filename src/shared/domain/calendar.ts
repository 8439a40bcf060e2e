/*
 * The booking calendar's rules, as pure functions. The
 * calendar lives in the consultant's time zone (calendar_settings.time_zone, Europe/Sofia by
 * default), whatever the visitor's browser says:
 *
 * - A day is a calendar date of that zone ('YYYY-MM-DD'). The grid's Date cells only carry the
 *   year, month and day; which day is "today" is judged in the consultant's zone.
 * - Slots run every 30 minutes from the start of the working hours (its minutes count: 09:30 gives
 *   09:30, 10:00, …) up to, not including, the end. Each slot is a wall-clock time of that zone on
 *   that day, turned into an instant by @date-fns/tz. A wall time a daylight-saving change skips
 *   does not exist and is no slot; one it repeats is one slot (its first occurrence). So the
 *   change neither skips a slot that exists nor offers one twice.
 * - Which of those slots a visitor may book (the notice, the horizon, the days off) is the booking
 *   window's rule: booking-window.ts.
 * - The database checks the same rules: private.check_appointment in supabase/schema/functions.sql
 *   (the booking's trigger, supabase/schema/triggers.sql).
 */
import { TZDate, tz } from '@date-fns/tz';
import { format } from 'date-fns';

export * from './calendar-settings';
import { calendarZone, DEFAULT_WORKING_DAYS, isKnownTimeZone, minutesOf, WEEKDAY_NAMES, SLOT_STEP_MINUTES, type HoursOnly, type Slot } from './calendar-settings';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'HH:MM' slots of a day: ['09:00', '09:30', …, '16:30'] for 09:00–17:00. */
export function generateSlots(settings: HoursOnly | null | undefined): string[] {
  if (!settings?.working_hours) return [];
  const start = minutesOf(settings.working_hours.start);
  const end = minutesOf(settings.working_hours.end);
  if (start === null || end === null || end <= start) return [];
  const slots: string[] = [];
  for (let minutes = start; minutes < end; minutes += SLOT_STEP_MINUTES) {
    slots.push(`${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`);
  }
  return slots;
}

/** The working days of the settings (monday–friday when there are none or the list is empty). */
export function workingDays(settings: HoursOnly | null | undefined): string[] {
  const days = settings?.working_hours?.days;
  return Array.isArray(days) && days.length > 0 ? days.map((d) => d.toLowerCase()) : DEFAULT_WORKING_DAYS;
}

/** 'YYYY-MM-DD' of a calendar date carried by a Date's local fields (the grid's cells). */
export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The grid's carrier Date of a 'YYYY-MM-DD' key (null when malformed). */
export function parseDayKey(key: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) || dayKey(date) !== key ? null : date;
}

/** The weekday name of a calendar date ('monday'), the same in every zone. */
export function weekdayOf(key: string): string {
  const [y, m, d] = key.split('-').map(Number);
  return WEEKDAY_NAMES[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
}

/** Today's date in the zone, as 'YYYY-MM-DD'. */
export function todayIn(zone: string, now: Date = new Date()): string {
  return format(now, 'yyyy-MM-dd', { in: tz(zone) });
}

/** The carrier Date of the first day of the zone's current month (the calendar's first month). */
export function currentMonthIn(zone: string, now: Date = new Date()): Date {
  const [y, m] = todayIn(zone, now).split('-').map(Number);
  return new Date(y, m - 1, 1);
}

export function isWorkingDay(key: string, settings: HoursOnly | null | undefined): boolean {
  return workingDays(settings).includes(weekdayOf(key));
}


/** The instant of a wall-clock time on a day in the zone, or null when that time does not exist there. */
export function slotInstant(key: string, time: string, zone: string): Date | null {
  const [y, m, d] = key.split('-').map(Number);
  const minutes = minutesOf(time);
  if (minutes === null) return null;
  const at = new TZDate(y, m - 1, d, Math.floor(minutes / 60), minutes % 60, zone);
  // a time skipped by a daylight-saving change comes back shifted: it is not a slot
  if (format(at, 'yyyy-MM-dd HH:mm', { in: tz(zone) }) !== `${key} ${time}`) return null;
  return new Date(at.getTime());
}

/** Every slot of a day in the consultant's zone, in order, each instant once. */
export function daySlots(key: string, settings: HoursOnly | null | undefined): Slot[] {
  const zone = calendarZone(settings);
  const seen = new Set<number>();
  const slots: Slot[] = [];
  for (const time of generateSlots(settings)) {
    const at = slotInstant(key, time, zone);
    if (!at || seen.has(at.getTime())) continue;
    seen.add(at.getTime());
    slots.push({ time, at });
  }
  return slots;
}

/** The window of one day in the zone, for taken_slots(range_start, range_end): [midnight, next midnight). */
export function dayRange(key: string, zone: string): { start: string; end: string } {
  const [y, m, d] = key.split('-').map(Number);
  const utc = (at: TZDate) => new Date(at.getTime()).toISOString();
  return { start: utc(new TZDate(y, m - 1, d, 0, 0, zone)), end: utc(new TZDate(y, m - 1, d + 1, 0, 0, zone)) };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A span of minutes in words: '30 минути', '1 час', '2 часа и 30 минути', '1 ден', '7 дни'. */
export function durationText(totalMinutes: number): string {
  const minutes = Math.max(0, Math.round(totalMinutes));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [
    days ? plural(days, 'ден', 'дни') : '',
    hours ? plural(hours, 'час', 'часа') : '',
    rest ? plural(rest, 'минута', 'минути') : '',
  ].filter(Boolean);
  if (parts.length === 0) return '0 минути';
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} и ${parts.at(-1)}`;
}

/** 'HH:MM' of an instant in a zone. */
export function timeIn(at: Date, zone: string): string {
  return format(at, 'HH:mm', { in: tz(zone) });
}

/** The visitor's own zone as the browser reports it ('' when it does not). */
export function visitorTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || '';
  } catch {
    return '';
  }
}

/** How the consultant's zone is named to a visitor: Sofia as Bulgarian time, others by their IANA name. */
export function zoneName(zone: string): string {
  return zone === 'Europe/Sofia' ? 'българско време' : `времето в ${zone}`;
}

/**
 * How a slot is labelled: the consultant's time, and the visitor's own in brackets when their
 * zone shows a different clock ('10:00 (03:00 ваше време)'; with the date when it is another day).
 */
export function slotLabel(slot: Slot, consultantZone: string, viewerZone: string): string {
  if (!viewerZone || !isKnownTimeZone(viewerZone)) return slot.time;
  const own = timeIn(slot.at, viewerZone);
  const ownDay = format(slot.at, 'yyyy-MM-dd', { in: tz(viewerZone) });
  const theirDay = format(slot.at, 'yyyy-MM-dd', { in: tz(consultantZone) });
  if (own === slot.time && ownDay === theirDay) return slot.time;
  const dayNote = ownDay === theirDay ? '' : `, ${format(slot.at, 'dd.MM', { in: tz(viewerZone) })}`;
  return `${slot.time} (${own}${dayNote} ваше време)`;
}

/** Adds days to a carrier Date (calendar arithmetic on its local fields). */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/**
 * The weeks of a month for the calendar grid, Monday first; days of other months are null.
 */
export function monthWeeks(year: number, month: number): (Date | null)[][] {
  const first = new Date(year, month, 1);
  const daysInMonth = new Date(year, month + 1, 0).getDate();
  const lead = (first.getDay() + 6) % 7; // Monday = 0
  const cells: (Date | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= daysInMonth; d++) cells.push(new Date(year, month, d));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (Date | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}
