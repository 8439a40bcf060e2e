import { createContext, useCallback, useContext } from 'react';
import { useLocation } from 'react-router-dom';
import { newRecordPath, recordPath, recordViewAt, type RecordView } from './panel-address';
import { useAdminNavigate } from './unsaved-changes';

/** The path a panel's tab shows: the address while the tab is on screen, its last one while hidden. */
export interface TabPlace {
  /** The tab's own path, e.g. '/blog-admin/posts'. */
  base: string;
  /** Where in the tab it is, e.g. '/blog-admin/posts/<id>'. */
  path: string;
}

export const TabPlaceContext = createContext<TabPlace | null>(null);

/** What the history entry of a record's form knows: the list it was opened from. */
interface OpenedFrom {
  list?: unknown;
}

/**
 * The list/new/edit addresses of a tab whose list is at `listPath`: what it shows now, and the
 * moves between them. Opening a record pushes its address (with the list's query string, so the
 * list's search, filters and page come along); Back returns to the list as it was. Done with a
 * form, the admin returns to that same history entry when the form was opened from it, or else
 * (a direct visit, a refresh, a tab switched in between) replaces the form's address with the list.
 */
export function useRecordRoutes(listPath: string) {
  const place = useContext(TabPlaceContext);
  const location = useLocation();
  const go = useAdminNavigate();
  // inside a panel the tab's own place; alone (a tab rendered by itself) the address
  const path = place?.base === listPath ? place.path : location.pathname;
  const view: RecordView = recordViewAt(listPath, path);
  const { search, state } = location;
  const openedFromList = (state as OpenedFrom | null)?.list === listPath;

  const openNew = useCallback(() => void go(newRecordPath(listPath) + search, { state: { list: listPath } }), [go, listPath, search]);
  const openEdit = useCallback((id: string) => void go(recordPath(listPath, id) + search, { state: { list: listPath } }), [go, listPath, search]);
  // the form calls this once it is saved or the admin chose to drop it: nothing to ask
  const toList = useCallback(() => {
    if (openedFromList) void go(-1, { unguarded: true });
    else void go(listPath + search, { replace: true, unguarded: true });
  }, [go, listPath, search, openedFromList]);

  return { view, openNew, openEdit, toList };
}
