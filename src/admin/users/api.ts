import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/shared/db/supabase';
import { adminKeys, changedRows } from '@/admin/kit/api';
import { explainNoRows, guardedDelete, guardedUpdate, isStaleWrite } from '@/admin/kit/concurrency';
import { foundRow, readPage, RECORD_QUERY, type ListPage } from '@/admin/kit/list';
import { postKeys } from '@/admin/posts/api';
import { searchFilter } from '@/admin/kit/search';
import type { AdminBlogUser, AuthorOption, BlogUserPayload } from './types';

/** The columns the list and the form show (blog_users.password is write-only: it is always empty when read). */
export const USER_LIST_COLUMNS = 'id, username, full_name, email, is_active, created_at, updated_at' as const;
export const AUTHOR_COLUMNS = 'id, username, full_name, is_active' as const;

/** Where the list's search looks. */
export const USER_SEARCH_COLUMNS = ['username', 'full_name', 'email'] as const;

export const userKeys = {
  all: adminKeys.users,
  pages: () => [...adminKeys.users, 'page'] as const,
  page: (search: string, page: number) => [...userKeys.pages(), search, page] as const,
  detail: (id: string) => [...adminKeys.users, 'detail', id] as const,
};

type Supabase = Awaited<ReturnType<typeof getSupabase>>;

function userListQuery(supabase: Supabase, search: string, head = false) {
  const query = supabase.from('blog_users').select(USER_LIST_COLUMNS, { count: 'exact', head });
  const filter = searchFilter(search, USER_SEARCH_COLUMNS);
  return filter ? query.or(filter) : query;
}

/** One page of blog users, newest first, with the number that match the search. */
export async function fetchBlogUserPage(search: string, page: number): Promise<ListPage<AdminBlogUser>> {
  const supabase = await getSupabase();
  return readPage(
    page,
    (from, to) => userListQuery(supabase, search).order('created_at', { ascending: false }).order('id', { ascending: false }).range(from, to),
    () => userListQuery(supabase, search, true),
  );
}

export function useBlogUserPage(search: string, page: number) {
  return useQuery({ queryKey: userKeys.page(search, page), queryFn: () => fetchBlogUserPage(search, page), placeholderData: keepPreviousData });
}

/** The user opened for editing, read anew by id. */
export async function fetchBlogUser(id: string): Promise<AdminBlogUser> {
  const supabase = await getSupabase();
  return foundRow(await supabase.from('blog_users').select(USER_LIST_COLUMNS).eq('id', id).maybeSingle());
}

/** Read each time the form opens (never an old copy): forgotten as soon as the form closes. */
export function useBlogUser(id: string) {
  return useQuery({ queryKey: userKeys.detail(id), queryFn: () => fetchBlogUser(id), ...RECORD_QUERY });
}

/** The post form's author picker: active users only. */
export async function fetchActiveBlogUsers(): Promise<AuthorOption[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('blog_users').select(AUTHOR_COLUMNS).eq('is_active', true).order('username');
  if (error) throw error;
  return data ?? [];
}

export function useActiveBlogUsers() {
  return useQuery({ queryKey: adminKeys.activeUsers, queryFn: fetchActiveBlogUsers });
}

/**
 * Inserts a user, or updates one only if it is still the version the form loaded
 * (`expectedUpdatedAt`, see ../kit/concurrency.ts); resolves to the stored row.
 */
export async function saveBlogUser({ id, expectedUpdatedAt, payload }: { id?: string; expectedUpdatedAt?: string; payload: BlogUserPayload }): Promise<AdminBlogUser> {
  const supabase = await getSupabase();
  if (id) {
    if (!expectedUpdatedAt) throw new Error('saveBlogUser: an update needs the loaded updated_at');
    const { data, error } = await supabase.from('blog_users').update(payload).eq('id', id).eq('updated_at', expectedUpdatedAt).select(USER_LIST_COLUMNS);
    if (error) throw error;
    const [row] = data ?? [];
    if (!row) return explainNoRows(supabase, 'blog_users', id, expectedUpdatedAt);
    return row;
  }
  const { data, error } = await supabase.from('blog_users').insert(payload).select(USER_LIST_COLUMNS);
  if (error) throw error;
  return changedRows(data)[0];
}

/** Activates or deactivates the version of the user the list showed. */
export async function setBlogUserActive({ id, active, expectedUpdatedAt }: { id: string; active: boolean; expectedUpdatedAt: string }): Promise<boolean> {
  const supabase = await getSupabase();
  await guardedUpdate(supabase, 'blog_users', id, { is_active: active }, expectedUpdatedAt);
  return active;
}

/** Deletes a user if it is still the version `expectedUpdatedAt` (EditConflictError otherwise). */
export async function deleteBlogUser({ id, expectedUpdatedAt }: { id: string; expectedUpdatedAt: string }): Promise<void> {
  const supabase = await getSupabase();
  await guardedDelete(supabase, 'blog_users', id, expectedUpdatedAt);
}

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => {
    // the users list's pages, the author picker, and the post list (it shows each post's user);
    // the form's copy is read anew whenever it opens
    void queryClient.invalidateQueries({ queryKey: userKeys.pages() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.activeUsers });
    void queryClient.invalidateQueries({ queryKey: postKeys.pages() });
  };
}

export function useSaveBlogUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: saveBlogUser, onSuccess: invalidate });
}

export function useSetBlogUserActive() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: setBlogUserActive, onSuccess: invalidate, onError: (error) => isStaleWrite(error) && invalidate() });
}

export function useDeleteBlogUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: deleteBlogUser, onSuccess: invalidate, onError: (error) => isStaleWrite(error) && invalidate() });
}
