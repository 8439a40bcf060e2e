import { describe, expect, it } from 'vitest';
import { holidaysToAdd } from '@/admin/calendar/holidays';
import { dayOffErrors, dayOffInput, dayOffText } from '@/admin/calendar/day-off-schema';
import {
  calendarInput,
  calendarRefusal,
  calendarSchema,
  calendarText,
  calendarValuesFrom,
  noticeFields,
  noticeMinutesOf,
  normaliseTime,
  timeZoneOptions,
  type CalendarFormValues,
} from '@/admin/calendar/schema';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
const values = (over: Partial<CalendarFormValues> = {}): CalendarFormValues => ({
  consultant_name: 'М',
  photo_url: '',
  photo_alt: '',
  start: '09:00',
  end: '17:00',
  days: WEEKDAYS,
  time_zone: 'Europe/Sofia',
  is_active: true,
  booking_horizon_days: '60',
  notice_amount: '2',
  notice_unit: 'hours',
  manage_cutoff_hours: '12',
  buffer_before_minutes: '0',
  buffer_after_minutes: '0',
  ...over,
});

/** The schema's message per field ({} when the values pass). */
function validateCalendar(input: CalendarFormValues): Record<string, string> {
  const result = calendarSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('calendar settings schema', () => {
  it('starts from the defaults when there is no row: Monday to Friday, 09:00–17:00, Sofia', () => {
    expect(calendarValuesFrom(null)).toEqual({
      consultant_name: 'Консултант',
      photo_url: '',
      photo_alt: '',
      start: '09:00',
      end: '17:00',
      days: WEEKDAYS,
      time_zone: 'Europe/Sofia',
      is_active: true,
      booking_horizon_days: '60',
      notice_amount: '2',
      notice_unit: 'hours',
      manage_cutoff_hours: '12',
      buffer_before_minutes: '0',
      buffer_after_minutes: '0',
    });
  });

  it('needs a name, an end at least one slot after the start, a working day and a known zone', () => {
    expect(validateCalendar(values({ consultant_name: ' ' })).consultant_name).toBe(calendarText.nameRequired);
    expect(validateCalendar(values({ start: '12:00', end: '12:00' })).end).toBe(calendarText.endBeforeStart);
    expect(validateCalendar(values({ start: '12:00', end: '12:20' })).end).toBe(calendarText.tooShort);
    expect(validateCalendar(values({ start: '12:00', end: '' })).end).toBe(calendarText.timeInvalid);
    expect(validateCalendar(values({ days: [] })).days).toBe(calendarText.noDays);
    expect(validateCalendar(values({ time_zone: 'Mars/Olympus' })).time_zone).toBe(calendarText.timeZone);
    expect(validateCalendar(values({ start: '9:30', end: '13:00' }))).toEqual({});
    // several at once, each on its own field
    expect(validateCalendar(values({ consultant_name: '', start: 'x', days: [], time_zone: '' }))).toEqual({
      consultant_name: calendarText.nameRequired,
      start: calendarText.timeInvalid,
      days: calendarText.noDays,
      time_zone: calendarText.timeZone,
    });
  });

  it('writes HH:MM hours with their minutes, the chosen days in week order, the zone, the active flag and the window', () => {
    expect(normaliseTime('9:30:00')).toBe('09:30');
    const existing = {
      id: 'c',
      consultant_name: 'X',
      photo_url: null,
      photo_alt: '',
      working_hours: { start: '09:00', end: '17:00', days: ['monday', 'tuesday'] },
      is_active: false,
      time_zone: 'Europe/Sofia',
      booking_horizon_days: 30,
      min_notice_minutes: 1440,
      manage_cutoff_hours: 24,
      buffer_before_minutes: 10,
      buffer_after_minutes: 0,
      updated_at: '',
    };
    const loaded = calendarValuesFrom(existing);
    expect(loaded).toMatchObject({
      is_active: false,
      booking_horizon_days: '30',
      notice_amount: '1',
      notice_unit: 'days',
      manage_cutoff_hours: '24',
      buffer_before_minutes: '10',
      buffer_after_minutes: '0',
    });
    expect(
      calendarInput({ ...loaded, consultant_name: ' Мария ', start: '09:30', end: '13:00', days: ['saturday', 'monday'], time_zone: 'Europe/London' }),
    ).toEqual({
      consultant_name: 'Мария',
      photo_url: null,
      photo_alt: '',
      working_hours: { start: '09:30', end: '13:00', days: ['monday', 'saturday'] },
      time_zone: 'Europe/London',
      is_active: false,
      booking_horizon_days: 30,
      min_notice_minutes: 1440,
      manage_cutoff_hours: 24,
      buffer_before_minutes: 10,
      buffer_after_minutes: 0,
    });
    expect(calendarInput(values({ booking_horizon_days: ' 90 ', notice_amount: '45', notice_unit: 'minutes', manage_cutoff_hours: ' 0 ' }))).toMatchObject({
      is_active: true,
      booking_horizon_days: 90,
      min_notice_minutes: 45,
      manage_cutoff_hours: 0,
    });
  });

  it('the buffers around meetings: whole minutes from 0 to 240 in steps of 5, stored as numbers', () => {
    expect(validateCalendar(values({ buffer_before_minutes: '15', buffer_after_minutes: '240' }))).toEqual({});
    expect(validateCalendar(values({ buffer_before_minutes: '7', buffer_after_minutes: '245' }))).toEqual({
      buffer_before_minutes: calendarText.bufferStep,
      buffer_after_minutes: calendarText.bufferInvalid,
    });
    expect(validateCalendar(values({ buffer_before_minutes: '', buffer_after_minutes: '-5' }))).toEqual({
      buffer_before_minutes: calendarText.bufferInvalid,
      buffer_after_minutes: calendarText.bufferInvalid,
    });
    expect(calendarText.bufferInvalid).toBe('Въведете цял брой минути от 0 до 240.');
    expect(calendarInput(values({ buffer_before_minutes: ' 15 ', buffer_after_minutes: '30' }))).toMatchObject({ buffer_before_minutes: 15, buffer_after_minutes: 30 });
    expect(calendarValuesFrom(null)).toMatchObject({ buffer_before_minutes: '0', buffer_after_minutes: '0' });
  });

  it('a photo needs its alt text, written trimmed; without a photo none is written', () => {
    const required = 'Опишете изображението (алтернативен текст).';
    expect(validateCalendar(values({ photo_url: '/me.jpg' }))).toEqual({ photo_alt: required });
    expect(validateCalendar(values({ photo_url: '/me.jpg', photo_alt: '  ' }))).toEqual({ photo_alt: required });
    expect(validateCalendar(values({ photo_url: '/me.jpg', photo_alt: 'x'.repeat(301) }))).toEqual({ photo_alt: 'Алтернативният текст може да е най-много 300 знака.' });
    expect(validateCalendar(values({ photo_url: '/me.jpg', photo_alt: 'Мария на бюрото' }))).toEqual({});
    expect(validateCalendar(values({ photo_url: '', photo_alt: '' }))).toEqual({});
    expect(calendarInput(values({ photo_url: ' /me.jpg ', photo_alt: ' Мария на бюрото ' }))).toMatchObject({ photo_url: '/me.jpg', photo_alt: 'Мария на бюрото' });
    expect(calendarInput(values({ photo_url: ' ', photo_alt: 'Мария на бюрото' }))).toMatchObject({ photo_url: null, photo_alt: '' });
  });

  it('shows the stored notice in the largest whole unit, and stores minutes', () => {
    expect(noticeFields(120)).toEqual({ notice_amount: '2', notice_unit: 'hours' });
    expect(noticeFields(90)).toEqual({ notice_amount: '90', notice_unit: 'minutes' });
    expect(noticeFields(2880)).toEqual({ notice_amount: '2', notice_unit: 'days' });
    expect(noticeFields(0)).toEqual({ notice_amount: '0', notice_unit: 'hours' });
    expect(noticeMinutesOf('3', 'hours')).toBe(180);
    expect(noticeMinutesOf('7', 'days')).toBe(10080);
    expect(noticeMinutesOf('1.5', 'hours')).toBeNull();
    expect(noticeMinutesOf('', 'minutes')).toBeNull();
  });

  it('keeps the horizon within 1 to 365 whole days and the notice within 0 to 7 days', () => {
    for (const horizon of ['0', '366', '', '2.5', '-1', 'сто']) {
      expect(validateCalendar(values({ booking_horizon_days: horizon })), horizon).toEqual({ booking_horizon_days: calendarText.horizonInvalid });
    }
    expect(validateCalendar(values({ booking_horizon_days: '1' }))).toEqual({});
    expect(validateCalendar(values({ booking_horizon_days: '365' }))).toEqual({});
    expect(validateCalendar(values({ notice_amount: '' })).notice_amount).toBe(calendarText.noticeInvalid);
    expect(validateCalendar(values({ notice_amount: '-5' })).notice_amount).toBe(calendarText.noticeInvalid);
    expect(validateCalendar(values({ notice_amount: '8', notice_unit: 'days' })).notice_amount).toBe(calendarText.noticeTooLong);
    expect(validateCalendar(values({ notice_amount: '169', notice_unit: 'hours' })).notice_amount).toBe(calendarText.noticeTooLong);
    expect(validateCalendar(values({ notice_amount: '168', notice_unit: 'hours' }))).toEqual({});
    expect(validateCalendar(values({ notice_amount: '0', notice_unit: 'minutes' }))).toEqual({});
  });

  it("keeps the visitor's cut-off for changes within 0 to 168 whole hours", () => {
    for (const cutoff of ['169', '', '1.5', '-1', 'дванадесет']) {
      expect(validateCalendar(values({ manage_cutoff_hours: cutoff })), cutoff).toEqual({ manage_cutoff_hours: calendarText.cutoffInvalid });
    }
    expect(calendarText.cutoffInvalid).toBe('Въведете цял брой часове от 0 до 168.');
    expect(validateCalendar(values({ manage_cutoff_hours: '0' }))).toEqual({});
    expect(validateCalendar(values({ manage_cutoff_hours: '168' }))).toEqual({});
  });

  it("puts the database's refusal of a value on its field", () => {
    const check = (constraint: string) => ({
      code: '23514',
      message: `new row for relation "calendar_settings" violates check constraint "${constraint}"`,
    });
    expect(calendarRefusal(check('calendar_settings_cutoff'))).toEqual({ field: 'manage_cutoff_hours', message: calendarText.cutoffInvalid });
    expect(calendarRefusal(check('calendar_settings_horizon'))).toEqual({ field: 'booking_horizon_days', message: calendarText.horizonInvalid });
    expect(calendarRefusal(check('calendar_settings_notice'))).toEqual({ field: 'notice_amount', message: calendarText.noticeTooLong });
    expect(calendarRefusal(check('calendar_settings_buffer_before_check'))).toEqual({ field: 'buffer_before_minutes', message: calendarText.bufferInvalid });
    expect(calendarRefusal(check('calendar_settings_buffer_after_check'))).toEqual({ field: 'buffer_after_minutes', message: calendarText.bufferInvalid });
    expect(calendarRefusal({ code: '22023', message: 'Unknown time zone: X', hint: 'calendar_time_zone' })).toEqual({ field: 'time_zone', message: calendarText.timeZone });
    expect(calendarRefusal({ code: '23514', message: 'Every image needs its alt text', hint: 'image_alt_missing' })).toEqual({
      field: 'photo_alt',
      message: 'Опишете изображението (алтернативен текст).',
    });
    expect(calendarRefusal(check('calendar_settings_photo_alt_length'))).toEqual({ field: 'photo_alt', message: 'Алтернативният текст може да е най-много 300 знака.' });
    expect(calendarRefusal({ code: '42501', message: 'permission denied' })).toBeNull();
    expect(calendarRefusal(null)).toBeNull();
  });

  it('offers Sofia first and keeps the current zone in the list', () => {
    const zones = timeZoneOptions('America/New_York');
    expect(zones[0]).toBe('Europe/Sofia');
    expect(zones).toContain('America/New_York');
    expect(zones).toContain('America/Chicago');
    expect(new Set(zones).size).toBe(zones.length);
  });
});

describe('days off', () => {
  const today = '2026-11-25';
  const day = (starts_on: string, ends_on = '', label = '') => ({ starts_on, ends_on, label });

  it('takes one day, or a range of at most a year that has not ended, with an optional label', () => {
    expect(dayOffErrors(day('2026-12-24'), today)).toEqual({});
    expect(dayOffErrors(day('2026-11-25'), today)).toEqual({}); // today
    expect(dayOffErrors(day('2026-12-24', '2027-01-02', 'Коледна ваканция'), today)).toEqual({});
    expect(dayOffErrors(day('2026-11-01', '2026-11-30'), today)).toEqual({}); // has begun, has not ended
    expect(dayOffErrors(day('2027-01-01', '2028-01-02'), today)).toEqual({}); // 366 days apart: the longest kept
  });

  it('says what is wrong, on the field it is about', () => {
    expect(dayOffErrors(day(''), today)).toEqual({ starts_on: dayOffText.startRequired });
    expect(dayOffErrors(day('2026-02-30'), today)).toEqual({ starts_on: dayOffText.dateInvalid });
    expect(dayOffErrors(day('2026-12-24', '2026-12-23'), today)).toEqual({ ends_on: dayOffText.endBeforeStart });
    expect(dayOffErrors(day('2027-01-01', '2028-01-03'), today)).toEqual({ ends_on: dayOffText.tooLong });
    expect(dayOffErrors(day('2026-11-24'), today)).toEqual({ starts_on: dayOffText.past });
    expect(dayOffErrors(day('2026-11-01', '2026-11-24'), today)).toEqual({ ends_on: dayOffText.past });
    expect(dayOffErrors(day('2026-12-24', '', 'x'.repeat(201)), today)).toEqual({ label: dayOffText.labelTooLong });
  });

  it('writes a single day as a range of one day, the label trimmed', () => {
    expect(dayOffInput(day('2026-12-24', '', ' Бъдни вечер '))).toEqual({ starts_on: '2026-12-24', ends_on: '2026-12-24', label: 'Бъдни вечер' });
    expect(dayOffInput(day('2026-12-24', '2026-12-26'))).toEqual({ starts_on: '2026-12-24', ends_on: '2026-12-26', label: '' });
  });

  it('adds only the holidays that no day off covers yet, each date once', () => {
    const holidays = [
      { date: '2026-12-24', name: 'Бъдни вечер' },
      { date: '2026-12-25', name: 'Коледа' },
      { date: '2027-01-01', name: 'Нова Година' },
      { date: '2027-01-01', name: 'Нова Година' },
      { date: '2027-03-03', name: 'Освобождение' },
    ];
    const daysOff = [
      { starts_on: '2026-12-20', ends_on: '2026-12-24' },
      { starts_on: '2027-03-03', ends_on: '2027-03-03' },
    ];
    expect(holidaysToAdd(holidays, daysOff)).toEqual([
      { date: '2026-12-25', name: 'Коледа' },
      { date: '2027-01-01', name: 'Нова Година' },
    ]);
    expect(holidaysToAdd(holidays, [])).toHaveLength(4);
  });
});

describe("Bulgaria's public holidays (computed here: nothing is fetched)", () => {
  it('lists the official ones of the years asked, in Bulgarian, in date order', async () => {
    const { bulgarianPublicHolidays } = await import('@/admin/calendar/holidays');
    const holidays = await bulgarianPublicHolidays([2026, 2027]);
    const dates = holidays.map((h) => h.date);
    expect(dates).toEqual([...dates].sort());
    expect(new Set(dates).size).toBe(dates.length);
    expect(holidays).toContainEqual({ date: '2026-01-01', name: 'Нова Година' });
    expect(holidays.find((h) => h.date === '2026-03-03')?.name).toMatch(/Освобождението/);
    expect(dates).toContain('2027-03-03');
    expect(dates).toContain('2026-04-12'); // Orthodox Easter 2026
    expect(dates).toContain('2027-05-02'); // Orthodox Easter 2027
    expect(dates).not.toContain('2026-03-08'); // an observance, not a day off
    expect(dates.every((d) => d.startsWith('2026-') || d.startsWith('2027-'))).toBe(true);
  });
});
