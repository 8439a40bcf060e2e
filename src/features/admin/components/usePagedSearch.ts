import { useCallback, useEffect, useRef, useState } from 'react';
import { pageCount } from './Pagination';

/**
 * The state of a paged, searchable admin list: the search applied (what ListSearch hands over,
 * normalised), the page (back to the first whenever the search changes), and a heading to move
 * the focus to when the page changes. What is being typed stays inside ListSearch, so a keystroke
 * does not re-render the list.
 */
export function usePagedSearch() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  // ListSearch is keyed with this: clearing from outside empties the field too
  const [resetKey, setResetKey] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  /** Applies a search (already normalised) and starts again at the first page. */
  const apply = useCallback((term: string) => {
    setSearch(term);
    setPage(0);
  }, []);

  /** Empties the search box and the applied search. */
  const clear = useCallback(() => {
    setSearch('');
    setPage(0);
    setResetKey((key) => key + 1);
  }, []);

  const goTo = useCallback((next: number) => {
    setPage(next);
    headingRef.current?.focus();
  }, []);

  return { search, page, setPage, apply, clear, goTo, headingRef, resetKey };
}

export type PagedSearch = ReturnType<typeof usePagedSearch>;

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
