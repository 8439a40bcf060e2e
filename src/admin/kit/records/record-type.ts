import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { TablesUpdate } from '@/shared/db/database.types';
import { getSupabase } from '@/shared/db/supabase';
import type { adminPaths } from '../navigation/addresses';
import { changedRows, invalidatePublic } from '../data/api';
import { guardedDelete, guardedUpdate, isStaleWrite, type SavedVersion, type VersionedTable } from '../data/concurrency';
import { foundRow, readPage, RECORD_QUERY, type ListPage } from '../data/list';
import type { RecordText } from './ListFormTab';
import { recordKeys, recordQueries, type ListFilters, type RecordSource } from './record-queries';
import type { PagedListText } from '../lists/PagedList';
import type { RowDeleteText } from '../saving/use-row-delete';

/*
 * A record type of the admin (posts, projects, customer logos, blog users, contacts), declared
 * once: its table and columns, where its search looks, what it writes and its words. From that
 * come the list's page, the record read for its form, the guarded save, the delete, the list's
 * row actions and, with RecordTab, the tab that shows them. A section writes only what is its
 * own: the cards, the form and its rules.
 */

export interface RecordWords {
  /** The list's heading and its search box's name and hint (RecordList). */
  heading: { title: string; searchName: string; searchHint: string };
  /** The list's words: loading, empty, the count… (PagedList). */
  list: PagedListText;
  /** The edit view's words while the record loads (RecordLoader). */
  record: RecordText;
  /** A row's delete: the question, the toast, the failure (useRowDelete). */
  delete: RowDeleteText;
}

export interface RecordTypeSpec<Filters extends ListFilters, Payload> extends RecordSource<Filters> {
  /** The tab that lists it (its address, its place in the address) and its query keys' name. */
  name: keyof typeof adminPaths;
  text: RecordWords;
  /** The row a save sends for a payload (the payload itself when absent). */
  toRow?: (payload: Payload) => Record<string, unknown>;
  /** An update also sends updated_at (the trigger replaces it with the database's time). */
  stampUpdates?: boolean;
  /** The database's refusals of a save, as errors whose message is the sentence to show. */
  saveError?: (error: unknown) => unknown;
  /** What else a write makes stale: other admin lists (keys) and the public pages (words of their keys). */
  alsoStale?: { keys?: readonly QueryKey[]; publicWords?: readonly string[] };
}

/** A save's variables: no id inserts; an id updates the version `expectedUpdatedAt` only. */
export interface SaveVariables<Payload> {
  id?: string;
  expectedUpdatedAt?: string;
  payload: Payload;
}

/** The version of a row a guarded delete removes. */
export interface DeleteVariables {
  id: string;
  expectedUpdatedAt: string;
}

export function defineRecordType<Row, Full, Payload, Filters extends ListFilters = ListFilters>(spec: RecordTypeSpec<Filters, Payload>) {
  const keys = recordKeys(spec.name);
  const queries = recordQueries<Row, Full, Filters>(spec);
  const table: VersionedTable = spec.table;
  const rowOf = (payload: Payload) => (spec.toRow ? spec.toRow(payload) : (payload as Record<string, unknown>));
  const refused = (error: unknown) => (spec.saveError ? spec.saveError(error) : error);

  /** One page of the list, newest first, with the number that match the filters. */
  async function fetchPage(filters: Filters, page: number): Promise<ListPage<Row>> {
    const supabase = await getSupabase();
    return readPage(
      page,
      (from, to) => queries.page(supabase, filters, from, to),
      () => queries.list(supabase, filters, true),
    );
  }

  /** The record opened for editing, read anew by id with every column its form needs. */
  async function fetchRecord(id: string): Promise<Full> {
    const supabase = await getSupabase();
    return foundRow(await queries.byId(supabase, id));
  }

  /** Inserts, or updates the version the form loaded; resolves to the new version. */
  async function save({ id, expectedUpdatedAt, payload }: SaveVariables<Payload>): Promise<SavedVersion> {
    const supabase = await getSupabase();
    const row = rowOf(payload);
    if (id) {
      if (!expectedUpdatedAt) throw new Error(`saving ${spec.name}: an update needs the loaded updated_at`);
      const patch = (spec.stampUpdates ? { ...row, updated_at: new Date().toISOString() } : row) as TablesUpdate<VersionedTable>;
      try {
        return await guardedUpdate(supabase, table, id, patch, expectedUpdatedAt);
      } catch (error) {
        throw refused(error);
      }
    }
    const { data, error } = await supabase.from(table).insert(row as never).select('id, updated_at');
    if (error) throw refused(error);
    return changedRows(data as SavedVersion[] | null)[0];
  }

  /** Deletes the row if it is still the version `expectedUpdatedAt` (EditConflictError otherwise). */
  async function remove({ id, expectedUpdatedAt }: DeleteVariables): Promise<void> {
    const supabase = await getSupabase();
    await guardedDelete(supabase, table, id, expectedUpdatedAt);
  }

  /** Changes some columns of the version a list row showed (publish, deactivate…). */
  async function update(id: string, patch: Record<string, unknown>, expectedUpdatedAt: string): Promise<SavedVersion> {
    const supabase = await getSupabase();
    return guardedUpdate(supabase, table, id, patch as TablesUpdate<VersionedTable>, expectedUpdatedAt);
  }

  /** After a write: the list's pages (the one shown refetches) and whatever else shows these rows. */
  function useRefresh() {
    const queryClient = useQueryClient();
    return () => {
      // the form's copy is read anew whenever it opens
      void queryClient.invalidateQueries({ queryKey: keys.pages() });
      for (const queryKey of spec.alsoStale?.keys ?? []) void queryClient.invalidateQueries({ queryKey });
      if (spec.alsoStale?.publicWords?.length) invalidatePublic(queryClient, ...spec.alsoStale.publicWords);
    };
  }

  /** A write on a list row: a row changed or deleted meanwhile refreshes the list too. */
  function useRowMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
    const refresh = useRefresh();
    return useMutation({ mutationFn, onSuccess: refresh, onError: (error) => isStaleWrite(error) && refresh() });
  }

  function usePage(filters: Filters, page: number) {
    return useQuery({ queryKey: keys.page(filters, page), queryFn: () => fetchPage(filters, page), placeholderData: keepPreviousData });
  }

  /** Read each time the form opens (never an old copy): forgotten as soon as the form closes. */
  function useRecord(id: string) {
    return useQuery({ queryKey: keys.detail(id), queryFn: () => fetchRecord(id), ...RECORD_QUERY });
  }

  function useSave() {
    const refresh = useRefresh();
    return useMutation({ mutationFn: save, onSuccess: refresh });
  }

  function useDelete() {
    return useRowMutation(remove);
  }

  return { name: spec.name, text: spec.text, keys, queries, fetchPage, fetchRecord, save, remove, update, usePage, useRecord, useSave, useDelete, useRowMutation, useRefresh };
}

export type RecordType<Row, Full, Payload, Filters extends ListFilters = ListFilters> = ReturnType<
  typeof defineRecordType<Row, Full, Payload, Filters>
>;
