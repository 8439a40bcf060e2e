import { Loading } from '../ui/Loading';
import type { UseQueryResult } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/shared/ui/button';
import { Input } from '@/shared/ui/input';
import { Select } from '@/shared/ui/select';
import { Label } from '@/shared/ui/label';
import { cn } from '@/shared/ui/cn';
import { ADMIN_PAGE_SIZE, type ListPage } from '../data/list';
import { normaliseSearch, SEARCH_MAX_LENGTH } from '../data/search';
import { ErrorCard } from '../ui/ErrorCard';
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

interface ListText {
  /** 'Зареждане на публикации...' */
  loading: string;
  /** The load error, e.g. 'Неуспешно зареждане на публикации.' */
  loadFailed: string;
  /** The empty state of the whole list, e.g. 'Няма публикации'. */
  empty: ReactNode;
  /** Accessible name of the pager, e.g. 'Страници на публикациите'. */
  pages: string;
}

/** The words of a list with a search or filters, whose count stands on a line of its own. */
export interface PagedListText extends ListText {
  /** Nothing matches the search or filters, e.g. 'Няма публикации, които отговарят на търсенето.' */
  noMatch: string;
  /** 'Общо публикации' (the count of the whole list). */
  total: string;
  /** 'Намерени публикации' (the count under a search or filter). */
  found: string;
  /** The button that clears the search, e.g. 'Изчисти търсенето'. */
  clear: string;
}

/**
 * The words of a list with neither search nor filters: nothing can fail to match or be cleared.
 * Its count stands in its heading (ListSection's `count`), or on a line of its own when `count`
 * names it (e.g. 'Предстоящи почивни дни').
 */
export interface PlainListText extends ListText {
  count?: string;
}

/** What PagedList needs of a list's state: useListState's, or a page kept by the component. */
export type PagedListState = Pick<ListState, 'page' | 'filtered' | 'stepBack' | 'goTo' | 'clear'>;

export interface PagedListProps<T> {
  /** The list's state (useListState): its page, whether it is filtered, how to clear it. */
  list: PagedListState;
  query: UseQueryResult<ListPage<T>>;
  text: PagedListText | PlainListText;
  /** Rows per page (the admin's 20 unless the list is a small part of a page). */
  pageSize?: number;
  /** The rows of the page; `busy` while the next page or search result loads. */
  children: (rows: T[], busy: boolean) => ReactNode;
}

/**
 * One page of an admin list: loading, error with retry, the count (announced politely), the
 * empty state or 'nothing matches' with a way to clear the search, the rows, and the pager.
 * A list with PlainListText shows no count line and no 'nothing matches'.
 */
export function PagedList<T>({ list, query, text, pageSize = ADMIN_PAGE_SIZE, children }: PagedListProps<T>) {
  const { page, filtered } = list;
  useStepBackPastEnd(query.data?.total, page, list.stepBack, pageSize, query.isPlaceholderData);

  if (query.isPending) {
    return (
      <Loading>{text.loading}</Loading>
    );
  }
  if (query.isError) {
    return <ErrorCard message={text.loadFailed} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  const { rows, total } = query.data;
  const busy = query.isPlaceholderData;
  const searchable = 'total' in text ? text : null;
  const counted = 'count' in text && text.count ? text.count : null;
  return (
    <>
      {counted && (
        <p role="status" className="text-sm text-slate-700">
          {total > 0 ? `${counted}: ${total}` : ''}
        </p>
      )}
      {searchable && (
        <div className="flex min-h-9 flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
          {/* the whole list empty says only its empty state */}
          <p role="status">{filtered || total > 0 ? `${filtered ? searchable.found : searchable.total}: ${total}` : ''}</p>
          {filtered && (
            <Button variant="ghost" size="sm" onClick={list.clear}>
              <X aria-hidden="true" />
              {searchable.clear}
            </Button>
          )}
        </div>
      )}
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
          {filtered && searchable ? searchable.noMatch : text.empty}
        </p>
      ) : (
        children(rows, busy)
      )}
      <Pagination page={page} pageSize={pageSize} total={total} onPageChange={list.goTo} label={text.pages} busy={busy} />
    </>
  );
}

export interface ListRowsProps<T extends { id: string }> {
  rows: T[];
  /** While the next page or search result loads (PagedList's `busy`). */
  busy: boolean;
  /** Accessible name of the list, e.g. 'Списък със запитвания'. */
  label: string;
  /** The list's layout, e.g. a grid of columns; one column by default. */
  className?: string;
  /** Rows set closer together, for short rows of text. */
  tight?: boolean;
  /** One row, e.g. its card. */
  children: (row: T) => ReactNode;
}

/** The rows of a page as a named list, one item a row, marked busy while the next page loads. */
export function ListRows<T extends { id: string }>({ rows, busy, label, className, tight = false, children }: ListRowsProps<T>) {
  return (
    <ul className={cn('grid', tight ? 'gap-3' : 'gap-4', className)} aria-label={label} aria-busy={busy}>
      {rows.map((row) => (
        <li key={row.id}>{children(row)}</li>
      ))}
    </ul>
  );
}

export interface ListSectionProps {
  /** The list whose heading this is: the pager moves the focus here (useListState's headingRef). */
  list: ListState;
  /** The heading, e.g. 'Публикации'. */
  title: string;
  /** 2 for a tab's one list; 3 for one of several lists in a tab, set a little tighter. */
  level?: 2 | 3;
  /** How many rows the list has, after the title as '(12)': for a list with no count line (PlainListText). */
  count?: number;
  /** Beside the heading: what the list offers, e.g. 'Нова публикация' or a CSV export. */
  actions?: ReactNode;
  /** The search, the PagedList and anything else the list needs (a dialog). */
  children: ReactNode;
}

/**
 * An admin list as a region named by its heading, with its actions beside the heading. The
 * heading takes the focus after a page press, so a screen reader starts at the top of the new
 * page instead of at a pager button.
 */
export function ListSection({ list, title, level = 2, count, actions, children }: ListSectionProps) {
  const uid = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={`${uid}-heading`} className={cn('grid', level === 2 ? 'gap-4' : 'gap-3')}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading
          id={`${uid}-heading`}
          ref={list.headingRef}
          tabIndex={-1}
          className={cn('font-semibold text-slate-900 focus:outline-none', level === 2 ? 'text-xl' : 'text-lg')}
        >
          {title}
          {count !== undefined && (
            <>
              {' '}
              <span className="text-sm font-normal text-slate-600">({count})</span>
            </>
          )}
        </Heading>
        {actions}
      </div>
      {children}
    </section>
  );
}

export interface ListFilterProps {
  /** The filter's label, e.g. 'Статус'. */
  label: string;
  /** The value chosen; '' for "any". */
  value: string;
  /** useListState's setFilter for this filter. */
  onChange: (value: string) => void;
  /** What may be chosen, "any" ('') first, e.g. { value: '', label: 'Всички' }. */
  options: readonly { value: string; label: string }[];
}

/** A labelled choice beside the search (ListSearch's children) that narrows the list. */
export function ListFilter({ label, value, onChange, options }: ListFilterProps) {
  const uid = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={`${uid}-filter`}>{label}</Label>
      <Select id={`${uid}-filter`} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
