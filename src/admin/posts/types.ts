import type { Tables, TablesInsert } from '@/shared/db/database.types';

/** The names of a post's blog user, as the list and the author picker show them. */
export type PostOwner = Pick<Tables<'blog_users'>, 'full_name' | 'username'>;

/**
 * Who on the staff a post belongs to: its row of public.blog_post_staff (admins only; visitors
 * never see a staff id), embedded in the same request as the post, with that blog user's names.
 */
export interface PostStaff {
  /** The blog user the post belongs to ('Автор (потребител)'). */
  created_by: string | null;
  owner: PostOwner | null;
}

/** A blog post as the edit form loads it (by id): every column plus who on the staff it belongs to. */
export type AdminPost = Tables<'blog_posts'> & { staff: PostStaff | null };

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
> & { staff: Pick<PostStaff, 'owner'> | null };

/** The posts list's status filter; '' means all. */
export type PostStatusFilter = '' | 'published' | 'draft' | 'scheduled';

export interface PostListFilters {
  search: string;
  status: PostStatusFilter;
}

/**
 * What the post form writes: every column of the post it edits, none the database keeps, and the
 * blog user the post belongs to (written to blog_post_staff when it changes, see ./api).
 */
export type PostPayload = Required<Omit<TablesInsert<'blog_posts'>, 'id' | 'created_at' | 'updated_at'>> & { created_by: string | null };
