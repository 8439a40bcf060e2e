/*
 * The booking calendar's network calls (spec section 7): the consultant's settings, the start
 * times already taken on a day (through the security-definer function taken_slots, which returns
 * times only), and the appointment insert followed by the chat notification. The only code of the
 * booking feature that talks to Supabase.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buildBookingMessage, notifyChat } from '@/lib/chatWebhook';
import { isNoRowsError } from '@/lib/errors';
import { getPublicDb } from '@/lib/publicDb';
import type { AppointmentRow } from './schema';
import { dayRange, parseDayKey, type CalendarSettings } from './slots';

export const bookingKeys = {
  all: ['booking'] as const,
  settings: () => [...bookingKeys.all, 'calendar-settings'] as const,
  takenPrefix: () => [...bookingKeys.all, 'taken-slots'] as const,
  taken: (day: string) => [...bookingKeys.takenPrefix(), day] as const,
};

/** The settings row, or null when there is none or it cannot be read (logged only, spec section 8). */
export async function fetchCalendarSettings(): Promise<CalendarSettings | null> {
  try {
    const db = await getPublicDb();
    const { data, error } = await db
      .from('calendar_settings')
      .select('id, consultant_name, photo_url, working_hours, is_active, time_zone')
      .single();
    if (error) {
      if (isNoRowsError(error)) return null;
      throw error;
    }
    return data as CalendarSettings;
  } catch (error) {
    console.error('[booking] calendar settings could not be loaded', error);
    return null;
  }
}

/** The instants (ms) already booked in a day of the consultant's zone, in one request. */
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

/** Taken slots of the chosen day ('YYYY-MM-DD' in the zone); nothing is fetched before a day is chosen. */
export function useTakenSlots(day: string, zone: string) {
  return useQuery({
    queryKey: [...bookingKeys.taken(day), zone],
    queryFn: () => fetchTakenSlots(day, zone),
    enabled: day !== '',
    staleTime: 0,
  });
}

/** Thrown when the database refuses a second booking of the same slot (unique violation). */
export class SlotTakenError extends Error {
  constructor(readonly original: unknown) {
    super('This slot was booked a moment ago');
    this.name = 'SlotTakenError';
  }
}

/**
 * Thrown when the database refuses a booking by its rules (migration 20261124000100): 'slot' when
 * the time is not one the calendar offers (past, not a working day, outside the hours, off the
 * grid: the visitor's page had old settings), 'limit' past the intake limits.
 */
export class BookingRefusedError extends Error {
  constructor(
    readonly kind: 'slot' | 'limit',
    readonly original: unknown,
  ) {
    super(`The booking was refused (${kind})`);
    this.name = 'BookingRefusedError';
  }
}

const field = (error: unknown, name: 'code' | 'hint') =>
  error && typeof error === 'object' ? String((error as Record<string, unknown>)[name] ?? '') : '';

export async function insertAppointment(row: AppointmentRow): Promise<void> {
  const db = await getPublicDb();
  // No .select(): visitors may book but not read appointments back.
  const { error } = await db.from('appointments').insert(row);
  if (!error) return;
  if (field(error, 'code') === '23505') throw new SlotTakenError(error);
  const hint = field(error, 'hint');
  if (hint.startsWith('booking_limit')) throw new BookingRefusedError('limit', error);
  if (hint.startsWith('booking_')) throw new BookingRefusedError('slot', error);
  throw error;
}

export interface BookingResult {
  notified: boolean;
}

/** Books a slot, then tells the team (the time in the calendar's zone); a taken slot rejects with SlotTakenError. */
export function useBookAppointment(zone: string) {
  const queryClient = useQueryClient();
  return useMutation<BookingResult, unknown, AppointmentRow>({
    mutationFn: async (row) => {
      await insertAppointment(row);
      const notified = await notifyChat(buildBookingMessage(row, new Date(), zone));
      return { notified };
    },
    // Booked or refused as taken: either way the day's taken slots have changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.takenPrefix() }),
  });
}
