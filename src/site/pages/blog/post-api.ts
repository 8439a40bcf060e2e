/*
 * The post page's queries: the post itself and the sidebar's recent posts and category counts.
 * See api.ts for the request budget, the prerendering rule and the fallbacks.
 */
import { useQuery } from '@tanstack/react-query';
import { sampleBlogCategories, sampleBlogPostFor, sampleRecentPosts } from '@/site/content/sample-blog';
import { withSampleFallback, type MaybeSample } from '@/site/data/fallback';
import { getPublicDb } from '@/shared/db/public-db';
import { blogKeys, fallsBackToSample, fetchCategoryCountRows, SUMMARY_COLUMNS } from './api';
import { TOP_CATEGORIES } from './logic';
import type { BlogPost, CategoryCount, RecentPost } from './types';

const POST_COLUMNS = `${SUMMARY_COLUMNS},content,tags,updated_at,meta_title,meta_description,share_image,share_image_alt` as const;
const RECENT_COLUMNS = 'id,title,slug,featured_image,published_at,created_at,category';

/** How many posts the 'Последни публикации' sidebar lists. */
export const RECENT_LIMIT = 5;

/** Left out of prerendered pages (src/site/entry-server.tsx): filled in by the browser. */
const NOT_PRERENDERED = { prerender: false };

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
      return data ?? null;
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
      return data ?? [];
    },
    sampleRecentPosts,
    { onAnyError: true, label: 'recent posts' },
  );
}

export function useRecentPosts() {
  return useQuery({ queryKey: blogKeys.recent(), queryFn: fetchRecentPosts, meta: NOT_PRERENDERED });
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
  return useQuery({ queryKey: blogKeys.categoryCounts(), queryFn: fetchCategoryCounts, meta: NOT_PRERENDERED });
}
