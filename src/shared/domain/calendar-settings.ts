import type { Json, Tables } from '@/shared/db/database.types';

/*
 * The booking calendar's settings without its date arithmetic (calendar.ts, which re-exports
 * these): the limits, the working hours as stored, the consultant's zone. A module of its own, so
 * a screen that only needs the zone (the posts list's schedule) carries no date library.
 */

export const SLOT_STEP_MINUTES = 30;
export const DEFAULT_TIME_ZONE = 'Europe/Sofia';
/** The database's defaults and bounds of the booking window (calendar_settings). */
export const DEFAULT_HORIZON_DAYS = 60;
export const MAX_HORIZON_DAYS = 365;
export const DEFAULT_NOTICE_MINUTES = 120;
export const MAX_NOTICE_MINUTES = 10080;
/**
 * The free time kept before and after every meeting (calendar_settings.buffer_before_minutes and
 * buffer_after_minutes): 0 to 240 minutes in steps of 5. The database applies it (taken_slots and
 * private.check_appointment, supabase/schema/functions.sql); the dialog only reads it.
 */
export const MAX_BUFFER_MINUTES = 240;
export const BUFFER_STEP_MINUTES = 5;
/** How long a consultation lasts (the database's private.meeting_length()). */
export const MEETING_MINUTES = 30;

/** Names as stored in calendar_settings.working_hours.days, indexed like Date.getDay(). */
export const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export const DEFAULT_WORKING_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

export type WorkingHours = {
  start: string;
  end: string;
  days?: string[];
};

/**
 * The calendar's settings row as both sides read it, its working hours parsed from their JSON.
 * booking_horizon_days: how many days ahead a visitor may book (1–365); min_notice_minutes: how
 * long before a slot it must be booked (0–10080); buffer_before_minutes and buffer_after_minutes:
 * the free time around every meeting (0–240, multiples of 5), which the database applies to the
 * taken slots it answers.
 */
/** What the booking calendar reads; the visitor's cut-off comes with their booking, the admin reads it apart. */
export type CalendarSettings = Omit<Tables<'calendar_settings'>, 'working_hours' | 'created_at' | 'updated_at' | 'manage_cutoff_hours'> & {
  working_hours: WorkingHours;
};

/** The columns of CalendarSettings, for a select. */
export const CALENDAR_SETTINGS_COLUMNS =
  'id, consultant_name, photo_url, photo_alt, working_hours, is_active, time_zone, booking_horizon_days, min_notice_minutes, buffer_before_minutes, buffer_after_minutes' as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * calendar_settings.working_hours as stored: JSON the table does not shape, so it is read with
 * care (a value of the wrong type is left empty, which the slot rules treat as no hours).
 */
export function readWorkingHours(value: Json): WorkingHours {
  const hours = isRecord(value) ? value : {};
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const days = Array.isArray(hours.days) ? hours.days.filter((d): d is string => typeof d === 'string') : undefined;
  return { start: text(hours.start), end: text(hours.end), ...(days ? { days } : {}) };
}

/** A settings row as it comes from the API, its working hours read. */
export function toCalendarSettings<Row extends { working_hours: Json }>(row: Row): Omit<Row, 'working_hours'> & { working_hours: WorkingHours } {
  return { ...row, working_hours: readWorkingHours(row.working_hours) };
}

/** What the slots of a day are made from: the working hours, in the consultant's zone. */
export type HoursOnly = Pick<CalendarSettings, 'working_hours'> & { time_zone?: string | null };

/** One slot: the wall-clock time in the consultant's zone and the instant it is. */
export interface Slot {
  time: string;
  at: Date;
}


/** Minutes since midnight of 'HH:MM' (00:00–24:00), or null when it is not such a time. */
export function minutesOf(time: string | null | undefined): number | null {
  const match = /^\s*(\d{1,2}):(\d{2})(?::\d{2})?\s*$/.exec(time ?? '');
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

/** True when the IANA zone name is one this browser (and so date-fns) knows. */
export function isKnownTimeZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The consultant's zone: the settings' own when valid, else Europe/Sofia. */
export function calendarZone(settings: { time_zone?: string | null } | null | undefined): string {
  return isKnownTimeZone(settings?.time_zone) ? settings!.time_zone! : DEFAULT_TIME_ZONE;
}

