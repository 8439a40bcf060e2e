/*
 * When a visitor may book, as pure functions over the calendar's days and slots (calendar.ts),
 * in the consultant's time zone:
 *
 * - The booking window: a slot is offered from now plus the minimum notice
 *   (calendar_settings.min_notice_minutes) up to now plus the booking horizon
 *   (booking_horizon_days), and never on a day off (calendar_days_off: single days or ranges of
 *   the consultant's calendar dates). Settings without these values get the database's defaults.
 * - The database checks the same rules: private.check_appointment in supabase/schema/functions.sql
 *   (the booking's trigger, supabase/schema/triggers.sql).
 */
import {
  calendarZone,
  daySlots,
  DEFAULT_HORIZON_DAYS,
  DEFAULT_NOTICE_MINUTES,
  isWorkingDay,
  MAX_HORIZON_DAYS,
  MAX_NOTICE_MINUTES,
  todayIn,
  type HoursOnly,
  type Slot,
} from './calendar';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The window's settings; a missing value takes the database's default. */
export type WindowSettings = { booking_horizon_days?: number | null; min_notice_minutes?: number | null; time_zone?: string | null };
type DaySettings = HoursOnly & WindowSettings;

/** A day off of the calendar: one day or a range, both ends included, as 'YYYY-MM-DD' of the consultant's zone. */
export interface DayOff {
  starts_on: string;
  ends_on: string;
  label?: string | null;
}

/** The booking horizon in days: the settings' own when valid, else the database's default. */
export function horizonDays(settings: WindowSettings | null | undefined): number {
  const days = settings?.booking_horizon_days;
  return Number.isInteger(days) && days! >= 1 && days! <= MAX_HORIZON_DAYS ? days! : DEFAULT_HORIZON_DAYS;
}

/** The minimum notice in minutes: the settings' own when valid, else the database's default. */
export function noticeMinutes(settings: WindowSettings | null | undefined): number {
  const minutes = settings?.min_notice_minutes;
  return Number.isInteger(minutes) && minutes! >= 0 && minutes! <= MAX_NOTICE_MINUTES ? minutes! : DEFAULT_NOTICE_MINUTES;
}

/**
 * When a visitor may book, as the database judges it at `now`: from `earliest` (now plus the
 * notice, and strictly after now) to `latest` (now plus the horizon's days), and the calendar
 * dates of both ends in the consultant's zone. Every day between the two is bookable as a whole.
 */
export interface BookingWindow {
  now: Date;
  earliest: Date;
  latest: Date;
  /** 'YYYY-MM-DD' of `now` in the consultant's zone. */
  today: string;
  /** 'YYYY-MM-DD' of `earliest` in the consultant's zone. */
  firstDay: string;
  /** 'YYYY-MM-DD' of `latest` in the consultant's zone: the horizon's last day. */
  lastDay: string;
}

export function bookingWindow(settings: WindowSettings | null | undefined, now: Date = new Date()): BookingWindow {
  const zone = calendarZone(settings);
  const earliest = new Date(now.getTime() + noticeMinutes(settings) * MINUTE_MS);
  const latest = new Date(now.getTime() + horizonDays(settings) * DAY_MS);
  const today = todayIn(zone, now);
  const firstDay = earliest.getTime() === now.getTime() ? today : todayIn(zone, earliest);
  return { now, earliest, latest, today, firstDay, lastDay: todayIn(zone, latest) };
}

/** True when an instant may be booked within the window. */
export function inWindow(at: Date, window: BookingWindow): boolean {
  const ms = at.getTime();
  return ms > window.now.getTime() && ms >= window.earliest.getTime() && ms <= window.latest.getTime();
}

/** The day off that covers a calendar date, if any. */
export function dayOffOn(key: string, daysOff: readonly DayOff[]): DayOff | undefined {
  return daysOff.find((off) => off.starts_on <= key && key <= off.ends_on);
}

/**
 * Why a day can or cannot be picked: 'available'; 'past' (before today in the consultant's zone);
 * 'too_far' (after the horizon's last day); 'not_working' (not a working day); 'day_off'; or
 * 'no_slots' (today or a day within the notice, or the horizon's last day, none of whose slots
 * lies within the window).
 */
export type DayStatus = 'available' | 'past' | 'too_far' | 'not_working' | 'day_off' | 'no_slots';

export function dayStatus(key: string, settings: DaySettings | null | undefined, window: BookingWindow, daysOff: readonly DayOff[] = []): DayStatus {
  if (key < window.firstDay) return key < window.today ? 'past' : 'no_slots';
  if (key > window.lastDay) return 'too_far';
  if (!isWorkingDay(key, settings)) return 'not_working';
  if (dayOffOn(key, daysOff)) return 'day_off';
  // only the window's two ends can be cut by it: the days between lie within it entirely
  if ((key === window.firstDay || key === window.lastDay) && !daySlots(key, settings).some((slot) => inWindow(slot.at, window))) {
    return 'no_slots';
  }
  return 'available';
}

/**
 * A day the visitor may pick: within the booking window of the consultant's zone, a working day,
 * not a day off, and with at least one slot inside the window.
 */
export function isSelectableDay(
  key: string,
  settings: DaySettings | null | undefined,
  now: Date = new Date(),
  daysOff: readonly DayOff[] = [],
): boolean {
  return dayStatus(key, settings, bookingWindow(settings, now), daysOff) === 'available';
}

/** The carrier Date of the first day of the month of the horizon's last day (the calendar's last month). */
export function lastMonthIn(settings: WindowSettings | null | undefined, now: Date = new Date()): Date {
  const [y, m] = bookingWindow(settings, now).lastDay.split('-').map(Number);
  return new Date(y, m - 1, 1);
}

/**
 * The slots still on offer for a day: a working day that is not a day off, not taken (as
 * instants), and within the booking window (not sooner than the notice, not past the horizon).
 */
export function freeSlots(
  key: string,
  settings: DaySettings | null | undefined,
  takenInstants: readonly number[],
  now: Date = new Date(),
  daysOff: readonly DayOff[] = [],
): Slot[] {
  if (!isWorkingDay(key, settings) || dayOffOn(key, daysOff)) return [];
  const window = bookingWindow(settings, now);
  const taken = new Set(takenInstants);
  return daySlots(key, settings).filter((slot) => inWindow(slot.at, window) && !taken.has(slot.at.getTime()));
}
