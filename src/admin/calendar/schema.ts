/*
 * The calendar settings' rules as a zod schema with their Bulgarian
 * messages, the defaults, and the row the form writes; the booking window (horizon in days,
 * minimum notice stored in minutes, the visitor's cut-off for changes in hours, the free minutes
 * kept before and after every meeting) within the database's bounds, and which field a refusal of the database belongs to. The days-off form's
 * rules are in ./day-off-schema.
 */
import * as z from 'zod/mini';
import { imageAltProblem, imageAltText } from '@/admin/kit/media/image-alt';
import { hintOf } from '@/shared/db/errors';
import {
  BUFFER_STEP_MINUTES,
  DEFAULT_HORIZON_DAYS,
  DEFAULT_NOTICE_MINUTES,
  DEFAULT_TIME_ZONE,
  isKnownTimeZone,
  MAX_BUFFER_MINUTES,
  MAX_HORIZON_DAYS,
  MAX_NOTICE_MINUTES,
  minutesOf,
  SLOT_STEP_MINUTES,
} from '@/shared/domain/calendar';
import type { StoredCalendarSettings } from '@/admin/kit/data/calendar-settings';
import type { CalendarSettingsInput } from './settings-api';

/** The database's default and bounds of calendar_settings.manage_cutoff_hours. */
export const DEFAULT_CUTOFF_HOURS = 12;
export const MAX_CUTOFF_HOURS = 168;

/** The defaults: 'Консултант', 09:00 to 17:00, Monday to Friday; Sofia's clock. */
export const DEFAULT_CONSULTANT = 'Консултант';
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
export const DEFAULT_HOURS = { start: '09:00', end: '17:00' };

/** The week as the form lists it, Monday first, with the Bulgarian names. */
const DAY_KEYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const DAY_NAMES = ['Понеделник', 'Вторник', 'Сряда', 'Четвъртък', 'Петък', 'Събота', 'Неделя'];
export const WEEK: readonly { key: string; label: string }[] = DAY_KEYS.map((key, day) => ({ key, label: DAY_NAMES[day] }));

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
  horizonInvalid: `Въведете цял брой дни от 1 до ${MAX_HORIZON_DAYS}.`,
  noticeInvalid: 'Въведете цяло число, 0 или повече.',
  noticeTooLong: 'Предизвестието може да е най-много 7 дни.',
  cutoffInvalid: `Въведете цял брой часове от 0 до ${MAX_CUTOFF_HOURS}.`,
  bufferInvalid: `Въведете цял брой минути от 0 до ${MAX_BUFFER_MINUTES}.`,
  bufferStep: `Въведете минути, кратни на ${BUFFER_STEP_MINUTES} (0, 5, 10, 15…).`,
} as const;

/** The units the minimum notice is typed in; it is stored in minutes. */
export const NOTICE_UNITS = [
  { key: 'minutes', label: 'минути', minutes: 1 },
  { key: 'hours', label: 'часа', minutes: 60 },
  { key: 'days', label: 'дни', minutes: 1440 },
] as const;
export type NoticeUnit = (typeof NOTICE_UNITS)[number]['key'];

const unitMinutes = (unit: NoticeUnit) => NOTICE_UNITS.find((u) => u.key === unit)?.minutes ?? 1;
const WHOLE = /^\d+$/;

/** The stored minutes in the largest unit that shows them whole: 120 → 2 часа, 90 → 90 минути, 0 → 0 часа. */
export function noticeFields(minutes: number): { notice_amount: string; notice_unit: NoticeUnit } {
  if (minutes > 0 && minutes % 1440 === 0) return { notice_amount: String(minutes / 1440), notice_unit: 'days' };
  if (minutes % 60 === 0) return { notice_amount: String(minutes / 60), notice_unit: 'hours' };
  return { notice_amount: String(minutes), notice_unit: 'minutes' };
}

/** The minutes of a typed notice, or null when it is not a whole number. */
export function noticeMinutesOf(amount: string, unit: NoticeUnit): number | null {
  const text = amount.trim();
  return WHOLE.test(text) ? Number(text) * unitMinutes(unit) : null;
}

