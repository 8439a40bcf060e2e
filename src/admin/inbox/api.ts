import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { recordedExport } from '@/admin/kit/data/exports';
import { getSupabase } from '@/shared/db/supabase';
import { changedRows, invalidatePublic } from '@/admin/kit/data/api';
import { readAllPages, readPage } from '@/admin/kit/data/list';
import { toHistoryEntry } from './history';
import { inquirySearchFilter } from './search';
import { canChangeBookingStatus } from './status';
import { dayRange, todayIn } from '@/shared/domain/calendar';
import { inboxKeys, live, type BookingSection } from './keys';
import type { Booking, BookingHistoryEntry, BookingStatus, Inquiry, InquiryChecks, InquiryFilters, InquiryStatus, LeadFields, ListPage } from './types';

/*
 * The inbox's data: inquiries (contact_submissions) and bookings (appointments). Only admitted
 * admins may read or change them (row-level security); visitors only insert, elsewhere.
 */

/** Whether the team chat heard of the row (types.ts, ChatDelivery): read with it, in the same request. */
const CHAT_DELIVERY_COLUMNS = 'notified_at, notify_error' as const;
/** The lead's fields, and its owner's names embedded (one request for the page). */
const LEAD_COLUMNS = 'lost_reason, owner_id, follow_up_at, offer_amount, contact_id, first_touch, owner:owner_id(full_name, username)' as const;
const INQUIRY_COLUMNS =
  `id, name, company, email, phone, message, purpose, contact_method, status, created_at, updated_at, ${LEAD_COLUMNS}, ${CHAT_DELIVERY_COLUMNS}` as const;
const BOOKING_COLUMNS =
  `id, client_name, client_email, client_phone, company_name, preferred_date, message, status, created_at, visitor_time_zone, meeting_url, ${CHAT_DELIVERY_COLUMNS}` as const;

type Supabase = Awaited<ReturnType<typeof getSupabase>>;

/** Where the list's follow-up filter looks: the consultant's today, or before now; open leads only. */
export interface FollowUpClock {
  zone: string;
  now: Date;
}

function inquiryQuery(supabase: Supabase, filters: InquiryFilters, clock: FollowUpClock, head = false) {
  let query = supabase.from('contact_submissions').select(INQUIRY_COLUMNS, { count: 'exact', head });
  if (filters.status) query = query.eq('status', filters.status);
  if (filters.service) query = query.eq('purpose', filters.service);
  if (filters.follow_up) {
    query = query.in('status', ['new', 'contacted', 'proposal']);
    if (filters.follow_up === 'today') {
      const today = dayRange(todayIn(clock.zone, clock.now), clock.zone);
      query = query.gte('follow_up_at', today.start).lt('follow_up_at', today.end);
    } else {
      query = query.lt('follow_up_at', clock.now.toISOString());
    }
  }
  const search = inquirySearchFilter(filters.search);
  if (search) query = query.or(search);
  return query;
}

/** One page of inquiries, newest first, with the number that match the filters. */
export async function fetchInquiryPage(filters: InquiryFilters, page: number, clock: FollowUpClock): Promise<ListPage<Inquiry>> {
  const supabase = await getSupabase();
  // follow-ups soonest first (the overdue on top); otherwise newest first
  const byFollowUp = Boolean(filters.follow_up);
  return readPage(
    page,
    (from, to) =>
      inquiryQuery(supabase, filters, clock)
        .order(byFollowUp ? 'follow_up_at' : 'created_at', { ascending: byFollowUp })
        .order('id', { ascending: false })
        .range(from, to)
        .overrideTypes<InquiryChecks[]>(),
    () => inquiryQuery(supabase, filters, clock, true),
  );
}

