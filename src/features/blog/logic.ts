/*
 * Pure helpers of the blog: category counting, reading time, the search filter and URLs.
 * Kept free of React and Supabase so they are unit-tested directly.
 */
import type { CategoryCount } from './types';

/** How many categories the sidebar shows (spec section 9: top 5). */
export const TOP_CATEGORIES = 5;

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

/**
 * Normalises the rows of the SQL function blog_category_counts: PostgREST may send a bigint count
 * as a number or a string; rows without a usable name are dropped.
 */
export function normalizeCategoryCounts(rows: unknown): CategoryCount[] {
  if (!Array.isArray(rows)) return [];
  const out: CategoryCount[] = [];
  for (const row of rows) {
    if (!row || typeof row !== 'object') continue;
    const { name, count } = row as { name?: unknown; count?: unknown };
    const trimmed = typeof name === 'string' ? name.trim() : '';
    const n = typeof count === 'number' ? count : typeof count === 'string' ? Number(count) : NaN;
    if (!trimmed || !Number.isFinite(n)) continue;
    out.push({ name: trimmed, count: n });
  }
  return out;
}

/** Reading speed used for the estimate beside the post date. */
export const WORDS_PER_MINUTE = 200;

/** Number of words in a markdown text: runs of letters or digits (markup and URLs' punctuation ignored). */
export function countWords(text: string): number {
  const withoutUrls = text.replace(/\]\([^)]*\)/g, ']').replace(/https?:\/\/\S+/g, ' ');
  return withoutUrls.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/** Estimated reading time in whole minutes: words / 200 rounded up, at least 1. */
export function readingMinutes(text: string): number {
  return Math.max(1, Math.ceil(countWords(text) / WORDS_PER_MINUTE));
}

/** The label shown beside the date: '3 мин. четене'. */
export function readingTimeLabel(text: string): string {
  return `${readingMinutes(text)} мин. четене`;
}

/** Columns the listing searches (spec section 7: title, content or excerpt). */
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

/** The date a post shows: published, else created. */
export function postDate(post: { published_at: string | null; created_at: string }): string {
  return post.published_at || post.created_at;
}

/** /blog, /blog?category=..., /blog?q=... or both (spaces as %20, so the URL reads well when shared). */
export function blogListPath(filters: { category?: string | null; q?: string | null } = {}): string {
  const parts: string[] = [];
  if (filters.category) parts.push(`category=${encodeURIComponent(filters.category)}`);
  const q = filters.q?.trim();
  if (q) parts.push(`q=${encodeURIComponent(q)}`);
  return parts.length ? `/blog?${parts.join('&')}` : '/blog';
}

export const postPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

/** Share links for a post: each opens the network's share dialog with the page URL. */
export function shareUrls(pageUrl: string, title: string) {
  const url = encodeURIComponent(pageUrl);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    twitter: `https://twitter.com/intent/tweet?url=${url}&text=${encodeURIComponent(title)}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
  };
}
