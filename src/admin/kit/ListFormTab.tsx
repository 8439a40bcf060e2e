import { Fragment, useState, type ReactNode } from 'react';

/** What a list tab shows: its list, the form for a new record, or the form for the record `id`. */
export type ListFormView = { mode: 'list' } | { mode: 'new' } | { mode: 'edit'; id: string };

export interface ListFormTabProps {
  /** The list, with the actions that open the form. */
  list: (open: { onNew: () => void; onEdit: (id: string) => void }) => ReactNode;
  /** The empty form; `onDone` goes back to the list. */
  renderNew: (onDone: () => void) => ReactNode;
  /** The form of the record `id` (usually read by id through RecordLoader). */
  renderEdit: (id: string, onDone: () => void) => ReactNode;
}

/**
 * The list/new/edit switch of an admin tab (clients, users). Each form gets its own key, so
 * opening another record starts a fresh form; state the list must keep while a form is open
 * (its search and page) belongs to the tab, above this switch.
 */
export function ListFormTab({ list, renderNew, renderEdit }: ListFormTabProps) {
  const [view, setView] = useState<ListFormView>({ mode: 'list' });
  const toList = () => setView({ mode: 'list' });

  if (view.mode === 'new') return <Fragment key="new">{renderNew(toList)}</Fragment>;
  if (view.mode === 'edit') return <Fragment key={`edit-${view.id}`}>{renderEdit(view.id, toList)}</Fragment>;
  return list({ onNew: () => setView({ mode: 'new' }), onEdit: (id) => setView({ mode: 'edit', id }) });
}
