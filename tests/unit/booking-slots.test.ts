import { afterEach, describe, expect, it } from 'vitest';
import { bookingDetailsSchema, canContinueBooking, canSubmitBooking, EMPTY_BOOKING_DETAILS, toBookingRow } from '@/site/dialogs/booking/schema';
import { bookingWindow, dayOffOn, dayStatus, freeSlots, horizonDays, isSelectableDay, lastMonthIn, noticeMinutes } from '@/shared/domain/booking-window';
import {
  calendarZone,
  currentMonthIn,
  dayKey,
  dayRange,
  daySlots,
  durationText,
  generateSlots,
  isWorkingDay,
  monthWeeks,
  parseDayKey,
  slotInstant,
  slotLabel,
  todayIn,
} from '@/shared/domain/calendar';

const hours = (start: string, end: string, days?: string[], time_zone?: string) => ({ working_hours: { start, end, days }, time_zone });
const SOFIA = 'Europe/Sofia';
const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

// Node reads TZ again whenever it changes: each test below may play a visitor in another zone.
const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe('time slots', () => {
  it('runs every 30 minutes from the start up to, not including, the end', () => {
    const slots = generateSlots(hours('09:00', '17:00'));
    expect(slots[0]).toBe('09:00');
    expect(slots[1]).toBe('09:30');
    expect(slots.at(-1)).toBe('16:30');
    expect(slots).not.toContain('17:00');
    expect(slots).toHaveLength(16);
  });

  it('counts the minutes of the start and the end: 09:30–12:15 gives 09:30 … 12:00', () => {
    expect(generateSlots(hours('09:30', '12:15'))).toEqual(['09:30', '10:00', '10:30', '11:00', '11:30', '12:00']);
    expect(generateSlots(hours('15:00', '17:30'))).toEqual(['15:00', '15:30', '16:00', '16:30', '17:00']);
  });

  it('gives no slots without settings, or with an end not after the start', () => {
    expect(generateSlots(null)).toEqual([]);
    expect(generateSlots(undefined)).toEqual([]);
    expect(generateSlots(hours('17:00', '09:00'))).toEqual([]);
    expect(generateSlots(hours('9 o clock', '17:00'))).toEqual([]);
  });
});

describe('slots live in the consultant\'s time zone, whatever the visitor\'s is', () => {
  const monday = '2026-11-30';
  const settings = hours('09:00', '17:00', undefined, SOFIA);

  it.each(['America/New_York', 'Asia/Kathmandu', 'Pacific/Auckland', 'Europe/Sofia', 'UTC'])(
    'seen from %s: 09:00–16:30 Sofia time, the same instants',
    (visitorZone) => {
      process.env.TZ = visitorZone;
      const slots = daySlots(monday, settings);
      expect(slots.map((s) => s.time)).toEqual(generateSlots(settings));
      // Sofia is UTC+2 in winter: 09:00 there is 07:00 UTC
      expect(slots[0].at.toISOString()).toBe('2026-11-30T07:00:00.000Z');
      expect(slots.at(-1)!.at.toISOString()).toBe('2026-11-30T14:30:00.000Z');
      expect(dayRange(monday, SOFIA)).toEqual({ start: '2026-11-29T22:00:00.000Z', end: '2026-11-30T22:00:00.000Z' });
    },
  );

  it('labels a slot with the visitor\'s own time when their clock differs', () => {
    const [first] = daySlots(monday, settings);
    expect(slotLabel(first, SOFIA, 'Europe/Sofia')).toBe('09:00');
    expect(slotLabel(first, SOFIA, 'Europe/Athens')).toBe('09:00'); // the same clock in winter
    expect(slotLabel(first, SOFIA, 'America/New_York')).toBe('09:00 (02:00 ваше време)');
    expect(slotLabel(first, SOFIA, 'Asia/Kathmandu')).toBe('09:00 (12:45 ваше време)');
    expect(slotLabel(first, SOFIA, 'Pacific/Auckland')).toBe('09:00 (20:00 ваше време)');
    // at 16:30 in Sofia it is already the next day in Auckland
    expect(slotLabel(daySlots(monday, settings).at(-1)!, SOFIA, 'Pacific/Auckland')).toBe('16:30 (03:30, 01.12 ваше време)');
  });

  it('judges "today" and "already begun" in the consultant\'s zone', () => {
    process.env.TZ = 'America/New_York';
    // without a notice, "already begun" is all that takes a slot away
    const settings = { ...hours('09:00', '17:00', undefined, SOFIA), min_notice_minutes: 0 };
    // 23:30 on Sunday 29 November in New York is 06:30 on Monday 30 November in Sofia
    const now = new Date('2026-11-30T04:30:00Z');
    expect(todayIn(SOFIA, now)).toBe('2026-11-30');
    expect(isSelectableDay('2026-11-29', settings, now)).toBe(false);
    expect(isSelectableDay('2026-11-30', settings, now)).toBe(true);
    expect(freeSlots('2026-11-30', settings, [], now)).toHaveLength(16);
    const later = new Date('2026-11-30T12:10:00Z'); // 14:10 in Sofia
    expect(freeSlots('2026-11-30', settings, [], later).map((s) => s.time)).toEqual(['14:30', '15:00', '15:30', '16:00', '16:30']);
    expect(dayKey(currentMonthIn(SOFIA, now))).toBe('2026-11-01');
  });

  it('keeps Sofia\'s clock in another zone of the settings: Kathmandu (+05:45)', () => {
    const kathmandu = hours('09:30', '11:00', undefined, 'Asia/Kathmandu');
    expect(daySlots(monday, kathmandu).map((s) => s.at.toISOString())).toEqual([
      '2026-11-30T03:45:00.000Z',
      '2026-11-30T04:15:00.000Z',
      '2026-11-30T04:45:00.000Z',
    ]);
  });

  it('an unknown zone in the settings falls back to Europe/Sofia', () => {
    expect(calendarZone({ time_zone: 'Mars/Olympus' })).toBe(SOFIA);
    expect(calendarZone(null)).toBe(SOFIA);
  });
});

