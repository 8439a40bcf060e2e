/*
 * The addresses inside an admin panel (/blog-admin, /work-admin): one path per tab, and under a
 * tab that edits records one path per record and one for a new record:
 *
 *   /blog-admin/posts          the list (its search, filters and page are in the query string)
 *   /blog-admin/posts/new      the form for a new post
 *   /blog-admin/posts/<id>     the form of post <id>
 *
 * The query string belongs to the whole panel: each list keeps its own scoped parameters there
 * (use-list-state.ts), so moving between tabs and records keeps every list's place.
 */

export interface PanelShape<T extends string = string> {
  /** Where the panel lives, e.g. '/blog-admin'. */
  base: string;
  tabs: readonly T[];
  /** The tab of the bare panel address, and of any tab path the panel does not know. */
  defaultTab: T;
  /** The tabs whose records open in a form at `<tab>/new` and `<tab>/<id>`. */
  recordTabs: readonly T[];
}

/** What a tab with records shows: its list, the form for a new record, or the form of record `id`. */
export type RecordView = { mode: 'list' } | { mode: 'new' } | { mode: 'edit'; id: string };

/** An address of the panel: the tab it shows and the tab's path, or where to go instead. */
export type PanelAddress<T extends string> = { tab: T; path: string; redirect?: undefined } | { redirect: string; tab?: undefined };

/** A panel address the panel shows as it is. */
export type ShownAddress<T extends string> = { tab: T; path: string };

const NEW = 'new';

function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The path of a tab, e.g. '/blog-admin/posts'. */
export const tabPath = (shape: PanelShape, tab: string) => `${shape.base}/${tab}`;

/** The path of one record's form under a tab's list path. */
export const recordPath = (listPath: string, id: string) => `${listPath}/${encodeURIComponent(id)}`;

/** The path of the form for a new record under a tab's list path. */
export const newRecordPath = (listPath: string) => `${listPath}/${NEW}`;

/**
 * Reads an address of the panel. Addresses the panel does not show as they are get a redirect
 * (to be followed with `replace`, the query string kept):
 *  - the bare panel address goes to the default tab;
 *  - an old `?tab=x` address goes to the path of tab x (the `tab` parameter is dropped);
 *  - an unknown tab goes to the default tab: the admin lands in the panel at a real address
 *    rather than on a dead end;
 *  - a path under a tab that the tab does not have (a record under the calendar, a record's
 *    sub-path) goes to that tab's list.
 * Null when the address is not in the panel at all.
 */
export function resolvePanelAddress<T extends string>(shape: PanelShape<T>, pathname: string, search = ''): PanelAddress<T> | null {
  if (pathname !== shape.base && !pathname.startsWith(`${shape.base}/`)) return null;
  const params = new URLSearchParams(search);
  const legacy = params.get('tab');
  params.delete('tab');
  const isTab = (value: string | null): value is T => value !== null && (shape.tabs as readonly string[]).includes(value);
  const segments = pathname.slice(shape.base.length).split('/').slice(1);

  if (segments.length === 0) {
    return { redirect: withQuery(tabPath(shape, isTab(legacy) ? legacy : shape.defaultTab), params) };
  }
  const [first, ...rest] = segments;
  if (!isTab(first)) return { redirect: withQuery(tabPath(shape, shape.defaultTab), params) };
  const list = tabPath(shape, first);
  const record = rest.length === 1 && rest[0] !== '' && shape.recordTabs.includes(first);
  if (rest.length > 0 && !record) return { redirect: withQuery(list, params) };
  if (legacy !== null) return { redirect: withQuery(pathname, params) };
  return { tab: first, path: record ? `${list}/${rest[0]}` : list };
}

/** Where a panel address ends up once its redirect, if any, is followed. */
export function settledPanelAddress<T extends string>(shape: PanelShape<T>, target: string): ShownAddress<T> | null {
  const url = new URL(target, 'http://panel.invalid');
  const address = resolvePanelAddress(shape, url.pathname, url.search);
  if (!address) return null;
  if (address.redirect === undefined) return address;
  const next = new URL(address.redirect, 'http://panel.invalid');
  const settled = resolvePanelAddress(shape, next.pathname, next.search);
  return settled && settled.redirect === undefined ? settled : null;
}

/** What a tab shows at `path` (a path of the tab whose list is at `listPath`). */
export function recordViewAt(listPath: string, path: string): RecordView {
  if (!path.startsWith(`${listPath}/`)) return { mode: 'list' };
  const rest = path.slice(listPath.length + 1);
  if (rest === '' || rest.includes('/')) return { mode: 'list' };
  if (rest === NEW) return { mode: 'new' };
  try {
    return { mode: 'edit', id: decodeURIComponent(rest) };
  } catch {
    // a broken escape cannot name a record; its id as written reads as one that does not exist
    return { mode: 'edit', id: rest };
  }
}

/**
 * Whether a form shown in tab `tab` at `path` stays mounted when the panel goes to `target` (a
 * path with its query): it does while the panel shows another of its tabs (each tab keeps its
 * place, hidden) or this tab at the same path; it goes when this tab shows something else or
 * the admin leaves the panel.
 */
export function panelKeepsForm<T extends string>(shape: PanelShape<T>, tab: T, path: string, target: string): boolean {
  const settled = settledPanelAddress(shape, target);
  if (!settled) return false;
  return settled.tab !== tab || settled.path === path;
}
