import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { ListPage } from '../data/list';
import type { RecordWords } from './record-type';
import type { ListFilters } from './record-queries';
import type { ListState } from '../lists/use-list-state';
import { useRowDelete, type RowVersion } from '../saving/use-row-delete';

/** What useRecordRows needs of a record type (defineRecordType gives all of it). */
interface RowsOf<Row, Filters extends ListFilters> {
  text: RecordWords;
  usePage: (filters: Filters, page: number) => UseQueryResult<ListPage<Row>>;
  useDelete: () => UseMutationResult<unknown, unknown, RowVersion, unknown>;
}

export interface RecordRowsOptions<Filters extends ListFilters> {
  /** The record type's own filters beside the search (the posts' status). */
  filters?: Omit<Filters, 'search'>;
  /** Words a failed delete when the section's writes say it their own way. */
  describeError?: (error: unknown, fallback: string) => string;
}

/**
 * A record type's list as its tab shows it: the page of rows that the list's search, filters and
 * page (in the address) ask for, and each row's delete with its question, toasts and the dialog to
 * render. Hand the result to RecordList as `rows`.
 */
export function useRecordRows<Row, Filters extends ListFilters>(type: RowsOf<Row, Filters>, paging: ListState, options: RecordRowsOptions<Filters> = {}) {
  const query = type.usePage({ ...options.filters, search: paging.search } as Filters, paging.page);
  const rowDelete = useRowDelete({ remove: type.useDelete(), text: type.text.delete, describeError: options.describeError });
  return { paging, query, words: type.text, ...rowDelete };
}

/** A record type's list page and its row deletes (useRecordRows). */
export type RecordRows<Row> = ReturnType<typeof useRecordRows<Row, ListFilters>>;
