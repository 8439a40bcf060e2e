import { useQuery } from '@tanstack/react-query';
import type { Tables } from '@/shared/db/database.types';
import { isNoRowsError } from '@/shared/db/errors';
import { getSupabase } from '@/shared/db/supabase';
import { CALENDAR_SETTINGS_COLUMNS, calendarZone, toCalendarSettings, type CalendarSettings } from '@/shared/domain/calendar-settings';
import { adminKeys } from './api';

/*
 * The consultant's calendar settings as the admin reads them: the calendar tab edits them, and
 * the sections that show a time (scheduled posts, bookings) need the consultant's zone from them.
 * One query for all of them; the calendar tab's save makes it stale.
 */

/**
 * The settings row as stored: the shared CalendarSettings, the visitor's cut-off for changes
 * through their link (only the admin edits it) and the version it was saved as.
 */
export type StoredCalendarSettings = CalendarSettings & Pick<Tables<'calendar_settings'>, 'manage_cutoff_hours' | 'updated_at'>;

const COLUMNS = `${CALENDAR_SETTINGS_COLUMNS}, manage_cutoff_hours, updated_at` as const;

/** The one settings row, or null when there is none yet (PGRST116 is not an error here). */
export async function fetchCalendarSettings(): Promise<StoredCalendarSettings | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('calendar_settings').select(COLUMNS).limit(1).single();
  if (error) {
    if (isNoRowsError(error)) return null;
    throw error;
  }
  return toCalendarSettings(data);
}

/** The calendar's settings; `enabled: false` waits (a page that needs only the zone, and only sometimes). */
export function useCalendarSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: adminKeys.calendar, queryFn: fetchCalendarSettings, enabled });
}

/**
 * The consultant's time zone, the clock of every time the admin sets or reads: `known` is false
 * until the settings are read (with `enabled: false`, never), and `zone` is the default till then.
 */
export function useConsultantZone({ enabled = true }: { enabled?: boolean } = {}) {
  const settings = useCalendarSettings({ enabled });
  return { zone: calendarZone(settings.data), known: !settings.isPending };
}
