import { recordQueries, type RecordSource } from '@/admin/kit/record-queries';
import type { AdminPost, AdminPostRow, PostListFilters } from './types';

/*
 * Where the posts' requests come from: what the list and the form read and how the list filters.
 * Free of the app's client, so the backend tests run these very requests against the stand-in.
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

export const postSource: RecordSource<PostListFilters> = {
  table: 'blog_posts',
  listColumns: POST_LIST_SELECT,
  recordColumns: POST_EDIT_SELECT,
  // never the content body
  searchColumns: ['title', 'slug', 'excerpt', 'author'],
  narrow: (query, { status }) => {
    // scheduled: a draft with a time set; a plain draft has none
    if (status === 'scheduled') return query.eq('is_published', false).not('scheduled_at', 'is', null);
    return status ? query.eq('is_published', status === 'published') : query;
  },
};

/** The list (with its count), a page of it and the one post opened, as requests. */
export const postQueries = recordQueries<AdminPostRow, AdminPost, PostListFilters>(postSource);
