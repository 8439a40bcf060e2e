import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';

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

/** 'Предишна' / 'Следваща' with 'Страница 2 от 5 (26–50 от 112)'. Renders nothing for one page. */
export function Pagination({ page, pageSize, total, onPageChange, label, busy }: PaginationProps) {
  const pages = pageCount(total, pageSize);
  if (total <= pageSize) return null;
  const first = page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
      <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 0 || busy}>
        <ChevronLeft aria-hidden="true" />
        Предишна{' '}
        <span className="sr-only">страница</span>
      </Button>
      <p className="text-sm text-slate-700" aria-live="polite">
        Страница {page + 1} от {pages}{' '}
        <span className="text-slate-600">
          ({first}–{last} от {total})
        </span>
      </p>
      <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= pages - 1 || busy}>
        Следваща{' '}
        <span className="sr-only">страница</span>
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
