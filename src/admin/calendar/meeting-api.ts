import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Tables } from '@/shared/db/database.types';
import { getSupabase } from '@/shared/db/supabase';
import { adminKeys, changedRows } from '@/admin/kit/data/api';

/*
 * Where meetings happen (public.meeting_settings, one row, admins only)
 */

export type MeetingSettings = Pick<Tables<'meeting_settings'>, 'meeting_link' | 'updated_at'>;

export const meetingKeys = {
  settings: [...adminKeys.all, 'meeting-settings'] as const,
};

/** The one row: its fixed link, or null for a new Jitsi room per booking (null too when there is no row). */
export async function fetchMeetingSettings(): Promise<MeetingSettings | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('meeting_settings').select('meeting_link, updated_at').eq('id', true).maybeSingle();
  if (error) throw error;
  return data;
}

/** Stores the link (null: a Jitsi room per booking); the admins' only column. Resolves to the row saved. */
export async function saveMeetingLink(link: string | null): Promise<MeetingSettings> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('meeting_settings').update({ meeting_link: link }).eq('id', true).select('meeting_link, updated_at');
  if (error) throw error;
  return changedRows(data)[0];
}

export function useMeetingSettings() {
  return useQuery({ queryKey: meetingKeys.settings, queryFn: fetchMeetingSettings });
}

export function useSaveMeetingLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMeetingLink,
    onSuccess: (saved) => queryClient.setQueryData(meetingKeys.settings, saved),
  });
}
