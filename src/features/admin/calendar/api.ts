import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isNoRowsError } from '@/lib/errors';
import { getSupabase } from '@/lib/supabase';
import { adminKeys, changedRows, invalidatePublic } from '../api';
import { guardedUpdate, type SavedVersion } from '../concurrency';

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
  updated_at: string;
}

export interface CalendarSettingsInput {
  consultant_name: string;
  photo_url: string | null;
  working_hours: WorkingHours;
  time_zone: string;
  is_active: boolean;
}

const COLUMNS = 'id, consultant_name, photo_url, working_hours, is_active, time_zone, updated_at';

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
