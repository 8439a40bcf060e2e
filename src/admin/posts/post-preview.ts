import { previewRow } from '@/admin/kit/forms/preview-row';
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
const POST_SHOWN = ['title', 'slug', 'excerpt', 'featured_image', 'featured_image_alt', 'category', 'author', 'content', 'tags'] as const;

export function postPreviewData(
  values: PostFormValues,
  context: { post: Pick<AdminPost, 'id' | 'created_at' | 'updated_at' | 'is_published' | 'published_at'> | null; signedIn: BlogUser | null; now: Date },
): PostPreviewData {
  const { post, signedIn, now } = context;
  const row = buildPostPayload(values, { existing: post, signedIn, now });
  return {
    ...previewRow(row, POST_SHOWN, post, now),
    // a post not published yet shows the day it will be: its scheduled time, else now
    published_at: row.published_at ?? row.scheduled_at ?? now.toISOString(),
  };
}
