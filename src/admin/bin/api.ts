/*
 * The bin ('Кошче'): what was deleted of posts, projects, clients and blog users, for 30 days
 * (supabase/migrations/20261128000500_editorial.sql). The only code of the bin that calls
 * Supabase: one page of the list, a restore (the database's restore_from_bin) and a delete for
 * good. Keys live under 'admin', so sign-out forgets them.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Tables } from '@/shared/db/database.types';
import { getSupabase } from '@/shared/db/supabase';
import { adminKeys, changedRows, invalidatePublic } from '@/admin/kit/data/api';
import { readPage, type ListPage } from '@/admin/kit/data/list';
import { searchFilter } from '@/admin/kit/data/search';
import { recordKeys } from '@/admin/kit/records/record-queries';
import { BIN_TABLES, type BinKind, type BinTable } from '../kit/records/bin-kinds';

/** A bin item as its row shows it: never `record`, the whole deleted row. */
export type BinItem = Pick<Tables<'content_bin'>, 'id' | 'label' | 'deleted_at' | 'deleted_by_name'> & { table_name: BinTable };

export const BIN_COLUMNS = 'id, table_name, label, deleted_at, deleted_by_name' as const;

/** Where the list's search looks: what the item is called and who deleted it. */
export const BIN_SEARCH_COLUMNS = ['label', 'deleted_by_name'] as const;

export interface BinFilters {
  search: string;
  /** '' for every kind. */
  kind: BinKind | '';
}

export const binKeys = {
  all: [...adminKeys.all, 'bin'] as const,
  pages: () => [...binKeys.all, 'page'] as const,
  page: (filters: BinFilters, page: number) => [...binKeys.pages(), filters, page] as const,
};

type Supabase = Awaited<ReturnType<typeof getSupabase>>;

function binListQuery(supabase: Supabase, filters: BinFilters, head = false) {
  let query = supabase.from('content_bin').select(BIN_COLUMNS, { count: 'exact', head });
  if (filters.kind) query = query.eq('table_name', BIN_TABLES[filters.kind]);
  const filter = searchFilter(filters.search, BIN_SEARCH_COLUMNS);
  return filter ? query.or(filter) : query;
}

/** One page of the bin, the latest deleted first, with the number that match. */
export async function fetchBinPage(filters: BinFilters, page: number): Promise<ListPage<BinItem>> {
  const supabase = await getSupabase();
  return readPage(
    page,
    // the order of the index content_bin_deleted (deleted_at desc, id)
    (from, to) =>
      binListQuery(supabase, filters)
        .order('deleted_at', { ascending: false })
        .order('id', { ascending: false })
        .range(from, to)
        .overrideTypes<BinItem[], { merge: false }>(),
    () => binListQuery(supabase, filters, true),
  );
}

export function useBinPage(filters: BinFilters, page: number) {
  return useQuery({
    queryKey: binKeys.page(filters, page),
    queryFn: () => fetchBinPage(filters, page),
    placeholderData: keepPreviousData,
    // every delete elsewhere adds to the bin: a remount (the panel opened again) reads it anew
    staleTime: 0,
  });
}

export interface RestoreInput {
  item: BinItem;
  /** A blog user's new password (its sign-in account went with it); nothing for the others. */
  newPassword?: string;
}

/** Puts the item back as it was; the database takes it out of the bin in the same transaction. */
export async function restoreFromBin({ item, newPassword }: RestoreInput): Promise<void> {
  const supabase = await getSupabase();
  const args = newPassword === undefined ? { item: item.id } : { item: item.id, new_password: newPassword };
  const { error } = await supabase.rpc('restore_from_bin', args);
  if (error) throw error;
}

/** Deletes the item for good; a refusal (or an item already gone) changes no row: NothingChangedError. */
export async function purgeFromBin(item: BinItem): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('content_bin').delete().eq('id', item.id).select('id');
  if (error) throw error;
  changedRows(data);
}

/** Marks the bin's pages stale: the page shown refetches. */
export function useInvalidateBin() {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: binKeys.pages() }), [queryClient]);
}

/** The admin lists and public caches a restored item of `table` comes back to. */
function useInvalidateRestored() {
  const queryClient = useQueryClient();
  return (table: BinTable) => {
    const stale = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
    stale(binKeys.pages());
    switch (table) {
      case 'blog_posts':
        stale(recordKeys('posts').pages());
        invalidatePublic(queryClient, 'blog');
        break;
      case 'projects':
        stale(recordKeys('projects').pages());
        // a category in use cannot be deleted: the categories tab reads that anew
        stale(adminKeys.categories);
        invalidatePublic(queryClient, 'project');
        break;
      case 'clients':
        stale(recordKeys('clients').pages());
        invalidatePublic(queryClient, 'clients');
        break;
      case 'blog_users':
        // as a save of a user does: the users list, the author picker and the posts list (authors);
        // visitors see no blog user
        stale(recordKeys('users').pages());
        stale(adminKeys.authors);
        stale(recordKeys('posts').pages());
        break;
    }
  };
}

export function useRestoreFromBin() {
  const invalidate = useInvalidateRestored();
  const invalidateBin = useInvalidateBin();
  return useMutation({
    mutationFn: restoreFromBin,
    onSuccess: (_, { item }) => invalidate(item.table_name),
    // a refused restore leaves the item in the bin, unless someone else restored or purged it
    onError: invalidateBin,
  });
}

export function usePurgeFromBin() {
  const invalidateBin = useInvalidateBin();
  // gone or not (another admin's restore), the list shows what the bin holds now
  return useMutation({ mutationFn: purgeFromBin, onSettled: invalidateBin });
}