describe('daylight saving: neither a skipped nor a doubled slot', () => {
  const allDay = hours('00:00', '06:00', WEEK, SOFIA);
  const distinctAndOrdered = (instants: number[]) => instants.every((t, i) => i === 0 || t > instants[i - 1]);

  it('on the last Sunday of March the clock jumps 03:00 → 04:00: the hour that does not exist is no slot', () => {
    for (const zone of ['America/New_York', 'Europe/Sofia']) {
      process.env.TZ = zone;
      const slots = daySlots('2026-03-29', allDay);
      expect(slots.map((s) => s.time)).toEqual(['00:00', '00:30', '01:00', '01:30', '02:00', '02:30', '04:00', '04:30', '05:00', '05:30']);
      expect(distinctAndOrdered(slots.map((s) => s.at.getTime()))).toBe(true);
      expect(slots.find((s) => s.time === '04:00')!.at.toISOString()).toBe('2026-03-29T01:00:00.000Z');
    }
  });

  it('on the last Sunday of October 03:00–04:00 happens twice: each wall time is one slot', () => {
    const slots = daySlots('2026-10-25', allDay);
    expect(slots.map((s) => s.time)).toEqual(generateSlots(allDay));
    expect(new Set(slots.map((s) => s.at.getTime())).size).toBe(slots.length);
    expect(distinctAndOrdered(slots.map((s) => s.at.getTime()))).toBe(true);
  });

  it('working hours on those Sundays keep their 16 slots, each 30 minutes after the last', () => {
    const sundays = hours('09:00', '17:00', ['sunday'], SOFIA);
    for (const day of ['2026-03-29', '2026-10-25']) {
      const slots = daySlots(day, sundays);
      expect(slots).toHaveLength(16);
      expect(slots.every((s, i) => i === 0 || s.at.getTime() - slots[i - 1].at.getTime() === 30 * 60_000)).toBe(true);
    }
    expect(slotInstant('2026-03-29', '09:00', SOFIA)!.toISOString()).toBe('2026-03-29T06:00:00.000Z'); // summer time: UTC+3
    expect(slotInstant('2026-10-25', '09:00', SOFIA)!.toISOString()).toBe('2026-10-25T07:00:00.000Z'); // winter time: UTC+2
  });
});

describe('which days can be chosen', () => {
  const now = new Date('2026-11-25T13:45:00Z'); // Wednesday 25 November 2026, 15:45 in Sofia

  it('only the working days of the settings, monday to friday by default', () => {
    expect(isWorkingDay('2026-11-28', null)).toBe(false); // Saturday
    expect(isWorkingDay('2026-11-29', null)).toBe(false); // Sunday
    expect(isWorkingDay('2026-11-30', null)).toBe(true);
    expect(isWorkingDay('2026-11-28', hours('09:00', '17:00', ['saturday']))).toBe(true);
    expect(isWorkingDay('2026-11-30', hours('09:00', '17:00', ['saturday']))).toBe(false);
  });

  it('a day is choosable when it is not before today and is a working day', () => {
    const settings = { ...hours('09:00', '17:00'), min_notice_minutes: 0 };
    expect(isSelectableDay('2026-11-25', settings, now)).toBe(true); // today
    expect(isSelectableDay('2026-11-24', settings, now)).toBe(false); // yesterday
    expect(isSelectableDay('2026-11-28', settings, now)).toBe(false); // Saturday
    expect(isSelectableDay('2026-12-01', settings, now)).toBe(true);
  });

  it('drops the slots that are taken, compared as instants', () => {
    const settings = hours('09:00', '10:30');
    const taken = [slotInstant('2026-11-26', '09:30', SOFIA)!.getTime()];
    expect(freeSlots('2026-11-26', settings, taken, now).map((s) => s.time)).toEqual(['09:00', '10:00']);
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
    expect(parseDayKey('2026-02-30')).toBeNull();
  });
});

