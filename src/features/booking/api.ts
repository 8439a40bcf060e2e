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
import type { AppointmentRow } from './form';
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
      .select('id, consultant_name, photo_url, working_hours, is_active')
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

/** The instants (ms) already booked in a local day, in one request. */
export async function fetchTakenSlots(day: string): Promise<number[]> {
  const date = parseDayKey(day);
  if (!date) return [];
  const { start, end } = dayRange(date);
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

/** Taken slots of the chosen day ('YYYY-MM-DD'); nothing is fetched before a day is chosen. */
export function useTakenSlots(day: string) {
  return useQuery({
    queryKey: bookingKeys.taken(day),
    queryFn: () => fetchTakenSlots(day),
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

const isUniqueViolation = (error: unknown) =>
  !!error && typeof error === 'object' && String((error as { code?: unknown }).code) === '23505';

export async function insertAppointment(row: AppointmentRow): Promise<void> {
  const db = await getPublicDb();
  // No .select(): visitors may book but not read appointments back.
  const { error } = await db.from('appointments').insert(row);
  if (error) throw isUniqueViolation(error) ? new SlotTakenError(error) : error;
}

export interface BookingResult {
  notified: boolean;
}

/** Books a slot, then tells the team; a taken slot rejects with SlotTakenError. */
export function useBookAppointment() {
  const queryClient = useQueryClient();
  return useMutation<BookingResult, unknown, AppointmentRow>({
    mutationFn: async (row) => {
      await insertAppointment(row);
      const notified = await notifyChat(buildBookingMessage(row));
      return { notified };
    },
    // Booked or refused as taken: either way the day's taken slots have changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.takenPrefix() }),
  });
}
