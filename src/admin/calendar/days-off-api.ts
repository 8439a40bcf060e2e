import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Tables } from '@/shared/db/database.types';
import { getSupabase } from '@/shared/db/supabase';
import { adminKeys, changedRows, invalidatePublic } from '@/admin/kit/data/api';
import { readPage, type ListPage } from '@/admin/kit/data/list';
import { bulgarianPublicHolidays, holidaysToAdd } from './holidays';

/*
 * Days off (public.calendar_days_off): single days or ranges of the calendar's dates
 */

export type DayOffRow = Pick<Tables<'calendar_days_off'>, 'id' | 'starts_on' | 'ends_on' | 'label'>;

export type DayOffInput = Omit<DayOffRow, 'id'>;

/** Days off from today on, 10 to a page (the section sits under the settings form). */
export const DAYS_OFF_PAGE_SIZE = 10;
const DAY_OFF_COLUMNS = 'id, starts_on, ends_on, label' as const;

export const daysOffKeys = {
  all: [...adminKeys.all, 'days-off'] as const,
  page: (from: string, page: number) => [...daysOffKeys.all, from, page] as const,
};

/** One page of the days off that end on `from` ('YYYY-MM-DD') or later, soonest first, with their number. */
export async function fetchDaysOffPage(from: string, page: number): Promise<ListPage<DayOffRow>> {
  const supabase = await getSupabase();
  const query = (head = false) =>
    supabase.from('calendar_days_off').select(DAY_OFF_COLUMNS, { count: 'exact', head }).gte('ends_on', from);
  return readPage(
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
 * day off already covers, in one insert. The holidays are computed (holidays.ts), not fetched.
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
  const rows = holidaysToAdd(holidays, present ?? []).map((h) => ({
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
