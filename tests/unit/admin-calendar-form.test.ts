import { describe, expect, it } from 'vitest';
import { calendarInput, calendarText, calendarValuesFrom, normaliseTime, validateCalendar } from '@/features/admin/calendar/calendar-form';

describe('calendar settings form', () => {
  it('starts from the defaults when there is no row', () => {
    expect(calendarValuesFrom(null)).toEqual({ consultant_name: 'Консултант', photo_url: '', start: '09:00', end: '17:00' });
  });

  it('needs a name and an end after the start', () => {
    expect(validateCalendar({ consultant_name: ' ', photo_url: '', start: '09:00', end: '17:00' }).consultant_name).toBe(calendarText.nameRequired);
    expect(validateCalendar({ consultant_name: 'М', photo_url: '', start: '12:00', end: '12:00' }).end).toBe(calendarText.endBeforeStart);
    expect(validateCalendar({ consultant_name: 'М', photo_url: '', start: '12:00', end: '' }).end).toBe(calendarText.timeInvalid);
    expect(validateCalendar({ consultant_name: 'М', photo_url: '', start: '9:00', end: '13:00' })).toEqual({});
  });

  it('writes HH:MM hours and keeps the working days and active flag of the row', () => {
    expect(normaliseTime('9:30:00')).toBe('09:30');
    const existing = {
      id: 'c',
      consultant_name: 'X',
      photo_url: null,
      working_hours: { start: '09:00', end: '17:00', days: ['monday', 'tuesday'] },
      is_active: false,
      updated_at: '',
    };
    expect(calendarInput({ consultant_name: ' Мария ', photo_url: '', start: '10:00', end: '13:00' }, existing)).toEqual({
      consultant_name: 'Мария',
      photo_url: null,
      working_hours: { start: '10:00', end: '13:00', days: ['monday', 'tuesday'] },
      is_active: false,
    });
    expect(calendarInput({ consultant_name: 'М', photo_url: '/p.png', start: '10:00', end: '13:00' }, null).working_hours.days).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
    ]);
  });
});
