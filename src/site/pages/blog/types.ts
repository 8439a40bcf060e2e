/** A published post as the listing shows it (no content: cards never need it). */
export interface BlogPostSummary {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  featured_image: string | null;
  category: string | null;
  author: string;
  published_at: string | null;
  created_at: string;
}

/** A published post as its own page shows it. */
export interface BlogPost extends BlogPostSummary {
  content: string;
  tags: string[];
  updated_at: string;
}

/** An entry of the 'Последни публикации' sidebar (spec section 3, derived shapes). */
export interface RecentPost {
  id: string;
  title: string;
  slug: string;
  featured_image: string | null;
  published_at: string | null;
  created_at: string;
  category: string | null;
}

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
