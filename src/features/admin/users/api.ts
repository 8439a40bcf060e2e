import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { adminKeys, changedRows } from '../api';
import type { AdminBlogUser, AuthorOption, BlogUserPayload } from './types';

/** The columns the list shows (blog_users.password is write-only: it is always empty when read). */
export const USER_LIST_COLUMNS = 'id, username, full_name, email, is_active, created_at';
export const AUTHOR_COLUMNS = 'id, username, full_name, is_active';

export async function fetchBlogUsers(): Promise<AdminBlogUser[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('blog_users').select(USER_LIST_COLUMNS).order('created_at', { ascending: false });
  if (error) throw error;
  return (data ?? []) as AdminBlogUser[];
}

export function useBlogUsers() {
  return useQuery({ queryKey: adminKeys.users, queryFn: fetchBlogUsers });
}

/** The post form's author picker: active users only. */
export async function fetchActiveBlogUsers(): Promise<AuthorOption[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('blog_users').select(AUTHOR_COLUMNS).eq('is_active', true).order('username');
  if (error) throw error;
  return (data ?? []) as AuthorOption[];
}

export function useActiveBlogUsers() {
  return useQuery({ queryKey: adminKeys.activeUsers, queryFn: fetchActiveBlogUsers });
}

export async function saveBlogUser({ id, payload }: { id?: string; payload: BlogUserPayload }): Promise<AdminBlogUser> {
  const supabase = await getSupabase();
  const query = id
    ? supabase.from('blog_users').update(payload).eq('id', id).select(USER_LIST_COLUMNS)
    : supabase.from('blog_users').insert(payload).select(USER_LIST_COLUMNS);
  const { data, error } = await query;
  if (error) throw error;
  return changedRows(data as AdminBlogUser[] | null)[0];
}

export async function setBlogUserActive({ id, active }: { id: string; active: boolean }): Promise<boolean> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('blog_users').update({ is_active: active }).eq('id', id).select('id');
  if (error) throw error;
  changedRows(data);
  return active;
}

export async function deleteBlogUser(id: string): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('blog_users').delete().eq('id', id).select('id');
  if (error) throw error;
  changedRows(data);
}

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => {
    // the users list, the author picker, and the post list (it shows each post's user)
    void queryClient.invalidateQueries({ queryKey: adminKeys.users });
    void queryClient.invalidateQueries({ queryKey: adminKeys.posts });
  };
}

export function useSaveBlogUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: saveBlogUser, onSuccess: invalidate });
}

export function useSetBlogUserActive() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: setBlogUserActive, onSuccess: invalidate });
}

export function useDeleteBlogUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: deleteBlogUser, onSuccess: invalidate });
}