describe('the booking form', () => {
  const filled = { ...EMPTY_BOOKING_DETAILS, name: 'Иван Петров', email: 'ivan@example.com' };
  const slot = { preferred_date: '2026-11-26', preferred_time: '10:30' };
  /** The schema's message for a field, as the form shows it. */
  const messageOf = (values: typeof filled, field: string) =>
    bookingDetailsSchema.safeParse(values).error?.issues.find((issue) => issue.path[0] === field)?.message;

  it('continues from the calendar only with both a date and a time', () => {
    expect(canContinueBooking({ preferred_date: '', preferred_time: '' })).toBe(false);
    expect(canContinueBooking({ preferred_date: '2026-11-26', preferred_time: '' })).toBe(false);
    expect(canContinueBooking({ preferred_date: '2026-11-26', preferred_time: '10:30' })).toBe(true);
  });

  it('submits only with name and e-mail, not while submitting, not with a bad e-mail', () => {
    expect(canSubmitBooking(filled, slot, false)).toBe(true);
    expect(canSubmitBooking(filled, slot, true)).toBe(false);
    expect(canSubmitBooking({ ...filled, name: '  ' }, slot, false)).toBe(false);
    expect(canSubmitBooking({ ...filled, email: '' }, slot, false)).toBe(false);
    expect(canSubmitBooking({ ...filled, email: 'ivan@example' }, slot, false)).toBe(false);
    expect(canSubmitBooking(filled, { ...slot, preferred_time: '' }, false)).toBe(false);
    expect(messageOf({ ...filled, email: 'ivan@example' }, 'email')).toBe('Моля въведете валиден имейл адрес');
    // empty optional fields are no error; required-ness is the button's
    expect(bookingDetailsSchema.safeParse(EMPTY_BOOKING_DETAILS).success).toBe(true);
  });

  it('stores the slot as the instant of that Sofia time, from any visitor zone; id, status and dates are the database\'s', () => {
    process.env.TZ = 'America/New_York';
    const row = toBookingRow({ ...filled, company: ' ', phone: '' }, slot, SOFIA);
    expect(row).toEqual({
      client_name: 'Иван Петров',
      client_email: 'ivan@example.com',
      client_phone: '',
      company_name: '',
      preferred_date: '2026-11-26T08:30:00.000Z',
      message: '',
      // the visitor's own zone, for the times in their e-mails
      visitor_time_zone: 'America/New_York',
    });
  });

  it('stores no zone when the browser tells none', () => {
    expect(toBookingRow(filled, slot, SOFIA, '').visitor_time_zone).toBeNull();
  });

  it('stores the phone in E.164', () => {
    expect(toBookingRow({ ...filled, phone: '+359888123456' }, slot, SOFIA).client_phone).toBe('+359888123456');
    expect(canSubmitBooking({ ...filled, phone: '+359123456' }, slot, false)).toBe(false);
    expect(messageOf({ ...filled, phone: '+359123456' }, 'phone')).toBe('Моля въведете валиден телефонен номер');
  });
});

