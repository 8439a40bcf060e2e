import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/shared/db/supabase';
import { adminKeys, changedRows, invalidatePublic } from '@/admin/kit/data/api';
import { guardedUpdate, type SavedVersion } from '@/admin/kit/data/concurrency';
import type { WorkingHours } from '@/shared/domain/calendar';
import type { StoredCalendarSettings } from '@/admin/kit/data/calendar-settings';

/*
 * The calendar tab's settings (public.calendar_settings, one row): the working hours, slot and
 * booking window the public booking dialog offers.
 */

/** What the calendar tab writes. */
export type CalendarSettingsInput = Omit<StoredCalendarSettings, 'id' | 'updated_at'> & { working_hours: Required<WorkingHours> };

/**
 * Updates the row by id only if it is still the version the form loaded (`expectedUpdatedAt`,
 * see ../kit/data/concurrency.ts), or inserts it when there is none. Resolves to the new version.
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
  return changedRows(data)[0];
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
