import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/shared/db/supabase';
import { adminKeys, invalidatePublic } from '@/admin/kit/data/api';

/*
 * The consultant's private calendars ('Календари за заетост'): admin-only functions, the
 * addresses themselves never come back (url_hint is a masked one)
 */

/** A feed as the calendar tab shows it. The times are null until they happened. */
export interface CalendarFeed {
  id: string;
  label: string;
  /** The address masked: scheme and host, and the file's name when short ('https://calendar.google.com/…'). */
  url_hint: string;
  is_active: boolean;
  created_at: string;
  last_attempt_at: string | null;
  last_synced_at: string | null;
  /** Why the last read failed, in Bulgarian; null after a good one. */
  last_error: string | null;
  last_error_at: string | null;
  /** Busy periods of the last good read. */
  busy_count: number;
  /** Switched on with no good read for 2 hours: new bookings wait (booking_paused). */
  stale: boolean;
  /** The owner's address the admin gave: their unaccepted invitations are not busy. */
  owner_email: string | null;
  /** What the last good read left out, by reason (feed-schema.ts says it in Bulgarian). */
  skipped: SkippedEvents[];
}

/** Events a sync left out for one reason: how many, and the start of the earliest ('YYYY-MM-DD'). */
export interface SkippedEvents {
  reason: string;
  count: number;
  first: string | null;
}

/** The list refreshes this often while the tab is open: the sync runs in the background. */
export const FEEDS_REFRESH_MS = 30_000;

/** While a feed's sync is on its way, the list is read this often, so its outcome shows in seconds. */
export const FEEDS_SYNCING_REFRESH_MS = 2_000;
/** A sync unanswered for this long is no longer waited for closely (the 30 s rhythm takes over). */
const SYNC_WAIT_MS = 2 * 60_000;

/** Whether a sync of the feed was asked for lately and has not answered yet (no good read, no error since). */
export function isSyncing(feed: CalendarFeed, now = Date.now()): boolean {
  if (!feed.is_active || !feed.last_attempt_at) return false;
  const asked = Date.parse(feed.last_attempt_at);
  const answered = Math.max(feed.last_synced_at ? Date.parse(feed.last_synced_at) : 0, feed.last_error_at ? Date.parse(feed.last_error_at) : 0);
  return asked > answered && now - asked < SYNC_WAIT_MS;
}

export const feedKeys = {
  all: [...adminKeys.all, 'calendar-feeds'] as const,
};

/** A row as calendar_feeds() answers it: its count and flag may be null, whatever the generated types say. */
type FeedRow = Omit<CalendarFeed, 'busy_count' | 'stale' | 'owner_email' | 'skipped'> & {
  busy_count: number | null;
  stale: boolean | null;
  owner_email?: string | null;
  skipped?: unknown;
};

/** The report as the database keeps it, anything else left out. */
function skippedOf(value: unknown): SkippedEvents[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const { reason, count, first } = (item ?? {}) as Record<string, unknown>;
    if (typeof reason !== 'string' || typeof count !== 'number' || !(count > 0)) return [];
    return [{ reason, count, first: typeof first === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(first) ? first : null }];
  });
}

function toFeed(row: FeedRow): CalendarFeed {
  return {
    id: row.id,
    label: row.label,
    url_hint: row.url_hint,
    is_active: row.is_active,
    created_at: row.created_at,
    last_attempt_at: row.last_attempt_at || null,
    last_synced_at: row.last_synced_at || null,
    last_error: row.last_error?.trim() || null,
    last_error_at: row.last_error_at || null,
    busy_count: row.busy_count ?? 0,
    stale: row.stale === true,
    owner_email: row.owner_email?.trim() || null,
    skipped: skippedOf(row.skipped),
  };
}

export async function fetchCalendarFeeds(): Promise<CalendarFeed[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('calendar_feeds');
  if (error) throw error;
  return (data ?? []).map(toFeed);
}

/** Adds a feed (its first sync starts at once); the database's refusals carry a hint (feed-schema.ts). */
export async function addCalendarFeed(input: { label: string; url: string; owner_email?: string }): Promise<string> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('add_calendar_feed', input);
  if (error) throw error;
  return data;
}

/** Removes a feed, its busy times and its stored address. */
export async function removeCalendarFeed(id: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('remove_calendar_feed', { feed: id });
  if (error) throw error;
}

/** Switches a feed on (it syncs at once) or off (its busy times are dropped). */
export async function setCalendarFeedActive({ id, active }: { id: string; active: boolean }): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('set_calendar_feed_active', { feed: id, active });
  if (error) throw error;
}

/**
 * 'Синхронизирай сега': true when a run started; false when one started less than a minute ago
 * (or nothing could start: no feed switched on, or the sync not set up, which the feeds' errors say).
 */
export async function syncCalendarFeeds(): Promise<boolean> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('sync_calendar_feeds');
  if (error) throw error;
  return data === true;
}

/**
 * The feeds; while `live` (the tab shown), read again every 30 s (every 2 s while a sync is on its
 * way) and whenever the window regains focus.
 */
export function useCalendarFeeds(live: boolean) {
  return useQuery({
    queryKey: feedKeys.all,
    queryFn: fetchCalendarFeeds,
    staleTime: 0,
    refetchInterval: (query) =>
      !live ? false : (query.state.data ?? []).some((feed) => isSyncing(feed)) ? FEEDS_SYNCING_REFRESH_MS : FEEDS_REFRESH_MS,
    refetchOnWindowFocus: live ? 'always' : false,
  });
}

/**
 * A feed's change: the list is read again either way (a refusal may mean it changed meanwhile),
 * and the booking dialog's copies (taken slots, the pause) are stale after a success.
 */
function useFeedMutation<V, R>(change: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => invalidatePublic(queryClient, 'calendar', 'taken-slots'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedKeys.all }),
  });
}

export function useAddCalendarFeed() {
  return useFeedMutation(addCalendarFeed);
}

export function useRemoveCalendarFeed() {
  return useFeedMutation(removeCalendarFeed);
}

export function useSetCalendarFeedActive() {
  return useFeedMutation(setCalendarFeedActive);
}

export function useSyncCalendarFeeds() {
  return useFeedMutation(syncCalendarFeeds);
}
