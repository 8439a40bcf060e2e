/*
 * The days-off form's rules: a first day (today or later in the calendar's zone), an optional last
 * day no more than a year on, a short label; the zod schema of the form and the row it inserts.
 */
import * as z from 'zod/mini';
import { parseDayKey } from '@/shared/domain/calendar';

export const dayOffText = {
  startRequired: 'Изберете първия почивен ден.',
  dateInvalid: 'Въведете дата във формат ГГГГ-ММ-ДД.',
  endBeforeStart: 'Последният ден не може да е преди първия.',
  tooLong: 'Периодът може да е най-много една година.',
  past: 'Тези дни вече са минали.',
  labelTooLong: 'Описанието може да е най-много 200 знака.',
  loading: 'Зареждане на почивните дни...',
  loadFailed: 'Неуспешно зареждане на почивните дни.',
  empty: 'Няма предстоящи почивни дни.',
  added: 'Почивният ден е добавен',
  addFailed: 'Неуспешно добавяне на почивния ден.',
  deleted: 'Почивният ден е изтрит',
  deleteFailed: 'Неуспешно изтриване на почивния ден.',
  holidaysFailed: 'Неуспешно добавяне на официалните празници.',
} as const;

/** The longest range the database keeps: ends_on - starts_on <= 366. */
export const MAX_DAY_OFF_SPAN_DAYS = 366;
export const DAY_OFF_LABEL_MAX = 200;

/** Whole days from one 'YYYY-MM-DD' to another (both valid). */
export function daysBetween(from: string, to: string): number {
  const utc = (key: string) => {
    const [y, m, d] = key.split('-').map(Number);
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

export interface DayOffFormValues {
  /** 'YYYY-MM-DD', as a date field gives it. */
  starts_on: string;
  /** 'YYYY-MM-DD', or '' for a single day. */
  ends_on: string;
  label: string;
}

export const EMPTY_DAY_OFF: DayOffFormValues = { starts_on: '', ends_on: '', label: '' };

/** The messages of a day off, per field ({} when it can be added); `today` in the calendar's zone. */
export function dayOffErrors(values: DayOffFormValues, today: string): Partial<Record<keyof DayOffFormValues, string>> {
  const errors: Partial<Record<keyof DayOffFormValues, string>> = {};
  const starts = values.starts_on.trim();
  const ends = values.ends_on.trim();
  if (!starts) errors.starts_on = dayOffText.startRequired;
  else if (!parseDayKey(starts)) errors.starts_on = dayOffText.dateInvalid;
  if (ends && !parseDayKey(ends)) errors.ends_on = dayOffText.dateInvalid;
  if (!errors.starts_on && !errors.ends_on) {
    const last = ends || starts;
    if (last < starts) errors.ends_on = dayOffText.endBeforeStart;
    else if (daysBetween(starts, last) > MAX_DAY_OFF_SPAN_DAYS) errors.ends_on = dayOffText.tooLong;
    else if (last < today) errors[ends ? 'ends_on' : 'starts_on'] = dayOffText.past;
  }
  if (values.label.trim().length > DAY_OFF_LABEL_MAX) errors.label = dayOffText.labelTooLong;
  return errors;
}

/** The days-off form's schema for a given today ('YYYY-MM-DD' in the calendar's zone). */
export function dayOffSchema(today: string) {
  return z
    .object({ starts_on: z.string(), ends_on: z.string(), label: z.string() })
    .check(
      z.superRefine((values, ctx) => {
        const errors = dayOffErrors(values, today);
        for (const key of ['starts_on', 'ends_on', 'label'] as const) {
          const message = errors[key];
          if (message) ctx.addIssue({ code: 'custom', path: [key], message, input: values[key] });
        }
      }),
    );
}

/** The row to insert: a single day when no last day is given. */
export function dayOffInput(values: DayOffFormValues): { starts_on: string; ends_on: string; label: string } {
  const starts_on = values.starts_on.trim();
  return { starts_on, ends_on: values.ends_on.trim() || starts_on, label: values.label.trim() };
}
