import { Fragment, type ReactNode } from 'react';
import { useRecordRoutes } from './record-routes';

export interface ListFormTabProps {
  /** The tab's list address, e.g. '/blog-admin/clients'; the forms are at `…/new` and `…/<id>`. */
  listPath: string;
  /** The list, with the actions that open the form. */
  list: (open: { onNew: () => void; onEdit: (id: string) => void }) => ReactNode;
  /** The empty form; `onDone` goes back to the list. */
  renderNew: (onDone: () => void) => ReactNode;
  /** The form of the record `id` (read by id through RecordLoader, so a direct visit works too). */
  renderEdit: (id: string, onDone: () => void) => ReactNode;
}

/**
 * The list/new/edit switch of an admin tab (posts, projects, clients, users), following the
 * address (record-routes.ts). Each form gets its own key, so opening another record starts a fresh
 * form; state the list must keep while a form is open (its search and page) is in the query
 * string, which the record's address carries along.
 */
export function ListFormTab({ listPath, list, renderNew, renderEdit }: ListFormTabProps) {
  const { view, openNew, openEdit, toList } = useRecordRoutes(listPath);
  if (view.mode === 'new') return <Fragment key="new">{renderNew(toList)}</Fragment>;
  if (view.mode === 'edit') return <Fragment key={`edit-${view.id}`}>{renderEdit(view.id, toList)}</Fragment>;
  return list({ onNew: openNew, onEdit: openEdit });
}