describe('the booking window: the notice, the horizon and the days off', () => {
  // Wednesday 25 November 2026, 15:45 in Sofia
  const now = new Date('2026-11-25T13:45:00Z');
  const settings = (over: { min_notice_minutes?: number | null; booking_horizon_days?: number | null } = {}) => ({
    ...hours('09:00', '17:00', undefined, SOFIA),
    ...over,
  });

  it("takes the database's defaults (2 hours, 60 days) when the settings have none or a value out of bounds", () => {
    expect(noticeMinutes(null)).toBe(120);
    expect(horizonDays(null)).toBe(60);
    expect(noticeMinutes(settings({ min_notice_minutes: 0 }))).toBe(0);
    expect(noticeMinutes(settings({ min_notice_minutes: 99_999 }))).toBe(120);
    expect(horizonDays(settings({ booking_horizon_days: 0 }))).toBe(60);
    expect(horizonDays(settings({ booking_horizon_days: 365 }))).toBe(365);
  });

  it('leaves out the slots sooner than now plus the notice', () => {
    const morning = new Date('2026-11-26T07:10:00Z'); // Thursday 09:10 in Sofia
    expect(freeSlots('2026-11-26', settings({ min_notice_minutes: 120 }), [], morning).map((s) => s.time)[0]).toBe('11:30');
    expect(freeSlots('2026-11-26', settings({ min_notice_minutes: 0 }), [], morning).map((s) => s.time)[0]).toBe('09:30');
    // a slot exactly at the notice's end may still be booked (the database refuses only sooner ones)
    const sharp = new Date('2026-11-26T07:00:00Z'); // 09:00 in Sofia
    expect(freeSlots('2026-11-26', settings({ min_notice_minutes: 60 }), [], sharp).map((s) => s.time)[0]).toBe('10:00');
    // a notice of a day moves the first bookable slot to tomorrow at this time
    expect(freeSlots('2026-11-26', settings({ min_notice_minutes: 1440 }), [], now).map((s) => s.time)).toEqual(['16:00', '16:30']);
  });

  it('judges the days at both ends of the window by their slots, the days between as a whole', () => {
    const late = settings({ min_notice_minutes: 120 }); // 15:45 + 2 h = 17:45: nothing left today
    const window = bookingWindow(late, now);
    expect(window.firstDay).toBe('2026-11-25');
    expect(dayStatus('2026-11-25', late, window)).toBe('no_slots');
    expect(dayStatus('2026-11-24', late, window)).toBe('past');
    expect(dayStatus('2026-11-26', late, window)).toBe('available');
    expect(dayStatus('2026-11-28', late, window)).toBe('not_working');
    const threeDays = settings({ min_notice_minutes: 3 * 1440 });
    const ahead = bookingWindow(threeDays, now);
    expect(ahead.firstDay).toBe('2026-11-28');
    expect(dayStatus('2026-11-26', threeDays, ahead)).toBe('no_slots'); // not past, but within the notice
    expect(isSelectableDay('2026-11-30', threeDays, now)).toBe(true);
  });

  it('offers nothing past the horizon, and the last day only up to now plus the horizon', () => {
    const week = settings({ booking_horizon_days: 7, min_notice_minutes: 0 });
    const window = bookingWindow(week, now);
    expect(window.lastDay).toBe('2026-12-02');
    expect(dayStatus('2026-12-03', week, window)).toBe('too_far');
    // on the last day, up to 15:45 in Sofia: 09:00 … 15:30
    expect(freeSlots('2026-12-02', week, [], now).map((s) => s.time).at(-1)).toBe('15:30');
    expect(dayStatus('2026-12-02', week, window)).toBe('available');
    expect(dayStatus('2026-12-02', week, bookingWindow(week, new Date('2026-11-25T06:30:00Z')))).toBe('no_slots'); // 08:30 in Sofia
    expect(dayKey(lastMonthIn(week, now))).toBe('2026-12-01');
    expect(dayKey(lastMonthIn(settings({ booking_horizon_days: 60 }), now))).toBe('2027-01-01');
  });

  it('leaves out days off, single days and ranges, both ends included', () => {
    const daysOff = [
      { starts_on: '2026-12-24', ends_on: '2026-12-26', label: 'Коледа' },
      { starts_on: '2026-12-01', ends_on: '2026-12-01', label: '' },
    ];
    const open = settings({ min_notice_minutes: 0 });
    const window = bookingWindow(open, now);
    expect(dayOffOn('2026-12-25', daysOff)?.label).toBe('Коледа');
    expect(dayOffOn('2026-12-27', daysOff)).toBeUndefined();
    for (const key of ['2026-12-01', '2026-12-24', '2026-12-25']) expect(dayStatus(key, open, window, daysOff), key).toBe('day_off');
    expect(dayStatus('2026-12-02', open, window, daysOff)).toBe('available');
    expect(freeSlots('2026-12-24', open, [], now, daysOff)).toEqual([]);
    expect(freeSlots('2026-12-23', open, [], now, daysOff)).toHaveLength(16);
    expect(isSelectableDay('2026-12-01', open, now, daysOff)).toBe(false);
  });

  it('says a span of minutes in Bulgarian', () => {
    expect(durationText(0)).toBe('0 минути');
    expect(durationText(1)).toBe('1 минута');
    expect(durationText(30)).toBe('30 минути');
    expect(durationText(60)).toBe('1 час');
    expect(durationText(120)).toBe('2 часа');
    expect(durationText(90)).toBe('1 час и 30 минути');
    expect(durationText(1440)).toBe('1 ден');
    expect(durationText(60 * 24 * 60)).toBe('60 дни');
    expect(durationText(1440 + 120 + 5)).toBe('1 ден, 2 часа и 5 минути');
  });
});
