/*
 * Pure helpers only the listing uses: categories from a list of posts, the search filter and the
 * pager's numbers. Imported by the listing alone, so they travel in its chunk; kept free of React
 * and Supabase so they are unit-tested directly.
 */
import { TOP_CATEGORIES } from './logic';
import type { CategoryCount } from './types';

/**
 * Counts posts per category and returns the `limit` largest, most first; ties by name (Bulgarian
 * collation). Posts without a category (null or blank) are not counted.
 */
export function topCategories(posts: readonly { category: string | null }[], limit: number = TOP_CATEGORIES): CategoryCount[] {
  const counts = new Map<string, number>();
  for (const post of posts) {
    const name = post.category?.trim();
    if (!name) continue;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'bg'))
    .slice(0, Math.max(0, limit));
}

/** Columns the listing's search matches. */
const SEARCH_COLUMNS = ['title', 'content', 'excerpt'] as const;

/**
 * The PostgREST `or` filter for a case-insensitive substring search of `term` in title, content or
 * excerpt: `title.ilike."*term*",content.ilike."*term*",excerpt.ilike."*term*"`.
 * LIKE wildcards the visitor types (% and _) are escaped so they match literally, and the value is
 * double-quoted (with \ and " escaped) so commas, dots and parentheses cannot break the filter.
 */
export function searchOrFilter(term: string): string {
  const like = term.trim().replace(/[\\%_]/g, (c) => `\\${c}`);
  const quoted = `"*${like.replace(/[\\"]/g, (c) => `\\${c}`)}*"`;
  return SEARCH_COLUMNS.map((column) => `${column}.ilike.${quoted}`).join(',');
}

/**
 * The pages the pager links to, in order, with null for a run of pages left out ('…'): always the
 * first and the last page and the pages around the current one. A gap of a single page shows
 * that page rather than an ellipsis standing for one number.
 *   pagerItems(1, 3)   → [1, 2, 3]
 *   pagerItems(6, 20)  → [1, null, 5, 6, 7, null, 20]
 *   pagerItems(3, 20)  → [1, 2, 3, 4, null, 20]
 */
export function pagerItems(current: number, last: number): (number | null)[] {
  const shown = [...new Set([1, current - 1, current, current + 1, last])]
    .filter((n) => n >= 1 && n <= last)
    .sort((a, b) => a - b);
  const items: (number | null)[] = [];
  let previous = 0;
  for (const n of shown) {
    if (n - previous === 2) items.push(n - 1);
    else if (n - previous > 2) items.push(null);
    items.push(n);
    previous = n;
  }
  return items;
}
