/** A blog post as the edit form loads it (by id): every column plus the linked blog user's names. */
export interface AdminPost {
  id: string;
  title: string;
  slug: string;
  content: string;
  excerpt: string | null;
  featured_image: string | null;
  category: string | null;
  author: string;
  tags: string[] | null;
  is_published: boolean;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  /** The blog user of created_by, embedded in the same request. */
  blog_users: { full_name: string | null; username: string } | null;
}

/**
 * A post as the list loads it: only what its card shows (never the content) and what the publish
 * toggle needs (updated_at: the version its publish toggle and delete are guarded by).
 */
export type AdminPostRow = Pick<
  AdminPost,
  'id' | 'title' | 'excerpt' | 'featured_image' | 'category' | 'author' | 'is_published' | 'published_at' | 'created_at' | 'updated_at' | 'blog_users'
>;

/** The posts list's status filter; '' means all. */
export type PostStatusFilter = '' | 'published' | 'draft';

export interface PostListFilters {
  search: string;
  status: PostStatusFilter;
}

/** What the post form writes (spec section 7: insert / update by id). */
export interface PostPayload {
  title: string;
  slug: string;
  content: string;
  excerpt: string | null;
  featured_image: string | null;
  author: string;
  is_published: boolean;
  category: string | null;
  tags: string[];
  published_at: string | null;
  created_by: string | null;
}
