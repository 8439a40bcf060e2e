import type { PostgrestClient as SchemaFreeClient } from '@supabase/postgrest-js';
import type { SupabaseClient } from '@/shared/db/supabase';
import type { VersionedTable } from '../data/concurrency';
import { searchFilter } from '../data/search';
import { ADMIN_QUERY_ROOT } from '../session/query-root';

/*
 * The reads of a record type, free of React: its query keys, the filtered list with an exact
 * count, one page of it (newest first) and the one record opened for editing. record-type.ts
 * builds the hooks and writes on these; the backend tests run these very requests against the
 * stand-in.
 */

/** Every list's filters carry the search box; a record type may add its own (the posts' status). */
export interface ListFilters {
  search: string;
}

/** The query keys of record type `name`, all under 'admin' as adminKeys are (sign-out forgets them). */
export function recordKeys(name: string) {
  const all = [ADMIN_QUERY_ROOT, name] as const;
  return {
    all,
    pages: () => [...all, 'page'] as const,
    page: (filters: ListFilters, page: number) => [...all, 'page', filters, page] as const,
    detail: (id: string) => [...all, 'detail', id] as const,
  };
}


export interface RecordSource<Filters extends ListFilters> {
  /** The table the rows live in. */
  table: VersionedTable;
  /** What a list card shows (and updated_at, the version a row action is guarded by). */
  listColumns: string;
  /** Every column the edit form needs, read for the one record opened: the list's when absent. */
  recordColumns?: string;
  /** Where the search box looks. */
  searchColumns: readonly string[];
  /** The record type's own filters beside the search (applied before it). */
  narrow?: (query: ListQuery, filters: Filters) => ListQuery;
}

/**
 * The same client without the schema's types: the table is known only when a record type is
 * declared, so the rows are typed by the declaration (`Row`, `Full`) instead of by postgrest-js.
 */
const schemaFree = (supabase: SupabaseClient) => supabase as unknown as SchemaFreeClient;

function selectRows(supabase: SupabaseClient, table: string, columns: string, head: boolean) {
  return schemaFree(supabase).from(table).select(columns, { count: 'exact', head });
}

/** The list query before its order and range: what `narrow` may filter further. */
export type ListQuery = ReturnType<typeof selectRows>;

export function recordQueries<Row, Full, Filters extends ListFilters>(source: RecordSource<Filters>) {
  /** The filtered rows with an exact count; `head` asks for the count alone. */
  function list(supabase: SupabaseClient, filters: Filters, head = false) {
    let query = selectRows(supabase, source.table, source.listColumns, head);
    if (source.narrow) query = source.narrow(query, filters);
    const search = searchFilter(filters.search, source.searchColumns);
    return search ? query.or(search) : query;
  }
  return {
    list,
    /** Rows from..to (inclusive), newest first. */
    page: (supabase: SupabaseClient, filters: Filters, from: number, to: number) =>
      list(supabase, filters)
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(from, to)
        .overrideTypes<Row[], { merge: false }>(),
    /** The one record opened for editing, every column its form needs (null when it is gone). */
    byId: (supabase: SupabaseClient, id: string) =>
      schemaFree(supabase).from(source.table as string).select(source.recordColumns ?? source.listColumns).eq('id', id).maybeSingle<Full>(),
  };
}
