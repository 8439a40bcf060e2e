import { Link } from 'react-router-dom';
import { buttonClasses } from '@/shared/ui/button';
import { pagerItems } from '@/site/pages/blog/listing';

export interface PagerProps {
  /** The page shown, from 1. */
  page: number;
  /** How many pages the list has. */
  pages: number;
  /** The address of a page of the same list. */
  href: (page: number) => string;
}

const linkClasses = (current = false) =>
  buttonClasses({ variant: current ? 'default' : 'outline', size: 'sm', className: 'min-w-9' });

/**
 * The listing's pager: 'Предишна', numbered pages (with '…' for long runs) and 'Следваща'. Real
 * links, so visitors without scripts and crawlers follow them; the current page is marked
 * aria-current="page".
 */
export function Pager({ page, pages, href }: PagerProps) {
  return (
    <nav aria-label="Страници" className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} rel="prev" className={linkClasses()}>
              <span aria-hidden="true">‹</span> Предишна
            </Link>
          </li>
        ) : null}
        {pagerItems(page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-600">
              …
            </li>
          ) : (
            <li key={n}>
              <Link to={href(n)} aria-label={`Страница ${n}`} aria-current={n === page ? 'page' : undefined} className={linkClasses(n === page)}>
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pages ? (
          <li>
            <Link to={href(page + 1)} rel="next" className={linkClasses()}>
              Следваща <span aria-hidden="true">›</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
