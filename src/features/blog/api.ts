/*
 * Everything the public blog reads from the database: query keys, query functions and hooks.
 * The only code of the blog that calls Supabase.
 *
 * Request budget (issue 5): the post page needs exactly three requests — the post, the five recent
 * posts and the category counts (SQL function blog_category_counts) — never one per category or
 * per post. The listing needs two: the posts and the category names.
 *
 * Fallbacks (spec sections 4, 6 and 8), all through the one helper withSampleFallback:
 *   listing  — permission error or no answer at all (a thrown exception, a network failure):
 *              the three sample posts; any other query error is shown as an error.
 *   post     — the same two cases: the sample post; any other error: the not-found view.
 *   sidebar  — any failure: three sample recent posts / five sample categories.
 */
import { useQuery } from '@tanstack/react-query';
import {
  sampleBlogCategories,
  sampleBlogPostFor,
  sampleBlogPosts,
  sampleRecentPosts,
} from '@/content/sample-blog';
import { isPermissionError } from '@/lib/errors';
import { withSampleFallback, type MaybeSample } from '@/lib/fallback';
import { getPublicDb } from '@/lib/publicDb';
import { normalizeCategoryCounts, searchOrFilter, TOP_CATEGORIES } from './logic';
import type { BlogListFilters, BlogPost, BlogPostSummary, CategoryCount, RecentPost } from './types';

const SUMMARY_COLUMNS = 'id,title,slug,excerpt,featured_image,category,author,published_at,created_at';
const POST_COLUMNS = `${SUMMARY_COLUMNS},content,tags,updated_at`;
const RECENT_COLUMNS = 'id,title,slug,featured_image,published_at,created_at,category';

/** How many posts the 'Последни публикации' sidebar lists. */
export const RECENT_LIMIT = 5;
/** Enough categories for the listing's filter buttons. */
const ALL_CATEGORIES = 100;

export const blogKeys = {
  all: ['blog'] as const,
  list: (filters: BlogListFilters) => ['blog', 'list', filters.category ?? '', filters.q] as const,
  categoryNames: () => ['blog', 'category-names'] as const,
  post: (slug: string) => ['blog', 'post', slug] as const,
  recent: () => ['blog', 'recent'] as const,
  categoryCounts: () => ['blog', 'category-counts'] as const,
};

/** A query that did not get an answer from the server: supabase-js reports it with status 0. */
function noAnswer(status: number): boolean {
  return status === 0;
}

/** The error is one of the spec's sample-data cases: access refused, or no answer at all. */
function fallsBackToSample(error: unknown, status: number): boolean {
  return isPermissionError(error) || noAnswer(status);
}

// ---- listing ----------------------------------------------------------------------------------

/** Published posts, newest first, optionally in one category and matching a search term. */
export async function fetchPublishedPosts(filters: BlogListFilters): Promise<MaybeSample<BlogPostSummary[]>> {
  // Errors that are not sample cases leave the fallback helper as a value and are thrown after it.
  const result = await withSampleFallback(
    async () => {
      const db = await getPublicDb();
      let query = db
        .from('blog_posts')
        .select(SUMMARY_COLUMNS)
        .eq('is_published', true)
        .order('published_at', { ascending: false });
      if (filters.category) query = query.eq('category', filters.category);
      if (filters.q.trim()) query = query.or(searchOrFilter(filters.q));
      const { data, error, status } = await query.retry(false);
      if (error && fallsBackToSample(error, status)) throw error;
      return { posts: (data ?? []) as BlogPostSummary[], error };
    },
    () => ({ posts: sampleBlogPosts(), error: null }),
    { onAnyError: true, label: 'blog listing' },
  );
  if (result.data.error) {
    console.error('[blog] the listing query failed', result.data.error);
    throw result.data.error;
  }
  return { data: result.data.posts, isSample: result.isSample, error: result.error };
}

export function usePublishedPosts(filters: BlogListFilters) {
  return useQuery({ queryKey: blogKeys.list(filters), queryFn: () => fetchPublishedPosts(filters) });
}

/** Names of the categories that have published posts (for the listing's filter buttons). */
export async function fetchCategoryNames(): Promise<string[]> {
  const counts = await fetchCategoryCountRows(ALL_CATEGORIES);
  return counts.map((c) => c.name).sort((a, b) => a.localeCompare(b, 'bg'));
}

export function useCategoryNames() {
  return useQuery({ queryKey: blogKeys.categoryNames(), queryFn: fetchCategoryNames });
}

// ---- post page --------------------------------------------------------------------------------

/**
 * One published post by slug, or null when there is none (unknown slug, a draft, or a server error
 * other than the sample cases — those show the not-found view).
 */
export async function fetchPublishedPost(slug: string): Promise<MaybeSample<BlogPost | null>> {
  return withSampleFallback(
    async () => {
      const db = await getPublicDb();
      const { data, error, status } = await db
        .from('blog_posts')
        .select(POST_COLUMNS)
        .eq('slug', slug)
        .eq('is_published', true)
        .maybeSingle()
        .retry(false);
      if (error) {
        if (fallsBackToSample(error, status)) throw error;
        console.error(`[blog] could not load the post "${slug}"`, error);
        return null;
      }
      return (data as BlogPost | null) ?? null;
    },
    () => sampleBlogPostFor(slug),
    { onAnyError: true, label: 'blog post' },
  );
}

export function usePublishedPost(slug: string) {
  return useQuery({ queryKey: blogKeys.post(slug), queryFn: () => fetchPublishedPost(slug) });
}

/** The five newest published posts, for the sidebar. Any failure: the three sample posts. */
export async function fetchRecentPosts(): Promise<MaybeSample<RecentPost[]>> {
  return withSampleFallback(
    async () => {
      const db = await getPublicDb();
      const { data, error } = await db
        .from('blog_posts')
        .select(RECENT_COLUMNS)
        .eq('is_published', true)
        .order('published_at', { ascending: false })
        .limit(RECENT_LIMIT)
        .retry(false);
      if (error) throw error;
      return (data ?? []) as RecentPost[];
    },
    sampleRecentPosts,
    { onAnyError: true, label: 'recent posts' },
  );
}

export function useRecentPosts() {
  return useQuery({ queryKey: blogKeys.recent(), queryFn: fetchRecentPosts });
}

async function fetchCategoryCountRows(limit: number): Promise<CategoryCount[]> {
  const db = await getPublicDb();
  const { data, error } = await db.rpc('blog_category_counts', { max_count: limit }).retry(false);
  if (error) throw error;
  return normalizeCategoryCounts(data);
}

/**
 * The top five categories over all published posts with their counts, in one request (the SQL
 * function blog_category_counts). Any failure: the five sample categories.
 */
export async function fetchCategoryCounts(): Promise<MaybeSample<CategoryCount[]>> {
  return withSampleFallback(() => fetchCategoryCountRows(TOP_CATEGORIES), () => [...sampleBlogCategories], {
    onAnyError: true,
    label: 'blog categories',
  });
}

export function useCategoryCounts() {
  return useQuery({ queryKey: blogKeys.categoryCounts(), queryFn: fetchCategoryCounts });
}
