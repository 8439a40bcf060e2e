import { defineRecordType } from '@/admin/kit/records/record-type';
import { recordWords } from '@/admin/kit/records/record-words';
import { togglePublishPatch } from './post-row';
import { postSource } from './queries';
import type { AdminPost, AdminPostRow, PostListFilters, PostPayload } from './types';

/*
 * Blog posts. Everything the tab reads and writes comes from this declaration
 * (kit/records/record-type.ts), plus the list's publish/hide switch. The editor's save, with the post's
 * blog user beside it in blog_post_staff, is in save-post.ts: the list's chunk does not carry it.
 */

export const postRecords = defineRecordType<AdminPostRow, AdminPost, PostPayload, PostListFilters>({
  ...postSource,
  name: 'posts',
  // the post's own columns: its blog user is written to blog_post_staff (save-post.ts)
  toRow: ({ created_by: _owner, ...post }) => post,
  // the blog's pages, lists and feeds (['blog', …])
  alsoStale: { publicWords: ['blog'] },
  text: recordWords({
    one: 'публикация',
    theOne: 'публикацията',
    theOneSubject: 'Публикацията',
    many: 'публикации',
    theMany: 'публикациите',
    gender: 'feminine',
    title: 'Публикации',
    searchHint: 'Заглавие, адрес, описание или автор',
    empty: 'Няма публикации',
    logDelete: '[admin] deleting a post failed',
  }),
});

/** Publishes or hides a post (hiding keeps published_at), guarded by the list row's updated_at; resolves to the new is_published. */
export async function togglePostPublished(
  post: Pick<AdminPost, 'id' | 'is_published' | 'published_at' | 'updated_at'>,
  now = new Date(),
): Promise<boolean> {
  const patch = togglePublishPatch(post, now);
  await postRecords.update(post.id, patch, post.updated_at);
  return patch.is_published;
}
