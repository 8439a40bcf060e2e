import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { adminKeys, changedRows, invalidatePublic } from '../api';
import { foundRow, readPage, type ListPage } from '../list';
import { togglePublishPatch } from './post-form';
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
  return readPage<AdminPostRow>(
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
  return foundRow<AdminPost>(await postByIdQuery(supabase, id));
}

/** Read each time the form opens (never an old copy): forgotten as soon as the form closes. */
export function useAdminPost(id: string) {
  return useQuery({ queryKey: postKeys.detail(id), queryFn: () => fetchAdminPost(id), staleTime: 0, gcTime: 0 });
}

/** Inserts (no id) or updates (id) a post; resolves to its id. */
export async function savePost({ id, payload }: { id?: string; payload: PostPayload }): Promise<string> {
  const supabase = await getSupabase();
  if (id) {
    const { data, error } = await supabase.from('blog_posts').update(payload).eq('id', id).select('id');
    if (error) throw error;
    return (changedRows(data)[0] as { id: string }).id;
  }
  const { data, error } = await supabase.from('blog_posts').insert(payload).select('id');
  if (error) throw error;
  return (changedRows(data)[0] as { id: string }).id;
}

export async function deletePost(id: string): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('blog_posts').delete().eq('id', id).select('id');
  if (error) throw error;
  changedRows(data);
}

/** Publishes or hides a post (spec section 4); resolves to the new is_published. */
export async function togglePostPublished(post: Pick<AdminPost, 'id' | 'is_published' | 'published_at'>, now = new Date()): Promise<boolean> {
  const supabase = await getSupabase();
  const patch = togglePublishPatch(post, now);
  const { data, error } = await supabase.from('blog_posts').update(patch).eq('id', post.id).select('id');
  if (error) throw error;
  changedRows(data);
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
  return useMutation({ mutationFn: deletePost, onSuccess: invalidate });
}

export function useTogglePublish() {
  const invalidate = useInvalidatePosts();
  return useMutation({ mutationFn: (post: AdminPostRow) => togglePostPublished(post), onSuccess: invalidate });
}
