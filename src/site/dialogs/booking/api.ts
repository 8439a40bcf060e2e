/*
 * The booking calendar's network calls: the consultant's settings with the booking window,
 * whether bookings wait for the consultant's own calendar to be read again (booking_paused), the
 * days off that can matter (one request: from today to the horizon's last day), the start times
 * that cannot be booked on a day (through the security-definer function taken_slots, which
 * returns times only: other bookings and, with their buffers, the consultant's busy times), and
 * the appointment insert with the bot traps' values, sent again with a proof of work when the
 * database asks for one (../proof-of-work.ts; the database tells the team once the row is
 * stored). The only code of the booking feature that talks to Supabase.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BotTrapValues } from '@/site/dialogs/bot-trap';
import { isNoRowsError } from '@/shared/db/errors';
import { getPublicDb } from '@/shared/db/public-db';
import { sendWithProof } from '@/site/dialogs/proof-of-work';
import { firstTouchField, throwIfFirstTouchRefused } from '@/site/dialogs/first-touch';
import type { BookingRow } from './schema';
import type { DayOff } from '@/shared/domain/booking-window';
import { CALENDAR_SETTINGS_COLUMNS, dayRange, parseDayKey, toCalendarSettings, type CalendarSettings } from '@/shared/domain/calendar';

export const bookingKeys = {
  all: ['booking'] as const,
  settings: () => [...bookingKeys.all, 'calendar-settings'] as const,
  paused: () => [...bookingKeys.all, 'calendar-paused'] as const,
  // 'calendar' in both names: an admin's change marks them stale (invalidatePublic(…, 'calendar'))
  daysOff: (from: string, to: string) => [...bookingKeys.all, 'calendar-days-off', from, to] as const,
  takenPrefix: () => [...bookingKeys.all, 'taken-slots'] as const,
  taken: (day: string) => [...bookingKeys.takenPrefix(), day] as const,
};

/** The settings row, or null when there is none or it cannot be read (a failure is only logged). */
export async function fetchCalendarSettings(): Promise<CalendarSettings | null> {
  try {
    const db = await getPublicDb();
    const { data, error } = await db
      .from('calendar_settings')
      .select(CALENDAR_SETTINGS_COLUMNS)
      .single();
    if (error) {
      if (isNoRowsError(error)) return null;
      throw error;
    }
    return toCalendarSettings(data);
  } catch (error) {
    console.error('[booking] calendar settings could not be loaded', error);
    return null;
  }
}

/**
 * Whether new bookings and moves wait until the consultant's calendar is read again
 * (booking_paused, supabase/schema/functions.sql). False when it cannot be asked (only logged: the database still refuses with
 * booking_paused, and the visitor is told).
 */
export async function fetchBookingPaused(): Promise<boolean> {
  try {
    const db = await getPublicDb();
    const { data, error } = await db.rpc('booking_paused');
    if (error) throw error;
    return data === true;
  } catch (error) {
    console.error('[booking] the pause could not be read', error);
    return false;
  }
}

/**
 * At most this many days off are read: rows within a horizon of at most 365 days, one a day, fit
 * (overlapping ranges could make more, which only the database then refuses).
 */
export const DAYS_OFF_LIMIT = 400;

/**
 * The days off that touch the days from `from` to `to` ('YYYY-MM-DD' of the consultant's zone:
 * today and the horizon's last day), in one request. None when they cannot be read (logged only:
 * the database still refuses a booking on a day off, and the visitor is told).
 */
export async function fetchDaysOff(from: string, to: string): Promise<DayOff[]> {
  try {
    const db = await getPublicDb();
    const { data, error } = await db
      .from('calendar_days_off')
      .select('starts_on, ends_on, label')
      .gte('ends_on', from)
      .lte('starts_on', to)
      .order('starts_on')
      .limit(DAYS_OFF_LIMIT);
    if (error) throw error;
    return data ?? [];
  } catch (error) {
    console.error('[booking] days off could not be loaded', error);
    return [];
  }
}

/**
 * The instants (ms) of a day of the consultant's zone that cannot be booked, in one request: other
 * bookings' starts, and the grid times that their buffers or the consultant's busy times touch.
 */
export async function fetchTakenSlots(day: string, zone: string): Promise<number[]> {
  if (!parseDayKey(day)) return [];
  const { start, end } = dayRange(day, zone);
  const db = await getPublicDb();
  const { data, error } = await db.rpc('taken_slots', { range_start: start, range_end: end });
  if (error) throw error;
  const values: unknown[] = Array.isArray(data) ? data : [];
  return values
    .map((value) => {
      // a set of timestamps arrives as plain strings; accept the {taken_slots: …} row shape too
      const text = typeof value === 'string' ? value : (value as { taken_slots?: unknown })?.taken_slots;
      return typeof text === 'string' ? new Date(text).getTime() : Number.NaN;
    })
    .filter((ms) => !Number.isNaN(ms));
}

export function useCalendarSettings() {
  return useQuery({ queryKey: bookingKeys.settings(), queryFn: fetchCalendarSettings, staleTime: 5 * 60_000 });
}

