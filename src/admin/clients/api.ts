import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Tables } from '@/shared/db/database.types';
import { getSupabase } from '@/shared/db/supabase';
import { adminKeys, changedRows, invalidatePublic } from '@/admin/kit/api';
import { guardedDelete, guardedUpdate, isStaleWrite, type SavedVersion } from '@/admin/kit/concurrency';
import { foundRow, readPage, RECORD_QUERY, type ListPage } from '@/admin/kit/list';
import { searchFilter } from '@/admin/kit/search';

/** A client as its card and form show it (the whole row is small: a name, a logo URL and its alt text). */
export type AdminClient = Pick<Tables<'clients'>, 'id' | 'name' | 'logo' | 'logo_alt' | 'created_at' | 'updated_at'>;

/** What the client form writes. */
export type ClientInput = Pick<AdminClient, 'name' | 'logo' | 'logo_alt'>;

/** What the card and the form need (the whole row is small: a name, a logo URL and its alt text). */
export const CLIENT_COLUMNS = 'id, name, logo, logo_alt, created_at, updated_at' as const;

/** Where the list's search looks. */
export const CLIENT_SEARCH_COLUMNS = ['name'] as const;

export const clientKeys = {
  all: adminKeys.clients,
  pages: () => [...adminKeys.clients, 'page'] as const,
  page: (search: string, page: number) => [...clientKeys.pages(), search, page] as const,
  detail: (id: string) => [...adminKeys.clients, 'detail', id] as const,
};

type Supabase = Awaited<ReturnType<typeof getSupabase>>;

function clientListQuery(supabase: Supabase, search: string, head = false) {
  const query = supabase.from('clients').select(CLIENT_COLUMNS, { count: 'exact', head });
  const filter = searchFilter(search, CLIENT_SEARCH_COLUMNS);
  return filter ? query.or(filter) : query;
}

/** One page of clients, newest first, with the number that match the search. */
export async function fetchClientPage(search: string, page: number): Promise<ListPage<AdminClient>> {
  const supabase = await getSupabase();
  return readPage(
    page,
    (from, to) => clientListQuery(supabase, search).order('created_at', { ascending: false }).order('id', { ascending: false }).range(from, to),
    () => clientListQuery(supabase, search, true),
  );
}

export function useAdminClientPage(search: string, page: number) {
  return useQuery({ queryKey: clientKeys.page(search, page), queryFn: () => fetchClientPage(search, page), placeholderData: keepPreviousData });
}

/** The client opened for editing, read anew by id. */
export async function fetchClient(id: string): Promise<AdminClient> {
  const supabase = await getSupabase();
  return foundRow(await supabase.from('clients').select(CLIENT_COLUMNS).eq('id', id).maybeSingle());
}

/** Read each time the form opens (never an old copy): forgotten as soon as the form closes. */
export function useAdminClient(id: string) {
  return useQuery({ queryKey: clientKeys.detail(id), queryFn: () => fetchClient(id), ...RECORD_QUERY });
}

/**
 * Insert {name, logo, logo_alt}; update them only if the row is still the version the form loaded
 * (`expectedUpdatedAt`, see ../kit/concurrency.ts); the trigger sets updated_at. Resolves to the new version.
 */
export async function saveClient({ id, expectedUpdatedAt, input }: { id?: string; expectedUpdatedAt?: string; input: ClientInput }): Promise<SavedVersion> {
  const supabase = await getSupabase();
  const row = { name: input.name.trim(), logo: input.logo.trim(), logo_alt: input.logo_alt.trim() };
  if (id) {
    if (!expectedUpdatedAt) throw new Error('saveClient: an update needs the loaded updated_at');
    // the update sends updated_at too; the trigger replaces it with the database's time
    return guardedUpdate(supabase, 'clients', id, { ...row, updated_at: new Date().toISOString() }, expectedUpdatedAt);
  }
  const { data, error } = await supabase.from('clients').insert(row).select('id, updated_at');
  if (error) throw error;
  return changedRows(data)[0];
}

/** Deletes a client if it is still the version `expectedUpdatedAt` (EditConflictError otherwise). */
export async function deleteClient({ id, expectedUpdatedAt }: { id: string; expectedUpdatedAt: string }): Promise<void> {
  const supabase = await getSupabase();
  await guardedDelete(supabase, 'clients', id, expectedUpdatedAt);
}

function useInvalidateClients() {
  const queryClient = useQueryClient();
  return () => {
    // the list's pages (the one shown refetches); the form's copy is read anew whenever it opens
    void queryClient.invalidateQueries({ queryKey: clientKeys.pages() });
    invalidatePublic(queryClient, 'clients');
  };
}

export function useSaveClient() {
  const invalidate = useInvalidateClients();
  return useMutation({ mutationFn: saveClient, onSuccess: invalidate });
}

export function useDeleteClient() {
  const invalidate = useInvalidateClients();
  return useMutation({ mutationFn: deleteClient, onSuccess: invalidate, onError: (error) => isStaleWrite(error) && invalidate() });
}
