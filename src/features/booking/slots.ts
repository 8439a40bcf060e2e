/*
 * The booking calendar's rules (spec sections 4, 5 and 9), as pure functions over local dates:
 * the visitor sees and picks times in their own time zone, and the slot is stored as the ISO
 * instant of that local time.
 *
 * - Days before the start of today cannot be chosen, nor days that are not working days.
 * - Slots run every 30 minutes from the start hour up to, not including, the end hour; only the
 *   hour part of start and end counts. Without settings there are no slots.
 */

export const SLOT_STEP_MINUTES = 30;

/** Names as stored in calendar_settings.working_hours.days, indexed like Date.getDay(). */
export const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export const DEFAULT_WORKING_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

export interface WorkingHours {
  start: string;
  end: string;
  days?: string[];
}

export interface CalendarSettings {
  id: string;
  consultant_name: string;
  photo_url: string | null;
  working_hours: WorkingHours;
  is_active: boolean;
}

/** The hour of 'HH:MM' (0–23), or null when it is not a time. */
export function hourOf(time: string | null | undefined): number | null {
  const match = /^\s*(\d{1,2})(?::\d{2})?/.exec(time ?? '');
  if (!match) return null;
  const hour = Number(match[1]);
  return hour >= 0 && hour <= 24 ? hour : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'HH:MM' slots of a day: ['09:00', '09:30', …, '16:30'] for 09:00–17:00. */
export function generateSlots(settings: Pick<CalendarSettings, 'working_hours'> | null | undefined): string[] {
  if (!settings?.working_hours) return [];
  const start = hourOf(settings.working_hours.start);
  const end = hourOf(settings.working_hours.end);
  if (start === null || end === null || end <= start) return [];
  const slots: string[] = [];
  for (let minutes = start * 60; minutes < end * 60; minutes += SLOT_STEP_MINUTES) {
    slots.push(`${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`);
  }
  return slots;
}

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** True for days before the start of today. */
export function isPastDay(day: Date, now: Date = new Date()): boolean {
  return startOfDay(day).getTime() < startOfDay(now).getTime();
}

/** The working days of the settings (monday–friday when there are none or the list is empty). */
export function workingDays(settings: Pick<CalendarSettings, 'working_hours'> | null | undefined): string[] {
  const days = settings?.working_hours?.days;
  return Array.isArray(days) && days.length > 0 ? days.map((d) => d.toLowerCase()) : DEFAULT_WORKING_DAYS;
}

export function isWorkingDay(day: Date, settings: Pick<CalendarSettings, 'working_hours'> | null | undefined): boolean {
  return workingDays(settings).includes(WEEKDAY_NAMES[day.getDay()]);
}

/** A day the visitor may pick: not in the past and a working day. */
export function isSelectableDay(
  day: Date,
  settings: Pick<CalendarSettings, 'working_hours'> | null | undefined,
  now: Date = new Date(),
): boolean {
  return !isPastDay(day, now) && isWorkingDay(day, settings);
}

/** 'YYYY-MM-DD' of a local date. */
export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local date of a 'YYYY-MM-DD' key (null when malformed). */
export function parseDayKey(key: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The instant of a local day and 'HH:MM' slot. */
export function slotInstant(day: Date, time: string): Date {
  const [h, m] = time.split(':').map(Number);
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), h, m || 0);
}

/** The window of one local day, for taken_slots(range_start, range_end): [midnight, next midnight). */
export function dayRange(day: Date): { start: string; end: string } {
  return { start: startOfDay(day).toISOString(), end: addDays(day, 1).toISOString() };
}

/**
 * The slots still on offer for a day: not taken (compared as instants) and not already begun.
 */
export function freeSlots(day: Date, slots: readonly string[], takenInstants: readonly number[], now: Date = new Date()): string[] {
  const taken = new Set(takenInstants);
  return slots.filter((time) => {
    const at = slotInstant(day, time).getTime();
    return at > now.getTime() && !taken.has(at);
  });
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
