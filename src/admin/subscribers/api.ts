/*
 * The newsletter's subscribers (migration 20261128001000_newsletter.sql): one page of the list, the
 * counts per state, the consent records of every page for the CSV export, and the admin's three
 * writes, an unsubscribe, the erasure on request and the lift of a suppression with its reason
 * (migration 20261128001400_mailboxes_by_provider.sql). Admins read the tables through row-level
 * security; the counts and the writes are the database's functions (SECURITY DEFINER, admins only:
 * anyone else gets 42501). The only code of the tab that calls Supabase. Keys live under 'admin',
 * so sign-out forgets them.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Tables } from '@/shared/db/database.types';
import { recordedExport } from '@/admin/kit/data/exports';
import { getSupabase } from '@/shared/db/supabase';
import { adminKeys } from '@/admin/kit/data/api';
import { EXPORT_CHUNK, readAllPages, readPage, type ListPage } from '@/admin/kit/data/list';
import { searchFilter } from '@/admin/kit/data/search';

export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed', 'suppressed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
export type SuppressedReason = 'bounced' | 'complained';
export type UnsubscribedVia = 'link' | 'one_click' | 'admin';

/** A subscriber's fields the export writes (never the folded mailbox). */
export type SubscriberFields = Pick<
  Tables<'newsletter_subscribers'>,
  'id' | 'email' | 'confirmed_at' | 'unsubscribed_at' | 'suppressed_at' | 'created_at'
> & {
  status: SubscriberStatus;
  suppressed_reason: SuppressedReason | null;
  unsubscribed_via: UnsubscribedVia | null;
};

/** A lifted suppression as the row shows it: when, by whom, why, and what had stopped the address. */
export type SuppressionLift = Pick<Tables<'newsletter_suppression_lifts'>, 'lifted_at' | 'lifted_by_name' | 'reason'> & {
  suppressed_reason: SuppressedReason;
  restored_status: Exclude<SubscriberStatus, 'suppressed'>;
};

/** A subscriber as its row shows it: its fields, its soft bounces, and the suppressions lifted (the record, newest last). */
export type Subscriber = SubscriberFields &
  Pick<Tables<'newsletter_subscribers'>, 'soft_bounces'> & {
    newsletter_suppression_lifts: SuppressionLift[];
  };

/** One consent record as the export writes it (never the network's hash). */
export type Consent = Pick<Tables<'newsletter_consents'>, 'given_at' | 'page' | 'wording' | 'wording_version' | 'confirmed_at'>;

/** A subscriber with their consent records, as the export reads them (one request per chunk). */
export type SubscriberConsents = SubscriberFields & { newsletter_consents: Consent[] };

const SUBSCRIBER_FIELDS = 'id, email, status, suppressed_reason, confirmed_at, unsubscribed_at, unsubscribed_via, suppressed_at, created_at' as const;
/** The list's columns: the fields, the soft bounces and the record of lifted suppressions embedded (PostgREST resource embedding). */
export const SUBSCRIBER_COLUMNS =
  `${SUBSCRIBER_FIELDS}, soft_bounces, newsletter_suppression_lifts(lifted_at, lifted_by_name, reason, suppressed_reason, restored_status)` as const;
/** The export's columns: each subscriber with their consents embedded. */
export const CONSENT_EXPORT_COLUMNS = `${SUBSCRIBER_FIELDS}, newsletter_consents(given_at, page, wording, wording_version, confirmed_at)` as const;

/** Where the list's search looks: the address as typed at sign-up. */
export const SUBSCRIBER_SEARCH_COLUMNS = ['email'] as const;

export interface SubscriberFilters {
  search: string;
  /** '' for every state. */
  status: SubscriberStatus | '';
}

export type SubscriberCounts = Record<SubscriberStatus, number>;

export const subscriberKeys = {
  all: [...adminKeys.all, 'subscribers'] as const,
  pages: () => [...subscriberKeys.all, 'page'] as const,
  page: (filters: SubscriberFilters, page: number) => [...subscriberKeys.pages(), filters, page] as const,
  counts: () => [...subscriberKeys.all, 'counts'] as const,
};

/**
 * Visitors subscribe, confirm and unsubscribe at any time, and mail providers report bounces: the
 * list and the counts are read anew when shown again and whenever the window regains focus.
 */
const fresh = { staleTime: 0, refetchOnWindowFocus: 'always' } as const;

type Supabase = Awaited<ReturnType<typeof getSupabase>>;

/** The subscribers the filters pick: `columns` of them, or with `count` their exact number (`head`: only that). */
function subscriberQuery(supabase: Supabase, columns: string, filters: SubscriberFilters, options: { count?: 'exact'; head?: boolean } = {}) {
  let query = supabase.from('newsletter_subscribers').select(columns, options);
  if (filters.status) query = query.eq('status', filters.status);
  const search = searchFilter(filters.search, SUBSCRIBER_SEARCH_COLUMNS);
  return search ? query.or(search) : query;
}

