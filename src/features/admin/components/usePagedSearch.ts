import { useCallback, useEffect, useRef, useState } from 'react';
import { normaliseSearch } from '../search';
import { pageCount } from './Pagination';

/** The search applies this long after typing stops (or at once on Enter). */
export const SEARCH_DELAY_MS = 300;

/**
 * The state of a paged, searchable admin list: what is typed, the search applied (debounced,
 * normalised), the page (back to the first whenever the search changes), and a heading to move
 * the focus to when the page changes.
 */
export function usePagedSearch() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const term = normaliseSearch(typed);
    if (term === search) return;
    const timer = window.setTimeout(() => {
      setSearch(term);
      setPage(0);
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed, search]);

  /** Applies what is typed at once (the search form's submit). */
  const submit = useCallback(() => {
    setSearch(normaliseSearch(typed));
    setPage(0);
  }, [typed]);

  /** Empties the search box and the applied search. */
  const clear = useCallback(() => {
    setTyped('');
    setSearch('');
    setPage(0);
  }, []);

  const goTo = useCallback((next: number) => {
    setPage(next);
    headingRef.current?.focus();
  }, []);

  return { typed, setTyped, search, page, setPage, submit, clear, goTo, headingRef };
}

/**
 * When the last row of the last page goes (deleted here, or elsewhere), the page the list is on
 * no longer exists: step back to the last one that does.
 */
export function useStepBackPastEnd(total: number | undefined, page: number, setPage: (page: number) => void, pageSize: number, placeholder: boolean) {
  useEffect(() => {
    if (total === undefined || placeholder) return;
    const last = pageCount(total, pageSize) - 1;
    if (page > last) setPage(last);
  }, [total, page, setPage, pageSize, placeholder]);
}
