import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { normaliseSearch } from '../data/search';
import { pageCount } from './Pagination';

/** The search applies this long after typing stops (or at once on Enter, a filter or a page press). */
export const SEARCH_DELAY_MS = 300;

/** A filter beside the search: the values it may take ('' means "any" and is always allowed). */
export type FilterValues = Record<string, readonly string[]>;

type FilterState<F extends FilterValues> = { [K in keyof F]: F[K][number] | '' };

/** What one admin list shows: the search applied, its filters and the (zero-based) page. */
export interface ListView<F extends FilterValues = FilterValues> {
  search: string;
  filters: FilterState<F>;
  page: number;
}

/**
 * Reads a list's view from the address. Each list has a scope, so that several lists on one page
 * (the panel's tabs, the two booking sections) keep their places side by side:
 * `/blog-admin/inquiries?inquiries.q=акме&inquiries.service=hospitality&inquiries.page=2`. The page is
 * 1-based in the address; anything unknown or malformed there reads as the default.
 */
export function readListView<F extends FilterValues>(params: URLSearchParams, scope: string, filters: F): ListView<F> {
  const search = normaliseSearch(params.get(`${scope}.q`) ?? '');
  const chosen = {} as Record<string, string>;
  for (const [name, allowed] of Object.entries(filters)) {
    const value = params.get(`${scope}.${name}`) ?? '';
    chosen[name] = allowed.includes(value) ? value : '';
  }
  const raw = params.get(`${scope}.page`) ?? '';
  const page = /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) - 1 : 0;
  return { search, filters: chosen as FilterState<F>, page };
}

/** The address with a list's view written into it; defaults are left out, other parameters kept. */
export function writeListView<F extends FilterValues>(params: URLSearchParams, scope: string, view: ListView<F>): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (name: string, value: string) => {
    if (value) next.set(`${scope}.${name}`, value);
    else next.delete(`${scope}.${name}`);
  };
  put('q', view.search);
  for (const [name, value] of Object.entries(view.filters)) put(name, value as string);
  put('page', view.page > 0 ? String(view.page + 1) : '');
  return next;
}

const NO_FILTERS = {} as const;

/**
 * The one state of a paged, searchable admin list, kept in the address's query string so that a
 * refresh, a shared link and the back button keep the admin's place.
 *
 * Every change is a single update of the address: a new search or filter comes with page 1, and
 * whatever is typed but not applied yet (the debounce is still waiting) is applied together with
 * any other change, so a page press while a search is settling pages the new result, never the
 * old one. What is being typed stays in ListSearch (a keystroke does not re-render the list); it
 * reports it through `typed`.
 */
export function useListState<F extends FilterValues = typeof NO_FILTERS>(scope: string, filterValues?: F) {
  const allowed = (filterValues ?? NO_FILTERS) as F;
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readListView(params, scope, allowed), [params, scope, allowed]);
  // the address as of the last render or the last write, whichever is newer: two changes in one
  // tick (a step back and a press) build on each other instead of the older one being lost
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  // the page's path as of the last render shown; a router keeps showing the list while the page a
  // link leads to is still loading, and a write then (a search settling) would pull the admin back
  const location = useLocation();
  const shownPath = useRef(typeof window === 'undefined' ? '' : window.location.pathname);
  useEffect(() => {
    shownPath.current = window.location.pathname;
  }, [location]);
  /** The search field's text while it differs from the search applied (null when it does not). */
  const typed = useRef<string | null>(null);
  // ListSearch is keyed with this: clearing from outside empties the field too
  const [resetKey, setResetKey] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const update = useCallback(
    (change: (current: ListView<F>) => ListView<F>) => {
      if (window.location.pathname !== shownPath.current) return;
      const current = readListView(latest.current, scope, allowed);
      const pending = typed.current === null ? current.search : normaliseSearch(typed.current);
      const base = pending === current.search ? current : { ...current, search: pending, page: 0 };
      const next = writeListView(latest.current, scope, change(base));
      typed.current = null;
      if (next.toString() === latest.current.toString()) return;
      latest.current = next;
      setParams(next, { replace: true });
    },
    [scope, allowed, setParams],
  );

  /** Applies a search (typed text, normalised here) from the first page. */
  const applySearch = useCallback(
    (term: string) => {
      typed.current = null;
      update((current) => {
        const search = normaliseSearch(term);
        return search === current.search ? current : { ...current, search, page: 0 };
      });
    },
    [update],
  );

  /** Sets one filter from the first page. */
  const setFilter = useCallback(
    <K extends keyof F>(name: K, value: string) => {
      const ok = value === '' || allowed[name].includes(value);
      update((current) => ({ ...current, filters: { ...current.filters, [name]: ok ? value : '' }, page: 0 }));
    },
    [allowed, update],
  );

  /** A press on the pager: the page of the result of what is typed now; the focus goes to the heading. */
  const goTo = useCallback(
    (page: number) => {
      update((current) => ({ ...current, page }));
      headingRef.current?.focus();
    },
    [update],
  );

  /** The page shown no longer exists (its last row went): show the last one that does. */
  const stepBack = useCallback((page: number) => update((current) => ({ ...current, page })), [update]);

  /** Empties the search box, the search and every filter. */
  const clear = useCallback(() => {
    typed.current = null;
    update(() => ({ search: '', filters: Object.fromEntries(Object.keys(allowed).map((k) => [k, ''])) as FilterState<F>, page: 0 }));
    setResetKey((key) => key + 1);
  }, [allowed, update]);

  const filtered = view.search !== '' || Object.values(view.filters).some((value) => value !== '');

  return { ...view, filtered, typed, applySearch, setFilter, goTo, stepBack, clear, headingRef, resetKey };
}

export type ListState = ReturnType<typeof useListState>;

/**
 * When the last row of the last page goes (deleted here, or elsewhere), the page the list is on
 * no longer exists: step back to the last one that does.
 */
export function useStepBackPastEnd(total: number | undefined, page: number, stepBack: (page: number) => void, pageSize: number, placeholder: boolean) {
  useEffect(() => {
    if (total === undefined || placeholder) return;
    const last = pageCount(total, pageSize) - 1;
    if (page > last) stepBack(last);
  }, [total, page, stepBack, pageSize, placeholder]);
}
