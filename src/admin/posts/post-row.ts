import type { AdminPost } from './types';

/* What the posts list shows and writes of a row: free of the form's rules and the SEO fields (post-payload.ts has the save). */

/** The display name a blog user gives a post: full name, else username. */
export function displayNameOf(user: { full_name: string | null; username: string } | null | undefined): string {
  if (!user) return '';
  return user.full_name?.trim() || user.username;
}

/** The toggle of the list: turning on sets published_at to now; turning off keeps it. */
export function togglePublishPatch(
  post: Pick<AdminPost, 'is_published' | 'published_at'>,
  now: Date,
): { is_published: boolean; published_at: string | null } {
  const publish = !post.is_published;
  return { is_published: publish, published_at: publish ? now.toISOString() : post.published_at };
}