/** The message of a typed notice, or undefined when it is one the database accepts (0 to 7 days). */
export function noticeError(amount: string, unit: NoticeUnit): string | undefined {
  const minutes = noticeMinutesOf(amount, unit);
  if (minutes === null) return calendarText.noticeInvalid;
  if (minutes > MAX_NOTICE_MINUTES) return calendarText.noticeTooLong;
  return undefined;
}

/** True for a whole number of days the database accepts as the horizon (1 to 365). */
export function isHorizon(value: string): boolean {
  const text = value.trim();
  return WHOLE.test(text) && Number(text) >= 1 && Number(text) <= MAX_HORIZON_DAYS;
}

/**
 * The message of a typed buffer before or after the meetings, or undefined when the database
 * accepts it (a whole number of minutes, 0 to 240, a multiple of 5).
 */
export function bufferError(value: string): string | undefined {
  const text = value.trim();
  if (!WHOLE.test(text) || Number(text) > MAX_BUFFER_MINUTES) return calendarText.bufferInvalid;
  if (Number(text) % BUFFER_STEP_MINUTES !== 0) return calendarText.bufferStep;
  return undefined;
}

/** True for a whole number of hours the database accepts as the visitor's cut-off (0 to 168). */
export function isCutoff(value: string): boolean {
  const text = value.trim();
  return WHOLE.test(text) && Number(text) <= MAX_CUTOFF_HOURS;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** '9:00' or '09:00:00' from a browser → '09:00'. */
export function normaliseTime(value: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(value.trim());
  if (!match) return value.trim();
  return `${match[1].padStart(2, '0')}:${match[2]}`;
}

export function calendarValuesFrom(settings: StoredCalendarSettings | null): CalendarFormValues {
  return {
    consultant_name: settings?.consultant_name ?? DEFAULT_CONSULTANT,
    photo_url: settings?.photo_url ?? '',
    photo_alt: settings?.photo_alt ?? '',
    start: normaliseTime(settings?.working_hours?.start ?? DEFAULT_HOURS.start),
    end: normaliseTime(settings?.working_hours?.end ?? DEFAULT_HOURS.end),
    days: settings?.working_hours?.days?.length ? [...settings.working_hours.days] : [...WEEKDAYS],
    time_zone: settings?.time_zone || DEFAULT_TIME_ZONE,
    is_active: settings?.is_active ?? true,
    booking_horizon_days: String(settings?.booking_horizon_days ?? DEFAULT_HORIZON_DAYS),
    ...noticeFields(settings?.min_notice_minutes ?? DEFAULT_NOTICE_MINUTES),
    manage_cutoff_hours: String(settings?.manage_cutoff_hours ?? DEFAULT_CUTOFF_HOURS),
    buffer_before_minutes: String(settings?.buffer_before_minutes ?? 0),
    buffer_after_minutes: String(settings?.buffer_after_minutes ?? 0),
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
    /** What the photo shows (its alt text): required with a photo. */
    photo_alt: z.string(),
    /** 'HH:MM' as the time field gives it (checked together with the end below). */
    start: z.string(),
    end: z.string(),
    /** Working days, as stored ('monday' …). */
    days: z.array(z.string()).check(z.minLength(1, calendarText.noDays)),
    /** IANA time zone of the consultant's calendar. */
    time_zone: z.string().check(z.refine(isKnownTimeZone, calendarText.timeZone)),
    /** Whether visitors may book online (false shows them the phone and e-mail instead). */
    is_active: z.boolean(),
    /** How many days ahead visitors may book, as typed (a whole number, 1 to 365). */
    booking_horizon_days: z.string().check(z.refine(isHorizon, calendarText.horizonInvalid)),
    /** The minimum notice as typed, in `notice_unit` (stored in minutes, at most 7 days). */
    notice_amount: z.string(),
    notice_unit: z.enum(['minutes', 'hours', 'days']),
    /** Until how many hours before the meeting a visitor may move or cancel it, as typed (0 to 168). */
    manage_cutoff_hours: z.string().check(z.refine(isCutoff, calendarText.cutoffInvalid)),
    /** Minutes kept free before and after every meeting and busy time, as typed (0 to 240, by 5). */
    buffer_before_minutes: z.string(),
    buffer_after_minutes: z.string(),
  })
  .check(
    // the hours are checked as a pair, each message on its own field
    z.superRefine((values, ctx) => {
      const errors = workingHoursErrors(values.start, values.end);
      for (const key of ['start', 'end'] as const) {
        const message = errors[key];
        if (message) ctx.addIssue({ code: 'custom', path: [key], message, input: values[key] });
      }
      // the notice with its unit: the message on the amount
      const notice = noticeError(values.notice_amount, values.notice_unit);
      if (notice) ctx.addIssue({ code: 'custom', path: ['notice_amount'], message: notice, input: values.notice_amount });
      const alt = imageAltProblem(values.photo_alt, values.photo_url.trim() !== '');
      if (alt) ctx.addIssue({ code: 'custom', path: ['photo_alt'], message: alt, input: values.photo_alt });
      for (const key of ['buffer_before_minutes', 'buffer_after_minutes'] as const) {
        const message = bufferError(values[key]);
        if (message) ctx.addIssue({ code: 'custom', path: [key], message, input: values[key] });
      }
    }),
  );

export type CalendarFormValues = z.infer<typeof calendarSchema>;

/** The row to write; the days in the week's order, the notice in minutes. */
export function calendarInput(values: CalendarFormValues): CalendarSettingsInput {
  const days = WEEK.map((d) => d.key).filter((key) => values.days.includes(key));
  return {
    consultant_name: values.consultant_name.trim(),
    photo_url: values.photo_url.trim() || null,
    // the alt text goes with its photo: none without one
    photo_alt: values.photo_url.trim() ? values.photo_alt.trim() : '',
    working_hours: { start: normaliseTime(values.start), end: normaliseTime(values.end), days },
    time_zone: values.time_zone,
    is_active: values.is_active,
    booking_horizon_days: Number(values.booking_horizon_days.trim()),
    min_notice_minutes: noticeMinutesOf(values.notice_amount, values.notice_unit) ?? DEFAULT_NOTICE_MINUTES,
    manage_cutoff_hours: Number(values.manage_cutoff_hours.trim()),
    buffer_before_minutes: Number(values.buffer_before_minutes.trim()),
    buffer_after_minutes: Number(values.buffer_after_minutes.trim()),
  };
}

/** A field of the form a refusal of the database is about, and what to say there. */
export interface CalendarRefusal {
  field:
    | 'booking_horizon_days'
    | 'notice_amount'
    | 'manage_cutoff_hours'
    | 'buffer_before_minutes'
    | 'buffer_after_minutes'
    | 'time_zone'
    | 'days'
    | 'end'
    | 'photo_alt';
  message: string;
}

/**
 * Which field the database refused, if the refusal names one: a CHECK constraint of the table
 * (23514, named in the message) or a trigger's hint (the settings' rules, the photo's alt text).
 * The form checks the same rules, so this is met only when the browser's rules and the
 * database's differ.
 */
export function calendarRefusal(error: unknown): CalendarRefusal | null {
  const like = (error ?? {}) as { code?: unknown; message?: unknown };
  const message = typeof like.message === 'string' ? like.message : '';
  const hint = hintOf(error);
  if (like.code === '23514') {
    if (message.includes('calendar_settings_cutoff')) return { field: 'manage_cutoff_hours', message: calendarText.cutoffInvalid };
    if (message.includes('calendar_settings_horizon')) return { field: 'booking_horizon_days', message: calendarText.horizonInvalid };
    if (message.includes('calendar_settings_notice')) return { field: 'notice_amount', message: calendarText.noticeTooLong };
    if (message.includes('calendar_settings_photo_alt')) return { field: 'photo_alt', message: imageAltText.tooLong };
    if (message.includes('calendar_settings_buffer_before')) return { field: 'buffer_before_minutes', message: calendarText.bufferInvalid };
    if (message.includes('calendar_settings_buffer_after')) return { field: 'buffer_after_minutes', message: calendarText.bufferInvalid };
  }
  if (hint === 'image_alt_missing') return { field: 'photo_alt', message: imageAltText.required };
  if (hint === 'calendar_time_zone') return { field: 'time_zone', message: calendarText.timeZone };
  if (hint === 'calendar_days') return { field: 'days', message: calendarText.noDays };
  if (hint === 'calendar_hours') return { field: 'end', message: calendarText.tooShort };
  return null;
}
