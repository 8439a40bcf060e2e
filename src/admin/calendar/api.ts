import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isNoRowsError } from '@/shared/db/errors';
import { getSupabase } from '@/shared/db/supabase';
import { adminKeys, changedRows, invalidatePublic } from '@/admin/kit/api';
import { guardedUpdate, type SavedVersion } from '@/admin/kit/concurrency';
import { readPage, type ListPage } from '@/admin/kit/list';
import { bulgarianPublicHolidays, holidaysToAdd } from './holidays';

export interface WorkingHours {
  start: string;
  end: string;
  days: string[];
}

export interface CalendarSettings {
  id: string;
  consultant_name: string;
  photo_url: string | null;
  working_hours: WorkingHours;
  is_active: boolean;
  time_zone: string;
  /** How many days ahead visitors may book (1–365). */
  booking_horizon_days: number;
  /** How long before a slot it must be booked, in minutes (0–10080). */
  min_notice_minutes: number;
  updated_at: string;
}

export interface CalendarSettingsInput {
  consultant_name: string;
  photo_url: string | null;
  working_hours: WorkingHours;
  time_zone: string;
  is_active: boolean;
  booking_horizon_days: number;
  min_notice_minutes: number;
}

const COLUMNS = 'id, consultant_name, photo_url, working_hours, is_active, time_zone, booking_horizon_days, min_notice_minutes, updated_at';

/** The one settings row, or null when there is none yet (PGRST116 is not an error here). */
export async function fetchCalendarSettings(): Promise<CalendarSettings | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('calendar_settings').select(COLUMNS).limit(1).single();
  if (error) {
    if (isNoRowsError(error)) return null;
    throw error;
  }
  return data as CalendarSettings;
}

export function useCalendarSettings() {
  return useQuery({ queryKey: adminKeys.calendar, queryFn: fetchCalendarSettings });
}

/**
 * Updates the row by id only if it is still the version the form loaded (`expectedUpdatedAt`,
 * see ../concurrency), or inserts it when there is none (spec section 7). Resolves to the new version.
 */
export async function saveCalendarSettings({
  id,
  expectedUpdatedAt,
  input,
}: {
  id?: string | null;
  expectedUpdatedAt?: string;
  input: CalendarSettingsInput;
}): Promise<SavedVersion> {
  const supabase = await getSupabase();
  const row = { ...input, updated_at: new Date().toISOString() };
  if (id) {
    if (!expectedUpdatedAt) throw new Error('saveCalendarSettings: an update needs the loaded updated_at');
    return guardedUpdate(supabase, 'calendar_settings', id, row, expectedUpdatedAt);
  }
  const { data, error } = await supabase.from('calendar_settings').insert(row).select('id, updated_at');
  if (error) throw error;
  return changedRows(data)[0] as SavedVersion;
}

export function useSaveCalendarSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCalendarSettings,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.calendar });
      invalidatePublic(queryClient, 'calendar');
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Days off (public.calendar_days_off): single days or ranges of the calendar's dates
// ---------------------------------------------------------------------------------------------

export interface DayOffRow {
  id: string;
  starts_on: string;
  ends_on: string;
  label: string;
}

export interface DayOffInput {
  starts_on: string;
  ends_on: string;
  label: string;
}

/** Days off from today on, 10 to a page (the section sits under the settings form). */
export const DAYS_OFF_PAGE_SIZE = 10;
const DAY_OFF_COLUMNS = 'id, starts_on, ends_on, label';

export const daysOffKeys = {
  all: [...adminKeys.all, 'days-off'] as const,
  page: (from: string, page: number) => [...daysOffKeys.all, from, page] as const,
};

/** One page of the days off that end on `from` ('YYYY-MM-DD') or later, soonest first, with their number. */
export async function fetchDaysOffPage(from: string, page: number): Promise<ListPage<DayOffRow>> {
  const supabase = await getSupabase();
  const query = (head = false) =>
    supabase.from('calendar_days_off').select(head ? 'id' : DAY_OFF_COLUMNS, { count: 'exact', head }).gte('ends_on', from);
  return readPage<DayOffRow>(
    page,
    (start, end) => query().order('starts_on').order('ends_on').order('id').range(start, end),
    () => query(true),
    DAYS_OFF_PAGE_SIZE,
  );
}

export function useDaysOffPage(from: string, page: number) {
  return useQuery({ queryKey: daysOffKeys.page(from, page), queryFn: () => fetchDaysOffPage(from, page), placeholderData: keepPreviousData });
}

export async function addDayOff(input: DayOffInput): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('calendar_days_off').insert(input).select('id');
  if (error) throw error;
  changedRows(data);
}

/** Deletes a day off; one already gone (or not ours to delete) is NothingChangedError. */
export async function deleteDayOff(id: string): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('calendar_days_off').delete().eq('id', id).select('id');
  if (error) throw error;
  changedRows(data);
}

export interface HolidaysAdded {
  added: number;
  years: number[];
}

/**
 * Adds Bulgaria's official public holidays of `years` as single days off, skipping every date a
 * day off already covers, in one insert. The holidays' package loads only now (holidays.ts).
 */
export async function addPublicHolidays(years: number[]): Promise<HolidaysAdded> {
  const holidays = await bulgarianPublicHolidays(years);
  if (holidays.length === 0) return { added: 0, years };
  const first = holidays.reduce((min, h) => (h.date < min ? h.date : min), holidays[0].date);
  const last = holidays.reduce((max, h) => (h.date > max ? h.date : max), holidays[0].date);
  const supabase = await getSupabase();
  // what already covers those dates: the rows that touch the years (a bounded read)
  const { data: present, error: readError } = await supabase
    .from('calendar_days_off')
    .select('starts_on, ends_on')
    .lte('starts_on', last)
    .gte('ends_on', first)
    .order('starts_on')
    .limit(2000);
  if (readError) throw readError;
  const rows = holidaysToAdd(holidays, (present ?? []) as Pick<DayOffRow, 'starts_on' | 'ends_on'>[]).map((h) => ({
    starts_on: h.date,
    ends_on: h.date,
    label: h.name,
  }));
  if (rows.length === 0) return { added: 0, years };
  const { data, error } = await supabase.from('calendar_days_off').insert(rows).select('id');
  if (error) throw error;
  return { added: changedRows(data).length, years };
}

function useInvalidateDaysOff() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: daysOffKeys.all });
    // the booking dialog's copy ('calendar-days-off')
    invalidatePublic(queryClient, 'calendar');
  };
}

export function useAddDayOff() {
  const invalidate = useInvalidateDaysOff();
  return useMutation({ mutationFn: addDayOff, onSuccess: invalidate });
}

export function useDeleteDayOff() {
  const invalidate = useInvalidateDaysOff();
  // refreshed either way: a row deleted by someone else meanwhile leaves the list too
  return useMutation({ mutationFn: deleteDayOff, onSettled: invalidate });
}

export function useAddPublicHolidays() {
  const invalidate = useInvalidateDaysOff();
  return useMutation({ mutationFn: addPublicHolidays, onSuccess: invalidate });
}