/** Every inquiry that matches the filters (all pages), newest first: what the CSV export holds. */
export async function fetchAllInquiries({ filters, clock }: { filters: InquiryFilters; clock: FollowUpClock }): Promise<Inquiry[]> {
  const supabase = await getSupabase();
  return readAllPages((from, to) =>
    inquiryQuery(supabase, filters, clock)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .range(from, to)
      .overrideTypes<InquiryChecks[]>(),
  );
}

/**
 * One page of bookings: upcoming ones (from now on) soonest first, or past ones most recent first;
 * with a status, only the bookings in it.
 */
export async function fetchBookingPage(section: BookingSection, page: number, status: BookingStatus | '' = '', now: Date = new Date()): Promise<ListPage<Booking>> {
  const supabase = await getSupabase();
  const at = now.toISOString();
  const upcoming = section === 'upcoming';
  const run = (head: boolean) => {
    let query = supabase.from('appointments').select(BOOKING_COLUMNS, { count: 'exact', head });
    if (status) query = query.eq('status', status);
    return upcoming ? query.gte('preferred_date', at) : query.lt('preferred_date', at);
  };
  return readPage(
    page,
    (from, to) =>
      run(false)
        .order('preferred_date', { ascending: upcoming })
        .order('created_at', { ascending: upcoming })
        .range(from, to)
        .overrideTypes<{ status: BookingStatus }[]>(),
    () => run(true),
  );
}

/** The consultant's month of `now`: its first day ('YYYY-MM'), and its bounds as instants [start, end). */
export function consultantMonth(zone: string, now: Date = new Date()): { month: string; start: string; end: string } {
  const [year, month] = todayIn(zone, now).split('-').map(Number);
  const first = (y: number, m: number) => `${y}-${String(m).padStart(2, '0')}-01`;
  const next = month === 12 ? first(year + 1, 1) : first(year, month + 1);
  return { month: first(year, month).slice(0, 7), start: dayRange(first(year, month), zone).start, end: dayRange(next, zone).start };
}

/**
 * How many bookings of the consultant's current month (by their time) were marked 'Не се яви':
 * one HEAD request with an exact count.
 */
export async function fetchNoShowCount(zone: string, now: Date = new Date()): Promise<number> {
  const supabase = await getSupabase();
  const { start, end } = consultantMonth(zone, now);
  const { count, error } = await supabase
    .from('appointments')
    .select('id', { count: 'exact', head: true })
    .eq('status', 'no_show')
    .gte('preferred_date', start)
    .lt('preferred_date', end);
  if (error) throw error;
  return count ?? 0;
}

/** What happened to one booking and every e-mail it sent, oldest first (admins only). */
export async function fetchBookingHistory(id: string): Promise<BookingHistoryEntry[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('booking_history', { booking: id });
  if (error) throw error;
  return (data ?? []).map(toHistoryEntry);
}

/** What an admin changes of a lead at once: its stage (with the reason for 'Загубена'), owner, follow-up or offer. */
export type LeadChange = { status?: InquiryStatus } & Partial<Omit<LeadFields, 'contact_id'>>;

/** Saves a change of a lead; the database refuses what breaks its rules, in Bulgarian (hints in *_leads.sql). */
export async function updateLead({ id, change }: { id: string; change: LeadChange }): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('contact_submissions').update(change).eq('id', id).select('id');
  if (error) throw error;
  changedRows(data);
}

/** Per stage, how many leads and the sum of their offers (the board's column heads). */
export interface StageTotal {
  stage: InquiryStatus;
  leads: number;
  offers: number;
}

/** How many cards a board column shows at first, and adds at each 'Покажи още'. */
export const BOARD_PAGE = 10;

/** One column of the board: the newest `count` leads of a stage (the whole pipeline: no filter applies). */
export async function fetchBoardColumn(stage: InquiryStatus, count: number): Promise<Inquiry[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('contact_submissions')
    .select(INQUIRY_COLUMNS)
    .eq('status', stage)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(0, count - 1)
    .overrideTypes<InquiryChecks[]>();
  if (error) throw error;
  return data ?? [];
}

