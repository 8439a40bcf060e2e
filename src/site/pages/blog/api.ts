/*
 * What the public blog reads from the database, in three modules, so that each page downloads
 * only its own queries: this one (query keys and what both pages share), post-api.ts (the post
 * page and its sidebar) and list-api.ts (the listing). Together the only code of the blog that
 * calls Supabase.
 *
 * Request budget: the post page needs exactly three requests — the post, the five recent
 * posts and the category counts (SQL function blog_category_counts) — never one per category or
 * per post. The listing needs two: one page of posts with their total, and the category names.
 *
 * Prerendering: a post's page must not bake in data about other posts, or every post
 * page would have to be regenerated whenever any post changes. The sidebar's two queries are
 * marked `meta: { prerender: false }`: src/site/entry-server.tsx leaves them out, the static HTML shows
 * their loading state, and the browser fills them in after hydration.
 *
 * Fallbacks, all through the one helper withSampleFallback:
 *   listing  — permission error or no answer at all (a thrown exception, a network failure):
 *              the three sample posts; any other query error is shown as an error.
 *   post     — the same two cases: the sample post; any other error: the not-found view.
 *   sidebar  — any failure: three sample recent posts / five sample categories.
 */
import { isPermissionError } from '@/shared/db/errors';
import { getPublicDb } from '@/shared/db/public-db';
import { normalizeCategoryCounts } from './logic';
import type { BlogListQuery, CategoryCount } from './types';

/** The columns of a post card (no content: cards never need it). */
export const SUMMARY_COLUMNS = 'id,title,slug,excerpt,featured_image,featured_image_alt,category,author,published_at,created_at';

export const blogKeys = {
  all: ['blog'] as const,
  list: (query: BlogListQuery) => ['blog', 'list', query.category ?? '', query.q, query.page] as const,
  categoryNames: () => ['blog', 'category-names'] as const,
  post: (slug: string) => ['blog', 'post', slug] as const,
  recent: () => ['blog', 'recent'] as const,
  categoryCounts: () => ['blog', 'category-counts'] as const,
};

/** A query that did not get an answer from the server: supabase-js reports it with status 0. */
function noAnswer(status: number): boolean {
  return status === 0;
}

/** The error is one for which the blog shows sample data: access refused, or no answer at all. */
export function fallsBackToSample(error: unknown, status: number): boolean {
  return isPermissionError(error) || noAnswer(status);
}

/** Published categories with their counts, most first, at most `limit` (SQL function blog_category_counts). */
export async function fetchCategoryCountRows(limit: number): Promise<CategoryCount[]> {
  const db = await getPublicDb();
  const { data, error } = await db.rpc('blog_category_counts', { max_count: limit }).retry(false);
  if (error) throw error;
  return normalizeCategoryCounts(data);
}
