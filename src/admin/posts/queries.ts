import { recordQueries, type RecordSource } from '@/admin/kit/records/record-queries';
import type { AdminPost, AdminPostRow, PostListFilters } from './types';

/*
 * Where the posts' requests come from: what the list and the form read and how the list filters.
 * Free of the app's client, so the backend tests run these very requests against the stand-in.
 */

/**
 * Who on the staff a post belongs to, in the same request as the post: its row of
 * blog_post_staff (admins only, through the key blog_posts.id) and that row's blog user.
 */
const POST_STAFF = 'staff:blog_post_staff(created_by, owner:blog_users(full_name, username))';

/** What a list card shows, never the content, plus the name of the post's blog user. */
export const POST_LIST_SELECT =
  'id, title, excerpt, featured_image, category, author, is_published, published_at, scheduled_at, created_at, updated_at, staff:blog_post_staff(owner:blog_users(full_name, username))' as const;

/** Every column the post form needs, and its blog user: read for the one post opened for editing. */
export const POST_EDIT_SELECT = `*, ${POST_STAFF}` as const;

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
