/*
 * The listing's queries (see api.ts for the rules they share): one page of published posts with
 * the list's total, and the category names for the filter links. Imported by the listing page
 * only, so they travel in its chunk and the post page never downloads them.
 */
import { useQuery } from '@tanstack/react-query';
import { sampleBlogPosts } from '@/site/content/sample-blog';
import { withSampleFallback, type MaybeSample } from '@/site/data/fallback';
import { getPublicDb } from '@/shared/db/public-db';
import { blogKeys, fallsBackToSample, fetchCategoryCountRows, SUMMARY_COLUMNS } from './api';
import { searchOrFilter } from './listing';
import { BLOG_PAGE_SIZE } from './logic';
import type { BlogListQuery, BlogPostSummary, ListedPosts } from './types';

/** Enough categories for the listing's filter links. */
const ALL_CATEGORIES = 100;

/**
 * One page of published posts, newest first (ties by id, so pages never share or skip a post),
 * optionally in one category and matching a search term, with the number of posts in the whole
 * list (count=exact). A page past the end has no posts; PostgREST answers it with 416 (PGRST103).
 */
export async function fetchPublishedPosts({ category, q, page }: BlogListQuery): Promise<MaybeSample<ListedPosts>> {
  const from = (page - 1) * BLOG_PAGE_SIZE;
  // Errors that are not sample cases leave the fallback helper as a value and are thrown after it.
  const result = await withSampleFallback(
    async () => {
      const db = await getPublicDb();
      let query = db
        .from('blog_posts')
        .select(SUMMARY_COLUMNS, { count: 'exact' })
        .eq('is_published', true)
        .order('published_at', { ascending: false })
        .order('id', { ascending: false });
      if (category) query = query.eq('category', category);
      if (q.trim()) query = query.or(searchOrFilter(q));
      const { data, error, count, status } = await query.range(from, from + BLOG_PAGE_SIZE - 1).retry(false);
      if (error?.code === 'PGRST103') return { posts: [], total: null, error: null };
      if (error && fallsBackToSample(error, status)) throw error;
      const posts: BlogPostSummary[] = data ?? [];
      return { posts, total: count ?? from + posts.length, error };
    },
    () => {
      const posts = sampleBlogPosts();
      return { posts: posts.slice(from, from + BLOG_PAGE_SIZE), total: posts.length, error: null };
    },
    { onAnyError: true, label: 'blog listing' },
  );
  const { error, ...listed } = result.data;
  if (error) {
    console.error('[blog] the listing query failed', error);
    throw error;
  }
  return { data: listed, isSample: result.isSample, error: result.error };
}

export function usePublishedPosts(query: BlogListQuery) {
  return useQuery({ queryKey: blogKeys.list(query), queryFn: () => fetchPublishedPosts(query) });
}

/** Names of the categories that have published posts (for the listing's filter links). */
export async function fetchCategoryNames(): Promise<string[]> {
  const counts = await fetchCategoryCountRows(ALL_CATEGORIES);
  return counts.map((c) => c.name).sort((a, b) => a.localeCompare(b, 'bg'));
}

export function useCategoryNames() {
  return useQuery({ queryKey: blogKeys.categoryNames(), queryFn: fetchCategoryNames });
}
