import type { Tables } from '@/shared/db/database.types';

type PostRow = Tables<'blog_posts'>;

/** A published post as the listing shows it (no content: cards never need it). */
export type BlogPostSummary = Pick<
  PostRow,
  'id' | 'title' | 'slug' | 'excerpt' | 'featured_image' | 'featured_image_alt' | 'category' | 'author' | 'published_at' | 'created_at'
>;

/** A published post as its own page shows it; the search-and-share fields go into its head only. */
export type BlogPost = BlogPostSummary &
  Pick<PostRow, 'content' | 'tags' | 'updated_at' | 'meta_title' | 'meta_description' | 'share_image' | 'share_image_alt'>;

/** An entry of the 'Последни публикации' sidebar (its thumbnail is decorative: no alt text read). */
export type RecentPost = Pick<PostRow, 'id' | 'title' | 'slug' | 'featured_image' | 'published_at' | 'created_at' | 'category'>;

/** A category of the sidebar with the number of published posts in it. */
export interface CategoryCount {
  name: string;
  count: number;
}

/** One page of the listing: its category, search term and page number, all in the URL. */
export interface BlogListQuery {
  category: string | null;
  q: string;
  page: number;
}

/** The posts of one listing page and how many posts the whole list has. */
export interface ListedPosts {
  posts: BlogPostSummary[];
  /** Unknown (null) when the page lies past the end of the list. */
  total: number | null;
}
