import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Json } from '@/shared/db/database.types';
import { getSupabase } from '@/shared/db/supabase';
import { adminKeys } from '../../data/api';
import { foundRow, readPage, type ListPage } from '../../data/list';
import type { RevisionTable } from './diff';

/*
 * A record's earlier versions (public.content_revisions, kept by a trigger on every save; admins
 * read them through row-level security). The list reads only what its rows show, the title
 * picked out of the stored record by PostgREST; a version's whole record is read only when the
 * admin opens it.
 */

/** Versions a page: the panel sits under a long form. */
export const REVISIONS_PAGE_SIZE = 10;

/** One version as the list shows it. */
export interface RevisionRow {
  id: string;
  saved_at: string;
  saved_by_name: string;
  title: string | null;
}

const REVISION_LIST_SELECT = 'id, saved_at, saved_by_name, title:record->>title' as const;

export const revisionKeys = {
  all: [...adminKeys.all, 'revisions'] as const,
  /** `version`: the record's updated_at, so a save (which adds a version) reads the list anew. */
  list: (table: RevisionTable, recordId: string, version: string | undefined) =>
    [...revisionKeys.all, table, recordId, version ?? ''] as const,
  page: (table: RevisionTable, recordId: string, version: string | undefined, page: number) =>
    [...revisionKeys.list(table, recordId, version), 'page', page] as const,
  record: (id: string) => [...revisionKeys.all, 'record', id] as const,
};

/** One page of a record's versions, newest first, with how many there are. */
export async function fetchRevisionPage(table: RevisionTable, recordId: string, page: number): Promise<ListPage<RevisionRow>> {
  const supabase = await getSupabase();
  const query = (head = false) =>
    supabase
      .from('content_revisions')
      .select(REVISION_LIST_SELECT, { count: 'exact', head })
      .eq('table_name', table)
      .eq('record_id', recordId);
  return readPage<RevisionRow>(
    page,
    (from, to) => query().order('saved_at', { ascending: false }).order('id', { ascending: false }).range(from, to),
    () => query(true),
    REVISIONS_PAGE_SIZE,
  );
}

export function useRevisionPage(table: RevisionTable, recordId: string, version: string | undefined, page: number) {
  return useQuery({
    queryKey: revisionKeys.page(table, recordId, version, page),
    queryFn: () => fetchRevisionPage(table, recordId, page),
    placeholderData: keepPreviousData,
  });
}

/** A version's whole record, as that save left the row. */
export async function fetchRevisionRecord(id: string): Promise<Record<string, unknown>> {
  const supabase = await getSupabase();
  const { record } = foundRow<{ record: Json }>(await supabase.from('content_revisions').select('record').eq('id', id).maybeSingle());
  // the column holds an object (a check constraint says so)
  return record !== null && typeof record === 'object' && !Array.isArray(record) ? (record as Record<string, unknown>) : {};
}

/** Read when a version is opened; a stored version never changes, so its copy stays good. */
export function useRevisionRecord(id: string | null) {
  return useQuery({
    queryKey: revisionKeys.record(id ?? ''),
    queryFn: () => fetchRevisionRecord(id as string),
    enabled: id !== null,
    staleTime: Infinity,
  });
}
