import { DEFAULT_TIME_ZONE, isKnownTimeZone, minutesOf, SLOT_STEP_MINUTES } from '@/features/booking/slots';
import type { CalendarSettings, CalendarSettingsInput } from './api';

/** Defaults of spec section 9: 'Консултант', 09:00 to 17:00, Monday to Friday; Sofia's clock. */
export const DEFAULT_CONSULTANT = 'Консултант';
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
export const DEFAULT_HOURS = { start: '09:00', end: '17:00' };

/** The week as the form lists it, Monday first, with the Bulgarian names. */
export const WEEK: readonly { key: string; label: string }[] = [
  { key: 'monday', label: 'Понеделник' },
  { key: 'tuesday', label: 'Вторник' },
  { key: 'wednesday', label: 'Сряда' },
  { key: 'thursday', label: 'Четвъртък' },
  { key: 'friday', label: 'Петък' },
  { key: 'saturday', label: 'Събота' },
  { key: 'sunday', label: 'Неделя' },
];

/** The zones offered: Sofia first, then every zone the browser knows (the current one kept too). */
export function timeZoneOptions(current: string): string[] {
  let all: string[] = [];
  try {
    all = Intl.supportedValuesOf('timeZone');
  } catch {
    all = [];
  }
  const rest = all.filter((z) => z !== DEFAULT_TIME_ZONE && z !== current);
  return [...new Set([DEFAULT_TIME_ZONE, current, ...rest])].filter(Boolean);
}

export const calendarText = {
  nameRequired: 'Моля, въведете име на консултанта.',
  timeInvalid: 'Моля, въведете час във формат ЧЧ:ММ.',
  endBeforeStart: 'Краят на работното време трябва да е след началото.',
  tooShort: 'Работното време трябва да побира поне един 30-минутен час.',
  noDays: 'Изберете поне един работен ден.',
  timeZone: 'Изберете часова зона от списъка.',
  loadFailed: 'Не можахме да заредим настройките на календара',
  saveFailed: 'Не можахме да запазим настройките',
  saved: 'Настройките на календара са запазени',
} as const;

export interface CalendarFormValues {
  consultant_name: string;
  photo_url: string;
  start: string;
  end: string;
  /** Working days, as stored ('monday' …). */
  days: string[];
  /** IANA time zone of the consultant's calendar. */
  time_zone: string;
}

export type CalendarFormErrors = Partial<Record<'consultant_name' | 'start' | 'end' | 'days' | 'time_zone', string>>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** '9:00' or '09:00:00' from a browser → '09:00'. */
export function normaliseTime(value: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(value.trim());
  if (!match) return value.trim();
  return `${match[1].padStart(2, '0')}:${match[2]}`;
}

export function calendarValuesFrom(settings: CalendarSettings | null): CalendarFormValues {
  return {
    consultant_name: settings?.consultant_name ?? DEFAULT_CONSULTANT,
    photo_url: settings?.photo_url ?? '',
    start: normaliseTime(settings?.working_hours?.start ?? DEFAULT_HOURS.start),
    end: normaliseTime(settings?.working_hours?.end ?? DEFAULT_HOURS.end),
    days: settings?.working_hours?.days?.length ? [...settings.working_hours.days] : [...WEEKDAYS],
    time_zone: settings?.time_zone || DEFAULT_TIME_ZONE,
  };
}

export function validateCalendar(values: CalendarFormValues): CalendarFormErrors {
  const errors: CalendarFormErrors = {};
  if (!values.consultant_name.trim()) errors.consultant_name = calendarText.nameRequired;
  const start = normaliseTime(values.start);
  const end = normaliseTime(values.end);
  if (!TIME.test(start)) errors.start = calendarText.timeInvalid;
  if (!TIME.test(end)) errors.end = calendarText.timeInvalid;
  else if (!errors.start && end <= start) errors.end = calendarText.endBeforeStart;
  else if (!errors.start && minutesOf(end)! - minutesOf(start)! < SLOT_STEP_MINUTES) errors.end = calendarText.tooShort;
  if (values.days.length === 0) errors.days = calendarText.noDays;
  if (!isKnownTimeZone(values.time_zone)) errors.time_zone = calendarText.timeZone;
  return errors;
}

/** The row to write; the days in the week's order. */
export function calendarInput(values: CalendarFormValues, existing: CalendarSettings | null): CalendarSettingsInput {
  const days = WEEK.map((d) => d.key).filter((key) => values.days.includes(key));
  return {
    consultant_name: values.consultant_name.trim(),
    photo_url: values.photo_url.trim() || null,
    working_hours: { start: normaliseTime(values.start), end: normaliseTime(values.end), days },
    time_zone: values.time_zone,
    is_active: existing?.is_active ?? true,
  };
}
