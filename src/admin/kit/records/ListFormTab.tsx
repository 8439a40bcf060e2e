import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, Suspense, useEffect, type ReactNode } from 'react';
import { preloadOf } from '../ui/lazy-part';
import { useRecordRoutes } from '../navigation/record-routes';
import { RecordLoader, type RecordLoaderProps } from './RecordLoader';

/** What a tab's list gets to open the form: a new record, or the record `id`. */
export interface ListOpeners {
  onNew: () => void;
  onEdit: (id: string) => void;
}

/** RecordLoader's words for the edit view, e.g. title 'Редактиране на клиент'. */
export type RecordText = Pick<RecordLoaderProps<unknown>, 'title' | 'loading' | 'loadFailed' | 'backLabel'>;

export interface ListFormTabProps<T> {
  /** The tab's list address, e.g. '/blog-admin/clients'; the forms are at `…/new` and `…/<id>`. */
  listPath: string;
  /** The list, with the actions that open the form. */
  list: (open: ListOpeners) => ReactNode;
  /** The by-id read of a record to edit (a module's query hook, the same one every render). */
  useRecord: (id: string) => UseQueryResult<T>;
  /** The edit view's words while the record loads or when it cannot. */
  recordText: RecordText;
  /** The form: empty for `null`, else of the loaded record; `onDone` goes back to the list. */
  form: (record: T | null, onDone: () => void) => ReactNode;
}

/**
 * The list/new/edit switch of an admin tab (posts, projects, clients, users), following the
 * address (record-routes.ts). The edit form gets its record read by id through RecordLoader, so a
 * direct visit works too. Each form gets its own key, so opening another record starts a fresh
 * form; state the list must keep while a form is open (its search and page) is in the query
 * string, which the record's address carries along.
 */
export function ListFormTab<T>({ listPath, list, useRecord, recordText, form }: ListFormTabProps<T>) {
  const { view, openNew, openEdit, toList } = useRecordRoutes(listPath);
  // an editor's code is a chunk of its own (kit/ui/lazy-part.tsx): fetched as soon as the address
  // names a record, alongside the record itself, never with the list
  const preloadForm = view.mode === 'list' ? undefined : preloadOf(form(null, toList));
  useEffect(() => {
    preloadForm?.().catch(() => {
      // the form's own load tries again and reports a failure
    });
  }, [preloadForm]);
  if (view.mode === 'new') return <Fragment key="new">{form(null, toList)}</Fragment>;
  if (view.mode === 'edit') {
    return <EditRecord key={`edit-${view.id}`} id={view.id} useRecord={useRecord} text={recordText} form={form} onDone={toList} />;
  }
  return list({ onNew: openNew, onEdit: openEdit });
}

interface EditRecordProps<T> {
  id: string;
  useRecord: (id: string) => UseQueryResult<T>;
  text: RecordText;
  form: (record: T, onDone: () => void) => ReactNode;
  onDone: () => void;
}

/** A read that has not answered yet: RecordLoader shows its loading view for it. */
const STILL_LOADING = { isSuccess: false, isError: false } as UseQueryResult<never>;

function EditRecord<T>({ id, useRecord, text, form, onDone }: EditRecordProps<T>) {
  const query = useRecord(id);
  return (
    <RecordLoader query={query} {...text} onBack={onDone}>
      {(record) => (
        // should the form's code still be on its way, the record's loading view stays until it is here
        <Suspense fallback={<RecordLoader query={STILL_LOADING} {...text} onBack={onDone}>{() => null}</RecordLoader>}>
          {form(record, onDone)}
        </Suspense>
      )}
    </RecordLoader>
  );
}
