/** A blog post as the admin list loads it: every column plus the linked blog user's names. */
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
