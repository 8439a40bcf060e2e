import type { BlogUser } from '@/admin/kit/session/auth-context';
import { seoPayload } from '@/admin/kit/forms/seo';
import type { PostFormValues } from './post-schema';
import { parseTags } from './tags';
import { scheduledAtOf } from './schedule';
import type { AdminPost, PostPayload } from './types';

/*
 * What a post's save and the list's publish toggle write, free of React so
 * they are tested on their own. The form's rules live in ./post-schema.
 */

const orNull = (text: string) => (text.trim() ? text.trim() : null);

/**
 * What a save sends. Empty created_by defaults to the signed-in blog user and an empty author to
 * that user's name; published_at is set to now when the post becomes published, kept while it
 * stays published, and kept (not cleared) when it is unpublished.
 */
export function buildPostPayload(
  values: PostFormValues,
  context: { existing?: Pick<AdminPost, 'is_published' | 'published_at'> | null; signedIn: BlogUser | null; now: Date },
): PostPayload {
  const { existing, signedIn, now } = context;
  let publishedAt: string | null = existing?.published_at ?? null;
  if (values.is_published && !(existing?.is_published && existing.published_at)) publishedAt = now.toISOString();
  return {
    title: values.title.trim(),
    slug: values.slug.trim(),
    content: values.content,
    excerpt: orNull(values.excerpt),
    featured_image: orNull(values.featured_image),
    // the alt text goes with its image: none without one
    featured_image_alt: values.featured_image.trim() ? values.featured_image_alt.trim() : '',
    author: values.author.trim() || displayNameOf(signedIn),
    is_published: values.is_published,
    category: orNull(values.category),
    tags: parseTags(values.tags),
    published_at: publishedAt,
    created_by: values.created_by.trim() || signedIn?.id || null,
    // a draft publishes itself then; publishing now drops it (the database does too)
    scheduled_at: scheduledAtOf(values),
    // '' and null mean "the title, the excerpt, the main image" to the public pages
    ...seoPayload(values),
  };
}

export { displayNameOf, togglePublishPatch } from './post-row';
import { displayNameOf } from './post-row';
