/*
 * People's requests about their data (migration 20261129000900_data_requests.sql): one page of the
 * confirmed requests, and the two writes a consultant or administrator makes, who handles one and
 * closing it with what was done. Row-level security shows sees_visitors() the confirmed requests
 * only and lets it change handled_by, status and outcome; the database checks the rest (a handler
 * who serves visitors, an outcome to close, closed_at). The only code of the tab that calls Supabase.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Tables } from '@/shared/db/database.types';
import { getSupabase } from '@/shared/db/supabase';
import { adminKeys, changedRows } from '@/admin/kit/data/api';
import { readPage, type ListPage } from '@/admin/kit/data/list';
import { searchFilter } from '@/admin/kit/data/search';

export const REQUEST_STATUSES = ['open', 'done', 'refused'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export type RequestKind = 'copy' | 'erasure';

/** A request as its row shows it, with the name of who handles it. */
export type DataRequest = Pick<Tables<'data_requests'>, 'id' | 'email' | 'confirmed_at' | 'due_at' | 'handled_by' | 'outcome' | 'closed_at' | 'contact_id'> & {
  kind: RequestKind;
  status: RequestStatus;
  handler: { full_name: string | null; username: string } | null;
};

export const REQUEST_COLUMNS =
  'id, email, kind, status, confirmed_at, due_at, handled_by, outcome, closed_at, contact_id, handler:blog_users!data_requests_handled_by_fkey(full_name, username)' as const;

export interface RequestFilters {
  search: string;
  /** '' for every state. */
  status: RequestStatus | '';
}

export const requestKeys = {
  all: [...adminKeys.all, 'data-requests'] as const,
  page: (filters: RequestFilters, page: number) => [...requestKeys.all, 'page', filters, page] as const,
};

type Supabase = Awaited<ReturnType<typeof getSupabase>>;

function requestQuery(supabase: Supabase, columns: string, filters: RequestFilters, options: { count?: 'exact'; head?: boolean } = {}) {
  let query = supabase.from('data_requests').select(columns, options);
  if (filters.status) query = query.eq('status', filters.status);
  const search = searchFilter(filters.search, ['email']);
  return search ? query.or(search) : query;
}

/** One page: the open requests first, the nearest deadline first; then the closed ones, the latest first. */
export async function fetchRequestPage(filters: RequestFilters, page: number): Promise<ListPage<DataRequest>> {
  const supabase = await getSupabase();
  return readPage(
    page,
    (from, to) =>
      requestQuery(supabase, REQUEST_COLUMNS, filters, { count: 'exact' })
        .order('closed_at', { ascending: false, nullsFirst: true })
        .order('due_at', { ascending: true })
        .order('id', { ascending: true })
        .range(from, to)
        .overrideTypes<DataRequest[], { merge: false }>(),
    () => requestQuery(supabase, 'id', filters, { count: 'exact', head: true }),
  );
}

export function useRequestPage(filters: RequestFilters, page: number) {
  // people confirm requests at any time: read anew when shown again and on focus
  return useQuery({
    queryKey: requestKeys.page(filters, page),
    queryFn: () => fetchRequestPage(filters, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });
}

export type RequestChange = { handled_by: string | null } | { status: Exclude<RequestStatus, 'open'>; outcome: string };

export async function changeRequest(id: string, change: RequestChange): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('data_requests').update(change).eq('id', id).select('id');
  if (error) throw error;
  changedRows(data);
}

export function useChangeRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: RequestChange }) => changeRequest(id, change),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
}
