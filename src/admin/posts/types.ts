import type { Tables, TablesInsert } from '@/shared/db/database.types';

/** A blog post as the edit form loads it (by id): every column plus the linked blog user's names. */
// updated_by is the database's record of who saved (revisions read it); the form never needs it
export type AdminPost = Omit<Tables<'blog_posts'>, 'updated_by'> & {
  /** The blog user of created_by, embedded in the same request. */
  blog_users: Pick<Tables<'blog_users'>, 'full_name' | 'username'> | null;
};

/**
 * A post as the list loads it: only what its card shows (never the content) and what the publish
 * toggle needs (updated_at: the version its publish toggle and delete are guarded by).
 */
export type AdminPostRow = Pick<
  AdminPost,
  | 'id'
  | 'title'
  | 'excerpt'
  | 'featured_image'
  | 'category'
  | 'author'
  | 'is_published'
  | 'published_at'
  | 'scheduled_at'
  | 'created_at'
  | 'updated_at'
  | 'blog_users'
>;

/** The posts list's status filter; '' means all. */
export type PostStatusFilter = '' | 'published' | 'draft' | 'scheduled';

export interface PostListFilters {
  search: string;
  status: PostStatusFilter;
}

/** What the post form writes: every column it edits, none the database keeps. */
export type PostPayload = Required<Omit<TablesInsert<'blog_posts'>, 'id' | 'created_at' | 'updated_at' | 'updated_by'>>;
