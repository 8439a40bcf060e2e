import type { UseQueryResult } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { Label } from '@/shared/ui/label';
import { Spinner } from '@/shared/ui/spinner';
import { cn } from '@/shared/ui/cn';
import { ADMIN_PAGE_SIZE, type ListPage } from './list';
import { normaliseSearch, SEARCH_MAX_LENGTH } from './search';
import { ErrorCard } from './ErrorCard';
import { Pagination } from './Pagination';
import { SEARCH_DELAY_MS, useStepBackPastEnd, type ListState } from './use-list-state';

export interface ListSearchProps {
  /** The list whose search this is (useListState). */
  list: ListState;
  /** Accessible name of the search landmark, e.g. 'Търсене в публикациите'. */
  name: string;
  /** What the field looks in, shown as its placeholder, e.g. 'Заглавие, адрес, описание или автор'. */
  placeholder: string;
  /** More filters beside the search field (each with its own label). */
  children?: ReactNode;
  className?: string;
}

/**
 * A labelled search field ('Търсене') in a search landmark, with optional filters beside it. The
 * search applies shortly after typing stops, or at once on Enter; any other change of the list
 * (a filter, a page press) applies what is typed first. What is typed stays here, so a keystroke
 * does not re-render the list; clearing the list empties the field.
 */
export function ListSearch(props: ListSearchProps) {
  return <SearchForm key={props.list.resetKey} {...props} />;
}

function SearchForm({ list, name, placeholder, children, className }: ListSearchProps) {
  const uid = useId();
  const { search, typed: pending, applySearch } = list;
  const [typed, setTyped] = useState(search);
  // the search changed from outside (the back button, a link): the field follows it
  const [shown, setShown] = useState(search);
  if (shown !== search) {
    setShown(search);
    if (normaliseSearch(typed) !== search) setTyped(search);
  }

  useEffect(() => {
    const term = normaliseSearch(typed);
    if (term === search) return;
    const timer = window.setTimeout(() => applySearch(term), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed, search, applySearch]);

  // nothing typed is pending once the field is gone (the list swapped for a form)
  useEffect(() => () => void (pending.current = null), [pending]);

  function change(value: string) {
    setTyped(value);
    pending.current = value;
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    applySearch(typed);
  }

  return (
    <form role="search" aria-label={name} onSubmit={submit} className={cn('grid gap-3 rounded-lg border border-slate-200 bg-white p-4', className)}>
      <div className="grid gap-1.5">
        <Label htmlFor={`${uid}-search`}>Търсене</Label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
          <Input
            id={`${uid}-search`}
            type="search"
            value={typed}
            maxLength={SEARCH_MAX_LENGTH}
            onChange={(event) => change(event.target.value)}
            placeholder={placeholder}
            className="pl-9"
          />
        </div>
      </div>
      {children}
      {/* Enter in the search field applies it at once */}
      <button type="submit" className="sr-only">
        Търси
      </button>
    </form>
  );
}

export interface PagedListText {
  /** 'Зареждане на публикации...' */
  loading: string;
  /** The load error, e.g. 'Неуспешно зареждане на публикации.' */
  loadFailed: string;
  /** The spec's empty state of the whole list, e.g. 'Няма публикации'. */
  empty: string;
  /** Nothing matches the search or filters, e.g. 'Няма публикации, които отговарят на търсенето.' */
  noMatch: string;
  /** 'Общо публикации' (the count of the whole list). */
  total: string;
  /** 'Намерени публикации' (the count under a search or filter). */
  found: string;
  /** Accessible name of the pager, e.g. 'Страници на публикациите'. */
  pages: string;
  /** The button that clears the search, e.g. 'Изчисти търсенето'. */
  clear: string;
}

export interface PagedListProps<T> {
  /** The list's state (useListState): its page, whether it is filtered, how to clear it. */
  list: ListState;
  query: UseQueryResult<ListPage<T>>;
  text: PagedListText;
  /** The rows of the page; `busy` while the next page or search result loads. */
  children: (rows: T[], busy: boolean) => ReactNode;
}

/**
 * One page of an admin list: loading, error with retry, the count (announced politely), the
 * empty state or 'nothing matches' with a way to clear the search, the rows, and the pager.
 */
export function PagedList<T>({ list, query, text, children }: PagedListProps<T>) {
  const { page, filtered } = list;
  useStepBackPastEnd(query.data?.total, page, list.stepBack, ADMIN_PAGE_SIZE, query.isPlaceholderData);

  if (query.isPending) {
    return (
      <p className="flex items-center gap-3 py-8 text-slate-700" role="status">
        <Spinner size="sm" label="Зареждане" />
        {text.loading}
      </p>
    );
  }
  if (query.isError) {
    return <ErrorCard message={text.loadFailed} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const { rows, total } = query.data;
  const busy = query.isPlaceholderData;
  return (
    <>
      <div className="flex min-h-9 flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
        {/* the whole list empty says only the spec's empty state */}
        <p role="status">{filtered || total > 0 ? `${filtered ? text.found : text.total}: ${total}` : ''}</p>
        {filtered && (
          <Button variant="ghost" size="sm" onClick={list.clear}>
            <X aria-hidden="true" />
            {text.clear}
          </Button>
        )}
      </div>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">{filtered ? text.noMatch : text.empty}</p>
      ) : (
        children(rows, busy)
      )}
      <Pagination page={page} pageSize={ADMIN_PAGE_SIZE} total={total} onPageChange={list.goTo} label={text.pages} busy={busy} />
    </>
  );
}
