import type { SupabaseClient } from '@/shared/db/supabase';
import { searchFilter } from '@/admin/kit/search';
import type { PostListFilters } from './types';

/*
 * The posts list's requests, apart from the app's client so that the backend tests run them
 * against the stand-in as they are.
 */

/**
 * What a list card shows, never the content, plus the author's blog user in the
 * same request (FK blog_posts.created_by).
 */
export const POST_LIST_SELECT =
  'id, title, excerpt, featured_image, category, author, is_published, published_at, scheduled_at, created_at, updated_at, blog_users(full_name, username)' as const;

/** Every column the post form needs: read for the one post opened for editing. */
export const POST_EDIT_SELECT =
  'id, title, slug, content, excerpt, featured_image, featured_image_alt, meta_title, meta_description, share_image, share_image_alt, category, author, tags, is_published, published_at, scheduled_at, created_at, updated_at, created_by, blog_users(full_name, username)' as const;

/** Where the list's search looks: never the content body. */
export const POST_SEARCH_COLUMNS = ['title', 'slug', 'excerpt', 'author'] as const;

/** The filtered posts with an exact count; `head` asks for the count alone. */
export function postListQuery(supabase: SupabaseClient, filters: PostListFilters, head = false) {
  // a HEAD request carries no rows, whatever it selects: one select keeps the rows' type
  let query = supabase.from('blog_posts').select(POST_LIST_SELECT, { count: 'exact', head });
  // scheduled: a draft with a time set; a plain draft has none
  if (filters.status === 'scheduled') query = query.eq('is_published', false).not('scheduled_at', 'is', null);
  else if (filters.status) query = query.eq('is_published', filters.status === 'published');
  const search = searchFilter(filters.search, POST_SEARCH_COLUMNS);
  if (search) query = query.or(search);
  return query;
}

/** Rows from..to (inclusive) of the filtered posts, newest first. */
export function postPageQuery(supabase: SupabaseClient, filters: PostListFilters, from: number, to: number) {
  return postListQuery(supabase, filters)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .range(from, to);
}

/** The one post opened for editing, with every column the form needs (null when it is gone). */
export function postByIdQuery(supabase: SupabaseClient, id: string) {
  return supabase.from('blog_posts').select(POST_EDIT_SELECT).eq('id', id).maybeSingle();
}
