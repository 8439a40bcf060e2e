import { describe, expect, it } from 'vitest';
import {
  calendarInput,
  calendarSchema,
  calendarText,
  calendarValuesFrom,
  normaliseTime,
  timeZoneOptions,
  type CalendarFormValues,
} from '@/features/admin/calendar/schema';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
const values = (over: Partial<CalendarFormValues> = {}): CalendarFormValues => ({
  consultant_name: 'М',
  photo_url: '',
  start: '09:00',
  end: '17:00',
  days: WEEKDAYS,
  time_zone: 'Europe/Sofia',
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
      start: '09:00',
      end: '17:00',
      days: WEEKDAYS,
      time_zone: 'Europe/Sofia',
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

  it('writes HH:MM hours with their minutes, the chosen days in week order, the zone, and keeps the active flag', () => {
    expect(normaliseTime('9:30:00')).toBe('09:30');
    const existing = {
      id: 'c',
      consultant_name: 'X',
      photo_url: null,
      working_hours: { start: '09:00', end: '17:00', days: ['monday', 'tuesday'] },
      is_active: false,
      time_zone: 'Europe/Sofia',
      updated_at: '',
    };
    expect(
      calendarInput(values({ consultant_name: ' Мария ', start: '09:30', end: '13:00', days: ['saturday', 'monday'], time_zone: 'Europe/London' }), existing),
    ).toEqual({
      consultant_name: 'Мария',
      photo_url: null,
      working_hours: { start: '09:30', end: '13:00', days: ['monday', 'saturday'] },
      time_zone: 'Europe/London',
      is_active: false,
    });
  });

  it('offers Sofia first and keeps the current zone in the list', () => {
    const zones = timeZoneOptions('America/New_York');
    expect(zones[0]).toBe('Europe/Sofia');
    expect(zones).toContain('America/New_York');
    expect(zones).toContain('America/Chicago');
    expect(new Set(zones).size).toBe(zones.length);
  });
});
