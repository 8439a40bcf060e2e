import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';

export interface PaginationProps {
  /** Zero-based page shown. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Accessible name of the navigation landmark, e.g. 'Страници на запитванията'. */
  label: string;
  /** Disables the buttons while the next page loads. */
  busy?: boolean;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The page numbers to offer (zero-based), with 'gap' where some are left out: always the first
 * and the last page and the neighbours of the current one, e.g. 1 … 4 5 6 … 100.
 */
export function pageItems(page: number, pages: number): (number | 'gap')[] {
  const wanted = new Set([0, pages - 1, page - 1, page, page + 1].filter((p) => p >= 0 && p < pages));
  // a gap of exactly one page shows that page instead of '…'
  if (wanted.has(2) && pages > 2) wanted.add(1);
  if (wanted.has(pages - 3)) wanted.add(pages - 2);
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) items.push('gap');
    items.push(p);
  });
  return items;
}

/**
 * 'Предишна', the page numbers and 'Следваща', with 'Страница 2 от 5 (26–50 от 112)'. The current
 * page is marked aria-current="page". Renders nothing for one page.
 */
export function Pagination({ page, pageSize, total, onPageChange, label, busy }: PaginationProps) {
  const pages = pageCount(total, pageSize);
  if (total <= pageSize) return null;
  const first = page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <nav aria-label={label} className="grid gap-3 border-t border-slate-200 pt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 0 || busy}>
          <ChevronLeft aria-hidden="true" />
          Предишна{' '}
          <span className="sr-only">страница</span>
        </Button>
        <div className="flex flex-wrap items-center justify-center gap-1">
          {pageItems(page, pages).map((item, i) =>
            item === 'gap' ? (
              <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-600">
                …
              </span>
            ) : (
              <Button
                key={item}
                variant={item === page ? 'default' : 'ghost'}
                size="sm"
                className={cn('min-w-9 px-2', item === page && 'pointer-events-none')}
                aria-label={`Страница ${item + 1}`}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => {
                  if (item !== page) onPageChange(item);
                }}
                disabled={busy && item !== page}
              >
                {item + 1}
              </Button>
            ),
          )}
        </div>
        <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= pages - 1 || busy}>
          Следваща{' '}
          <span className="sr-only">страница</span>
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <p className="text-center text-sm text-slate-700" aria-live="polite">
        Страница {page + 1} от {pages}{' '}
        <span className="text-slate-600">
          ({first}–{last} от {total})
        </span>
      </p>
    </nav>
  );
}
