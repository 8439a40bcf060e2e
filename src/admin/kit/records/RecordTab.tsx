import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { adminPaths } from '../navigation/addresses';
import { ListFormTab, type ListOpeners } from './ListFormTab';
import type { RecordWords } from './record-type';
import { useListState, type FilterValues } from '../lists/use-list-state';

/** The list state of a record type's tab, with its own filters (useListState). */
export type RecordListState<F extends FilterValues> = ReturnType<typeof useListState<F>>;

/** What a record type's list gets from its tab: the list's state and the actions that open the form. */
export type RecordListViewProps<F extends FilterValues = Record<never, never>> = { paging: RecordListState<F> } & ListOpeners;

export interface RecordTabProps<Full, F extends FilterValues> {
  /** The record type (defineRecordType): its tab's address and list scope, its words, its by-id read. */
  type: { name: keyof typeof adminPaths; text: RecordWords; useRecord: (id: string) => UseQueryResult<Full> };
  /** The filters beside the search, as the address may carry them. */
  filters?: F;
  /** The list, given its state and the actions that open the form. */
  list: ComponentType<RecordListViewProps<F>>;
  /** The form: empty for `null`, else of the loaded record; `onDone` goes back to the list. */
  form: (record: Full | null, onDone: () => void) => ReactNode;
}

/**
 * The tab of a record type: its list at the tab's address, a new record at `…/new` and a stored
 * one at `…/<id>` (ListFormTab). The list keeps its search, filters and page in the address while
 * a form is open.
 */
export function RecordTab<Full, F extends FilterValues = Record<never, never>>({ type, filters, list: List, form }: RecordTabProps<Full, F>) {
  const paging = useListState<F>(type.name, filters);
  return (
    <ListFormTab
      listPath={adminPaths[type.name]}
      list={(open) => <List paging={paging} {...open} />}
      useRecord={type.useRecord}
      recordText={type.text.record}
      form={form}
    />
  );
}
