import type { CalendarSettings, CalendarSettingsInput } from './api';

/** Defaults of spec section 9: 'Консултант', 09:00 to 17:00, Monday to Friday. */
export const DEFAULT_CONSULTANT = 'Консултант';
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
export const DEFAULT_HOURS = { start: '09:00', end: '17:00' };

export const calendarText = {
  nameRequired: 'Моля, въведете име на консултанта.',
  timeInvalid: 'Моля, въведете час във формат ЧЧ:ММ.',
  endBeforeStart: 'Краят на работното време трябва да е след началото.',
  loadFailed: 'Не можахме да заредим настройките на календара',
  saveFailed: 'Не можахме да запазим настройките',
  saved: 'Настройките на календара са запазени',
} as const;

export interface CalendarFormValues {
  consultant_name: string;
  photo_url: string;
  start: string;
  end: string;
}

export type CalendarFormErrors = Partial<Record<'consultant_name' | 'start' | 'end', string>>;

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
  return errors;
}

/** The row to write; the working days stay as they are (Monday to Friday by default). */
export function calendarInput(values: CalendarFormValues, existing: CalendarSettings | null): CalendarSettingsInput {
  const days = existing?.working_hours?.days?.length ? existing.working_hours.days : WEEKDAYS;
  return {
    consultant_name: values.consultant_name.trim(),
    photo_url: values.photo_url.trim() || null,
    working_hours: { start: normaliseTime(values.start), end: normaliseTime(values.end), days },
    is_active: existing?.is_active ?? true,
  };
}