export function useBoardColumn(stage: InquiryStatus, count: number) {
  return useQuery({
    queryKey: [...inboxKeys.board(), stage, count],
    queryFn: () => fetchBoardColumn(stage, count),
    placeholderData: keepPreviousData,
    ...live,
  });
}

export async function fetchStageTotals(): Promise<StageTotal[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('lead_stage_totals');
  if (error) throw error;
  return (data ?? []).map((row) => ({ stage: row.stage as InquiryStatus, leads: Number(row.leads), offers: Number(row.offers) }));
}

/** Refused before any request when the rules of status.ts do not allow the change. */
export class BookingTransitionError extends Error {
  constructor() {
    super('Тази промяна на статуса на резервацията не е позволена.');
    this.name = 'BookingTransitionError';
  }
}

export async function setBookingStatus({ id, from, to }: { id: string; from: BookingStatus; to: BookingStatus }): Promise<void> {
  if (!canChangeBookingStatus(from, to)) throw new BookingTransitionError();
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('appointments').update({ status: to }).eq('id', id).select('id');
  if (error) throw error;
  changedRows(data);
}

/** One page of an inbox list, kept on screen while the next one loads, reloaded as `live` says. */
function useLivePage<T>(queryKey: QueryKey, fetchPage: () => Promise<ListPage<T>>) {
  return useQuery({ queryKey, queryFn: fetchPage, placeholderData: keepPreviousData, ...live });
}

/**
 * A booking's history, for its card's disclosure, which mounts it only when opened: one request
 * per opened card, never one per row of the list. While open it stays live like the lists, since
 * the e-mails' states change within a minute.
 */
export function useBookingHistory(id: string) {
  return useQuery({ queryKey: inboxKeys.bookingHistory(id), queryFn: () => fetchBookingHistory(id), ...live });
}

export function useInquiryPage(filters: InquiryFilters, page: number, clock: FollowUpClock) {
  return useLivePage(inboxKeys.inquiryPage(filters, page), () => fetchInquiryPage(filters, page, clock));
}

export function useStageTotals() {
  return useQuery({ queryKey: [...inboxKeys.board(), 'totals'], queryFn: fetchStageTotals, ...live });
}

export function useBookingPage(section: BookingSection, status: BookingStatus | '', page: number) {
  return useLivePage(inboxKeys.bookingPage(section, status, page), () => fetchBookingPage(section, page, status));
}

/** This month's no-shows on the consultant's clock; waits until the zone is known. */
export function useNoShowCount(zone: string, enabled: boolean) {
  const now = new Date();
  const { month } = consultantMonth(zone, now);
  return useQuery({ queryKey: inboxKeys.noShows(zone, month), queryFn: () => fetchNoShowCount(zone, now), enabled, ...live });
}

/**
 * A change of a row's status: the list it is in reloads, and so do the counts in the tabs' names
 * (a new inquiry or a pending booking is what they count). `also` reloads whatever else it touches.
 */
function useStatusChange<V>(change: (vars: V) => Promise<void>, list: QueryKey, also?: (queryClient: QueryClient) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: list });
      void queryClient.invalidateQueries({ queryKey: inboxKeys.counts() });
      also?.(queryClient);
    },
  });
}

export function useUpdateLead() {
  return useStatusChange(updateLead, inboxKeys.inquiries());
}

export function useSetBookingStatus() {
  // a cancelled booking frees its slot in the public booking calendar
  return useStatusChange(setBookingStatus, inboxKeys.bookings(), (queryClient) => invalidatePublic(queryClient, 'taken-slots'));
}

/** The CSV export reads all pages when asked, not as a cached query. */
/** The inquiries of an export, recorded in the audit log first (kit/data/exports.ts). */
export function useExportInquiries() {
  return useMutation({ mutationFn: (input: Parameters<typeof fetchAllInquiries>[0]) => recordedExport('export.csv', () => fetchAllInquiries(input)) });
}
