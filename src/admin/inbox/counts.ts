import { useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/shared/db/supabase';
import { inboxKeys, live } from './keys';

/*
 * The panel's badges beside 'Запитвания' and 'Резервации' (NewCountBadge.tsx): read on every
 * page of the panel, so apart from the inbox's lists (api.ts), which load with their tabs.
 */

export interface InboxCounts {
  /** Inquiries with status 'new'. */
  inquiries: number;
  /** Bookings with status 'pending'. */
  bookings: number;
}

/** How many new inquiries and pending bookings there are (two HEAD requests with exact counts). */
export async function fetchInboxCounts(): Promise<InboxCounts> {
  const supabase = await getSupabase();
  const [inquiries, bookings] = await Promise.all([
    supabase.from('contact_submissions').select('id', { count: 'exact', head: true }).eq('status', 'new'),
    supabase.from('appointments').select('id', { count: 'exact', head: true }).eq('status', 'pending'),
  ]);
  if (inquiries.error) throw inquiries.error;
  if (bookings.error) throw bookings.error;
  return { inquiries: inquiries.count ?? 0, bookings: bookings.count ?? 0 };
}

export function useInboxCounts() {
  return useQuery({ queryKey: inboxKeys.counts(), queryFn: fetchInboxCounts, ...live });
}
