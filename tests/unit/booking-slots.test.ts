import { describe, expect, it } from 'vitest';
import { bookingErrors, canContinueBooking, canSubmitBooking, EMPTY_BOOKING_FORM, toAppointment } from '@/features/booking/form';
import {
  dayKey,
  dayRange,
  freeSlots,
  generateSlots,
  isPastDay,
  isSelectableDay,
  isWorkingDay,
  monthWeeks,
  parseDayKey,
  slotInstant,
} from '@/features/booking/slots';

const hours = (start: string, end: string, days?: string[]) => ({ working_hours: { start, end, days } });

describe('time slots', () => {
  it('runs every 30 minutes from the start hour up to, not including, the end hour', () => {
    const slots = generateSlots(hours('09:00', '17:00'));
    expect(slots[0]).toBe('09:00');
    expect(slots[1]).toBe('09:30');
    expect(slots.at(-1)).toBe('16:30');
    expect(slots).not.toContain('17:00');
    expect(slots).toHaveLength(16);
  });

  it('uses only the hour of the start: 09:30 starts at 09:00', () => {
    const slots = generateSlots(hours('09:30', '12:00'));
    expect(slots).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
  });

  it('uses only the hour of the end: 17:30 still ends with 16:30', () => {
    expect(generateSlots(hours('15:00', '17:30'))).toEqual(['15:00', '15:30', '16:00', '16:30']);
  });

  it('gives no slots without settings, or with an end not after the start', () => {
    expect(generateSlots(null)).toEqual([]);
    expect(generateSlots(undefined)).toEqual([]);
    expect(generateSlots(hours('17:00', '09:00'))).toEqual([]);
    expect(generateSlots(hours('09:10', '09:50'))).toEqual([]);
  });
});

describe('which days can be chosen', () => {
  const now = new Date(2026, 10, 25, 15, 45); // Wednesday 25 November 2026, 15:45

  it('days before the start of today are past; today is not', () => {
    expect(isPastDay(new Date(2026, 10, 24, 23, 59), now)).toBe(true);
    expect(isPastDay(new Date(2026, 10, 25, 0, 0), now)).toBe(false);
    expect(isPastDay(new Date(2026, 10, 26), now)).toBe(false);
  });

  it('only the working days of the settings, monday to friday by default', () => {
    const saturday = new Date(2026, 10, 28);
    const sunday = new Date(2026, 10, 29);
    const monday = new Date(2026, 10, 30);
    expect(isWorkingDay(saturday, null)).toBe(false);
    expect(isWorkingDay(sunday, null)).toBe(false);
    expect(isWorkingDay(monday, null)).toBe(true);
    expect(isWorkingDay(saturday, hours('09:00', '17:00', ['saturday']))).toBe(true);
    expect(isWorkingDay(monday, hours('09:00', '17:00', ['saturday']))).toBe(false);
  });

  it('a day is choosable when it is not past and is a working day', () => {
    const settings = hours('09:00', '17:00', ['monday', 'tuesday', 'wednesday', 'thursday', 'friday']);
    expect(isSelectableDay(new Date(2026, 10, 25), settings, now)).toBe(true); // today
    expect(isSelectableDay(new Date(2026, 10, 24), settings, now)).toBe(false); // yesterday
    expect(isSelectableDay(new Date(2026, 10, 28), settings, now)).toBe(false); // Saturday
    expect(isSelectableDay(new Date(2026, 11, 1), settings, now)).toBe(true);
  });
});

describe('free slots of a day', () => {
  const day = new Date(2026, 10, 26);
  const slots = ['09:00', '09:30', '10:00'];

  it('drops the slots that are taken, compared as instants', () => {
    const taken = [slotInstant(day, '09:30').getTime()];
    expect(freeSlots(day, slots, taken, new Date(2026, 10, 20))).toEqual(['09:00', '10:00']);
  });

  it('drops the slots of today that have already begun', () => {
    expect(freeSlots(day, slots, [], new Date(2026, 10, 26, 9, 30))).toEqual(['10:00']);
  });

  it('asks for one local day: from midnight to the next midnight', () => {
    const { start, end } = dayRange(day);
    expect(new Date(start).getTime()).toBe(new Date(2026, 10, 26).getTime());
    expect(new Date(end).getTime()).toBe(new Date(2026, 10, 27).getTime());
  });
});

describe('the month grid', () => {
  it('starts weeks on Monday and pads with empty cells', () => {
    const weeks = monthWeeks(2026, 10); // November 2026 begins on a Sunday
    expect(weeks[0].slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(weeks[0][6]?.getDate()).toBe(1);
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });

  it('round-trips day keys', () => {
    expect(dayKey(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(parseDayKey('2026-01-05')?.getTime()).toBe(new Date(2026, 0, 5).getTime());
    expect(parseDayKey('5.1.2026')).toBeNull();
  });
});

describe('the booking form', () => {
  const filled = {
    ...EMPTY_BOOKING_FORM,
    name: 'Иван Петров',
    email: 'ivan@example.com',
    preferred_date: '2026-11-26',
    preferred_time: '10:30',
  };

  it('continues from the calendar only with both a date and a time', () => {
    expect(canContinueBooking({ preferred_date: '', preferred_time: '' })).toBe(false);
    expect(canContinueBooking({ preferred_date: '2026-11-26', preferred_time: '' })).toBe(false);
    expect(canContinueBooking({ preferred_date: '2026-11-26', preferred_time: '10:30' })).toBe(true);
  });

  it('submits only with name and e-mail, not while submitting, not with a bad e-mail', () => {
    expect(canSubmitBooking(filled, false)).toBe(true);
    expect(canSubmitBooking(filled, true)).toBe(false);
    expect(canSubmitBooking({ ...filled, name: '  ' }, false)).toBe(false);
    expect(canSubmitBooking({ ...filled, email: '' }, false)).toBe(false);
    expect(canSubmitBooking({ ...filled, email: 'ivan@example' }, false)).toBe(false);
    expect(bookingErrors({ ...filled, email: 'ivan@example' }).email).toBe('Моля въведете валиден имейл адрес');
  });

  it('stores the local slot as an ISO instant, pending, with optional fields as empty strings', () => {
    const row = toAppointment({ ...filled, company: ' ', phone: '' });
    expect(row).toEqual({
      client_name: 'Иван Петров',
      client_email: 'ivan@example.com',
      client_phone: '',
      company_name: '',
      preferred_date: new Date(2026, 10, 26, 10, 30).toISOString(),
      message: '',
      status: 'pending',
    });
  });

  it('stores the phone with its dialling code', () => {
    expect(toAppointment({ ...filled, phone: '0888 123 456' }).client_phone).toBe('+359 888 123 456');
  });
});