/** One page of subscribers, the newest first (the index newsletter_subscribers_list_idx), with the number that match. */
export async function fetchSubscriberPage(filters: SubscriberFilters, page: number): Promise<ListPage<Subscriber>> {
  const supabase = await getSupabase();
  const result = await readPage(
    page,
    (from, to) =>
      subscriberQuery(supabase, SUBSCRIBER_COLUMNS, filters, { count: 'exact' })
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(from, to)
        .overrideTypes<Subscriber[], { merge: false }>(),
    () => subscriberQuery(supabase, 'id', filters, { count: 'exact', head: true }),
  );
  // the record of lifts, oldest first, whatever order the embedding gave
  const byTime = (a: SuppressionLift, b: SuppressionLift) => Date.parse(a.lifted_at) - Date.parse(b.lifted_at);
  return {
    ...result,
    rows: result.rows.map((row) => ({ ...row, newsletter_suppression_lifts: [...(row.newsletter_suppression_lifts ?? [])].sort(byTime) })),
  };
}

export function useSubscriberPage(filters: SubscriberFilters, page: number) {
  return useQuery({
    queryKey: subscriberKeys.page(filters, page),
    queryFn: () => fetchSubscriberPage(filters, page),
    placeholderData: keepPreviousData,
    ...fresh,
  });
}

/** How many subscribers are in each state (the database's newsletter_counts: one pass, admins only). */
export async function fetchSubscriberCounts(): Promise<SubscriberCounts> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('newsletter_counts');
  if (error) throw error;
  const counts = (data ?? {}) as Partial<Record<SubscriberStatus, unknown>>;
  return Object.fromEntries(SUBSCRIBER_STATUSES.map((status) => [status, Number(counts[status] ?? 0) || 0])) as SubscriberCounts;
}

export function useSubscriberCounts() {
  return useQuery({ queryKey: subscriberKeys.counts(), queryFn: fetchSubscriberCounts, ...fresh });
}

/**
 * Every subscriber that matches the filters (all pages), the newest first, each with their consent
 * records: one request per `chunk` subscribers, never one per subscriber.
 */
export async function fetchAllConsents(filters: SubscriberFilters, chunk: number = EXPORT_CHUNK): Promise<SubscriberConsents[]> {
  const supabase = await getSupabase();
  const rows = await readAllPages(
    (from, to) =>
      subscriberQuery(supabase, CONSENT_EXPORT_COLUMNS, filters)
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(from, to)
        .overrideTypes<SubscriberConsents[], { merge: false }>(),
    chunk,
  );
  return rows.map((row) => ({ ...row, newsletter_consents: row.newsletter_consents ?? [] }));
}

/** The CSV export reads all pages when asked, not as a cached query. */
export function useExportConsents() {
  // recorded in the audit log first (kit/data/exports.ts)
  return useMutation({ mutationFn: (filters: SubscriberFilters) => recordedExport('export.csv', () => fetchAllConsents(filters)) });
}

/** Unsubscribes a pending or confirmed address by hand (recorded as 'admin'); other states stay as they are. */
export async function unsubscribeSubscriber(subscriber: Subscriber): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('admin_unsubscribe_newsletter', { subscriber: subscriber.id });
  if (error) throw error;
}

/** Erases a subscriber on request: the row, their consents, links, deliveries and confirmation mail; only the fact stays. */
export async function eraseSubscriber(subscriber: Subscriber): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('erase_newsletter_subscriber', { subscriber: subscriber.id });
  if (error) throw error;
}

/**
 * Lifts a bounce or complaint suppression with the admin's reason (required; the database keeps it
 * with the admin's name and the time). Answers the state the address returned to.
 */
export async function liftSuppression(subscriber: Subscriber, reason: string): Promise<Exclude<SubscriberStatus, 'suppressed'>> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('lift_newsletter_suppression', { subscriber: subscriber.id, reason });
  if (error) throw error;
  return data as Exclude<SubscriberStatus, 'suppressed'>;
}

export function useLiftSuppression() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ subscriber, reason }: { subscriber: Subscriber; reason: string }) => liftSuppression(subscriber, reason),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: subscriberKeys.all }),
  });
}

/** A write on a subscriber: the list and the counts show what the database holds now, done or refused. */
function useSubscriberWrite(write: (subscriber: Subscriber) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: subscriberKeys.all }),
  });
}

export function useUnsubscribe() {
  return useSubscriberWrite(unsubscribeSubscriber);
}

export function useEraseSubscriber() {
  return useSubscriberWrite(eraseSubscriber);
}
