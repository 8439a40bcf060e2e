import type { ReactNode } from 'react';
import { ListSearch, ListSection, PagedList, type PagedListText, type ListSearchProps } from '../lists/PagedList';
import type { RecordRows } from './use-record-rows';

export interface RecordListProps<Row> {
  /** The page shown, the list's state and the row deletes' dialog (useRecordRows). */
  rows: RecordRows<Row>;
  /** Beside the heading: the button that opens a new record. */
  actions: ReactNode;
  /** The filters beside the search field, and the search row's layout. */
  search?: Pick<ListSearchProps, 'children' | 'className'>;
  /** The list's words where they are not the record type's (a filter's own 'nothing matches'). */
  text?: PagedListText;
  /** Under the list, e.g. where its deleted records went (BinNote). */
  footer?: ReactNode;
  /** The rows of the page; `busy` while the next page or search result loads. */
  children: (rows: Row[], busy: boolean) => ReactNode;
}

/**
 * A record type's list as its tab shows it: the heading with the new-record button, the search,
 * one page of cards with the pager, what the list says when empty, loading or failed, and the
 * dialogs of its row actions, in the record type's words. A section gives only its cards.
 */
export function RecordList<Row>({ rows, actions, search, text, footer, children }: RecordListProps<Row>) {
  const { paging, query, words, dialog } = rows;
  return (
    <ListSection list={paging} title={words.heading.title} actions={actions}>
      <ListSearch list={paging} name={words.heading.searchName} placeholder={words.heading.searchHint} {...search} />
      <PagedList list={paging} query={query} text={text ?? words.list}>
        {children}
      </PagedList>
      {footer}
      {dialog}
    </ListSection>
  );
}
