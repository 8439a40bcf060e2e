import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ListPage } from './list';
import { ListSearch, ListSection, PagedList, type PagedListText, type ListSearchProps } from './PagedList';
import type { ListState } from './use-list-state';

export interface RecordListProps<Row> {
  /** The list's state in the address (RecordTab gives it). */
  paging: ListState;
  /** The page shown (a record type's usePage). */
  query: UseQueryResult<ListPage<Row>>;
  /** The list's heading, e.g. 'Клиенти'. */
  title: string;
  /** Beside the heading: the button that opens a new record. */
  actions: ReactNode;
  /** The search box's name and placeholder, and the filters beside it. */
  search: Omit<ListSearchProps, 'list'>;
  text: PagedListText;
  /** Under the list, e.g. where its deleted records went (BinNote). */
  footer?: ReactNode;
  /** The row actions' dialogs (useRowDelete's). */
  dialog: ReactNode;
  /** The rows of the page; `busy` while the next page or search result loads. */
  children: (rows: Row[], busy: boolean) => ReactNode;
}

/**
 * A record type's list as its tab shows it: the heading with the new-record button, the search,
 * one page of cards with the pager, what the list says when empty, loading or failed, and the
 * dialogs of its row actions. A section gives only its words and its cards.
 */
export function RecordList<Row>({ paging, query, title, actions, search, text, footer, dialog, children }: RecordListProps<Row>) {
  return (
    <ListSection list={paging} title={title} actions={actions}>
      <ListSearch list={paging} {...search} />
      <PagedList list={paging} query={query} text={text}>
        {children}
      </PagedList>
      {footer}
      {dialog}
    </ListSection>
  );
}