/** Asked with the settings when the calendar opens; a minute old at most when it opens again. */
export function useBookingPaused() {
  return useQuery({ queryKey: bookingKeys.paused(), queryFn: fetchBookingPaused, staleTime: 60_000 });
}

/** Days off from `from` to `to`; nothing is fetched until `enabled` (the settings, which give the window, are known). */
export function useDaysOff(from: string, to: string, enabled: boolean) {
  return useQuery({ queryKey: bookingKeys.daysOff(from, to), queryFn: () => fetchDaysOff(from, to), enabled, staleTime: 5 * 60_000 });
}

/** Taken slots of the chosen day ('YYYY-MM-DD' in the zone); nothing is fetched before a day is chosen. */
export function useTakenSlots(day: string, zone: string) {
  return useQuery({
    queryKey: [...bookingKeys.taken(day), zone],
    queryFn: () => fetchTakenSlots(day, zone),
    enabled: day !== '',
    staleTime: 0,
  });
}

/**
 * Thrown when the database refuses a slot as taken (unique violation): booked by someone else, or
 * blocked by the consultant's busy times or a buffer, which the database answers the same way.
 */
export class SlotTakenError extends Error {
  constructor(readonly original: unknown) {
    super('This slot was booked a moment ago');
    this.name = 'SlotTakenError';
  }
}

/**
 * Why the database refused a booking (its hint, from private.check_appointment and the intake
 * limits it calls, supabase/schema/functions.sql):
 *   'closed'       the calendar is closed (booking_closed) or not set up (booking_no_calendar)
 *   'paused'       the consultant's calendar has not been read for a while (booking_paused)
 *   'day_off'      the day became a day off (booking_day_off)
 *   'too_soon'     sooner than the minimum notice, or already begun (booking_too_soon, booking_past)
 *   'too_far'      beyond the booking horizon (booking_too_far)
 *   'slot'         any other time the calendar does not offer: not a working day, outside the
 *                  hours, off the grid, not a real date (the visitor's page had old settings)
 *   'limit_client' the visitor already holds as many pending bookings as one may (booking_limit_client)
 *   'limit_email'  so does the e-mail address (booking_limit_email)
 *   'limit_rate'   too many bookings from everyone right now (booking_limit_rate; no longer
 *                  raised: the site-wide ceiling asks for a proof of work instead)
 *   'limit'        another intake limit (booking_limit_…; a network's, booking_limit_network, is no
 *                  longer raised: past its limit the network proves harder work instead)
 */
export type BookingRefusal = 'closed' | 'paused' | 'day_off' | 'too_soon' | 'too_far' | 'slot' | 'limit_client' | 'limit_email' | 'limit_rate' | 'limit';

const REFUSALS: Record<string, BookingRefusal> = {
  booking_closed: 'closed',
  booking_no_calendar: 'closed',
  booking_paused: 'paused',
  booking_day_off: 'day_off',
  booking_too_soon: 'too_soon',
  booking_past: 'too_soon',
  booking_too_far: 'too_far',
  booking_limit_client: 'limit_client',
  booking_limit_email: 'limit_email',
  booking_limit_rate: 'limit_rate',
};

/** The refusal a database hint names, or null when it is not a booking rule's. */
export function refusalOf(hint: string): BookingRefusal | null {
  if (Object.hasOwn(REFUSALS, hint)) return REFUSALS[hint];
  if (hint.startsWith('booking_limit')) return 'limit';
  if (hint.startsWith('booking_')) return 'slot';
  return null;
}

/** Thrown when the database refuses a booking by its rules; `kind` says which (BookingRefusal). */
export class BookingRefusedError extends Error {
  constructor(
    readonly kind: BookingRefusal,
    readonly original: unknown,
    readonly hint = '',
  ) {
    super(`The booking was refused (${kind})`);
    this.name = 'BookingRefusedError';
  }
}

const field = (error: unknown, name: 'code' | 'hint') =>
  error && typeof error === 'object' ? String((error as Record<string, unknown>)[name] ?? '') : '';

export async function insertBooking(row: BookingRow & Partial<BotTrapValues>): Promise<void> {
  const db = await getPublicDb();
  // No .select(): visitors may book but not read appointments back.
  // `proof` stays out of the body (undefined) until the database has asked for one
  const touch = firstTouchField();
  const error = await sendWithProof('booking', async (proof) => (await db.from('appointments').insert({ ...row, ...touch, proof })).error);
  if (!error) return;
  throwIfFirstTouchRefused(error);
  if (field(error, 'code') === '23505') throw new SlotTakenError(error);
  const hint = field(error, 'hint');
  const refusal = refusalOf(hint);
  if (refusal) throw new BookingRefusedError(refusal, error, hint);
  throw error;
}

/** Books a slot; a taken slot rejects with SlotTakenError, a refused one with BookingRefusedError. */
export function useBook() {
  const queryClient = useQueryClient();
  return useMutation<void, unknown, BookingRow & Partial<BotTrapValues>>({
    mutationFn: insertBooking,
    // Booked or refused as taken: either way the day's taken slots have changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.takenPrefix() }),
  });
}
