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

/** What the listing is filtered by; both live in the URL (?category=, ?q=). */
export interface BlogListFilters {
  category: string | null;
  q: string;
}
