/*
 * The calendar settings' rules (spec sections 2, 5 and 9) as a zod schema with the spec's
 * messages, the defaults, and the row the form writes.
 */
import * as z from 'zod/mini';
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

/**
 * The working hours' messages, for the start and the end: both HH:MM, the end after the start
 * and at least one 30-minute slot later. Also decides whether the preview can list slots.
 */
export function workingHoursErrors(startValue: string, endValue: string): { start?: string; end?: string } {
  const start = normaliseTime(startValue);
  const end = normaliseTime(endValue);
  const errors: { start?: string; end?: string } = {};
  if (!TIME.test(start)) errors.start = calendarText.timeInvalid;
  if (!TIME.test(end)) errors.end = calendarText.timeInvalid;
  else if (!errors.start && end <= start) errors.end = calendarText.endBeforeStart;
  else if (!errors.start && minutesOf(end)! - minutesOf(start)! < SLOT_STEP_MINUTES) errors.end = calendarText.tooShort;
  return errors;
}

export const calendarSchema = z
  .object({
    consultant_name: z.string().check(z.refine((value) => value.trim() !== '', calendarText.nameRequired)),
    photo_url: z.string(),
    /** 'HH:MM' as the time field gives it (checked together with the end below). */
    start: z.string(),
    end: z.string(),
    /** Working days, as stored ('monday' …). */
    days: z.array(z.string()).check(z.minLength(1, calendarText.noDays)),
    /** IANA time zone of the consultant's calendar. */
    time_zone: z.string().check(z.refine(isKnownTimeZone, calendarText.timeZone)),
  })
  .check(
    // the hours are checked as a pair, each message on its own field
    z.superRefine((values, ctx) => {
      const errors = workingHoursErrors(values.start, values.end);
      for (const key of ['start', 'end'] as const) {
        const message = errors[key];
        if (message) ctx.addIssue({ code: 'custom', path: [key], message, input: values[key] });
      }
    }),
  );

export type CalendarFormValues = z.infer<typeof calendarSchema>;

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
