import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { adminKeys, changedRows, invalidatePublic } from '../api';
import { togglePublishPatch } from './post-form';
import type { AdminPost, PostPayload } from './types';

/** Every column plus the author's blog user, in the same request (FK blog_posts.created_by). */
export const POST_LIST_SELECT = '*, blog_users(full_name, username)';

export async function fetchAdminPosts(): Promise<AdminPost[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('blog_posts').select(POST_LIST_SELECT).order('created_at', { ascending: false });
  if (error) throw error;
  return (data ?? []) as AdminPost[];
}

export function useAdminPosts() {
  return useQuery({ queryKey: adminKeys.posts, queryFn: fetchAdminPosts });
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
    void queryClient.invalidateQueries({ queryKey: adminKeys.posts });
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
  return useMutation({ mutationFn: (post: AdminPost) => togglePostPublished(post), onSuccess: invalidate });
}
