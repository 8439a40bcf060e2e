/*
 * Pure helpers of the blog both pages use: category counts, reading time, dates and the listing's
 * addresses (a post's and a category's own are src/shared/config/addresses.ts).
 * Kept free of React and Supabase so they are unit-tested directly. What only the listing needs
 * is in listing.ts, so the post page does not download it.
 */
import { categoryPath } from '@/shared/config/addresses';
import type { CategoryCount } from './types';

/** How many categories the sidebar shows: those with the most posts. */
export const TOP_CATEGORIES = 5;

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

/** The date a post shows: published, else created. */
export function postDate(post: { published_at: string | null; created_at: string }): string {
  return post.published_at || post.created_at;
}

/** Posts on one page of the listing. */
export const BLOG_PAGE_SIZE = 12;

/**
 * The address of a listing page. Lists are paths, so a static host serves each page as a file:
 * /blog, /blog/page/2, /blog/category/{name}, /blog/category/{name}/page/2. A search is not
 * prerendered and keeps its term and page in the query: /blog?q=term&page=2, or
 * /blog/category/{name}?q=term. Page 1 never carries a number.
 */
export function blogListPath({ category, q, page = 1 }: { category?: string | null; q?: string | null; page?: number } = {}): string {
  const base = category ? categoryPath(category) : '/blog';
  const term = q?.trim();
  if (term) return `${base}?q=${encodeURIComponent(term)}${page > 1 ? `&page=${page}` : ''}`;
  return page > 1 ? `${base}/page/${page}` : base;
}

/** What a listing address asks for: a list page, or a redirect to its proper address. */
export type BlogListAddress =
  | { kind: 'list'; category: string | null; q: string; page: number }
  | { kind: 'redirect'; to: string };

/**
 * Reads a listing address: the route's :category and :page and the query string. Redirected
 * (with replace) to the proper form: the old /blog?category={name}, page 1 written out
 * (/blog/page/1, ?page=1), a page number in the path of a search or in the query of a plain list,
 * and a page that is not a positive integer (0, 02, abc: page 1 of that list).
 */
export function readBlogListAddress(params: { category?: string; page?: string }, search: URLSearchParams): BlogListAddress {
  const q = search.get('q')?.trim() ?? '';
  const oldCategory = params.category === undefined ? search.get('category')?.trim() || null : null;
  const category = params.category ?? oldCategory;
  const rawPage = params.page ?? search.get('page');
  const page = rawPage && /^[1-9]\d{0,5}$/.test(rawPage) ? Number(rawPage) : 1;
  const misplaced = q ? params.page !== undefined : params.page === undefined && rawPage !== null;
  if (oldCategory || (rawPage !== null && page === 1) || misplaced) return { kind: 'redirect', to: blogListPath({ category, q, page }) };
  return { kind: 'list', category, q, page };
}

/** Share links for a post: each opens the network's share dialog with the page URL. */
export function shareUrls(pageUrl: string, title: string) {
  const url = encodeURIComponent(pageUrl);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    twitter: `https://twitter.com/intent/tweet?url=${url}&text=${encodeURIComponent(title)}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
  };
}
