import type { BlogUser } from '@/admin/kit/session/auth-context';
import type { PostPreviewData } from '@/shared/preview/preview-store';
import { buildPostPayload } from './post-payload';
import type { PostFormValues } from './post-schema';
import type { AdminPost } from './types';

/*
 * The post form's values as the row its public page renders ('Преглед'), made the way a save makes
 * its row (buildPostPayload), so the preview shows what saving would publish: the trimmed texts,
 * the parsed tags, the author's name defaulted to the signed-in user's.
 */
export function postPreviewData(
  values: PostFormValues,
  context: { post: Pick<AdminPost, 'id' | 'created_at' | 'updated_at' | 'is_published' | 'published_at'> | null; signedIn: BlogUser | null; now: Date },
): PostPreviewData {
  const { post, signedIn, now } = context;
  const row = buildPostPayload(values, { existing: post, signedIn, now });
  const stamp = now.toISOString();
  return {
    id: post?.id ?? 'preview',
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    featured_image: row.featured_image,
    featured_image_alt: row.featured_image_alt,
    category: row.category,
    author: row.author,
    content: row.content,
    tags: row.tags,
    // a post not published yet shows the day it will be: its scheduled time, else now
    published_at: row.published_at ?? row.scheduled_at ?? stamp,
    created_at: post?.created_at ?? stamp,
    updated_at: post?.updated_at ?? stamp,
  };
}
