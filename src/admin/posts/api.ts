import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/shared/db/supabase';
import { adminKeys, changedRows, invalidatePublic } from '@/admin/kit/api';
import { guardedDelete, guardedUpdate, isStaleWrite, type SavedVersion } from '@/admin/kit/concurrency';
import { foundRow, readPage, RECORD_QUERY, type ListPage } from '@/admin/kit/list';
import { togglePublishPatch } from './post-payload';
import { postByIdQuery, postListQuery, postPageQuery } from './queries';
import type { AdminPost, AdminPostRow, PostListFilters, PostPayload } from './types';

export const postKeys = {
  all: adminKeys.posts,
  pages: () => [...adminKeys.posts, 'page'] as const,
  page: (filters: PostListFilters, page: number) => [...postKeys.pages(), filters, page] as const,
  detail: (id: string) => [...adminKeys.posts, 'detail', id] as const,
};

/** One page of posts, newest first, with the number that match the filters. */
export async function fetchAdminPostPage(filters: PostListFilters, page: number): Promise<ListPage<AdminPostRow>> {
  const supabase = await getSupabase();
  return readPage(
    page,
    (from, to) => postPageQuery(supabase, filters, from, to),
    () => postListQuery(supabase, filters, true),
  );
}

export function useAdminPostPage(filters: PostListFilters, page: number) {
  return useQuery({
    queryKey: postKeys.page(filters, page),
    queryFn: () => fetchAdminPostPage(filters, page),
    placeholderData: keepPreviousData,
  });
}

/** The post opened for editing, read anew by id with every column the form needs. */
export async function fetchAdminPost(id: string): Promise<AdminPost> {
  const supabase = await getSupabase();
  return foundRow(await postByIdQuery(supabase, id));
}

/** Read each time the form opens (never an old copy): forgotten as soon as the form closes. */
export function useAdminPost(id: string) {
  return useQuery({ queryKey: postKeys.detail(id), queryFn: () => fetchAdminPost(id), ...RECORD_QUERY });
}

export interface SavePostInput {
  /** The post to update; absent for a new one. */
  id?: string;
  /** The updated_at the form loaded (or got back from its last save): the update's guard. */
  expectedUpdatedAt?: string;
  payload: PostPayload;
}

/**
 * Inserts (no id) or updates (id) a post; resolves to its id and new updated_at. An update is
 * guarded by the version the form loaded (see ../kit/concurrency.ts): EditConflictError when someone
 * else saved it meanwhile.
 */
export async function savePost({ id, expectedUpdatedAt, payload }: SavePostInput): Promise<SavedVersion> {
  const supabase = await getSupabase();
  if (id) {
    if (!expectedUpdatedAt) throw new Error('savePost: an update needs the loaded updated_at');
    return guardedUpdate(supabase, 'blog_posts', id, payload, expectedUpdatedAt);
  }
  const { data, error } = await supabase.from('blog_posts').insert(payload).select('id, updated_at');
  if (error) throw error;
  return changedRows(data)[0];
}

/** Deletes a post if it is still the version `expectedUpdatedAt` (EditConflictError otherwise). */
export async function deletePost({ id, expectedUpdatedAt }: { id: string; expectedUpdatedAt: string }): Promise<void> {
  const supabase = await getSupabase();
  await guardedDelete(supabase, 'blog_posts', id, expectedUpdatedAt);
}

/** Publishes or hides a post (hiding keeps published_at), guarded by the list row's updated_at; resolves to the new is_published. */
export async function togglePostPublished(
  post: Pick<AdminPost, 'id' | 'is_published' | 'published_at' | 'updated_at'>,
  now = new Date(),
): Promise<boolean> {
  const supabase = await getSupabase();
  const patch = togglePublishPatch(post, now);
  await guardedUpdate(supabase, 'blog_posts', post.id, patch, post.updated_at);
  return patch.is_published;
}

function useInvalidatePosts() {
  const queryClient = useQueryClient();
  return () => {
    // the list's pages (the one shown refetches); the form's copy is read anew whenever it opens
    void queryClient.invalidateQueries({ queryKey: postKeys.pages() });
    invalidatePublic(queryClient, 'blog');
  };
}

export function useSavePost() {
  const invalidate = useInvalidatePosts();
  return useMutation({ mutationFn: savePost, onSuccess: invalidate });
}

export function useDeletePost() {
  const invalidate = useInvalidatePosts();
  // a row changed or deleted meanwhile: the list shows what is stored now
  return useMutation({ mutationFn: deletePost, onSuccess: invalidate, onError: (error) => isStaleWrite(error) && invalidate() });
}

export function useTogglePublish() {
  const invalidate = useInvalidatePosts();
  return useMutation({
    mutationFn: (post: AdminPostRow) => togglePostPublished(post),
    onSuccess: invalidate,
    onError: (error) => isStaleWrite(error) && invalidate(),
  });
}
