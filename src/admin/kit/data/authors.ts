import { useQuery } from '@tanstack/react-query';
import type { Tables } from '@/shared/db/database.types';
import { getSupabase } from '@/shared/db/supabase';
import { adminKeys } from './api';
import { ownsLeads } from '../session/roles';

/*
 * The blog users a post may name as its author: the post form's picker. Kept apart from the
 * users tab, which refreshes it after every change of a user (users/api.ts, bin/api.ts).
 */

/** An entry of the author picker. */
export type AuthorOption = Pick<Tables<'blog_users'>, 'id' | 'username' | 'full_name' | 'is_active' | 'role'>;

const AUTHOR_COLUMNS = 'id, username, full_name, is_active, role' as const;

/** The active blog users, by username. */
export async function fetchActiveBlogUsers(): Promise<AuthorOption[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('blog_users').select(AUTHOR_COLUMNS).eq('is_active', true).order('username');
  if (error) throw error;
  return data ?? [];
}

export function useActiveBlogUsers() {
  return useQuery({ queryKey: adminKeys.authors, queryFn: fetchActiveBlogUsers });
}

/** Who may own a lead: the active consultants and administrators. */
export function useLeadOwners() {
  return useQuery({ queryKey: adminKeys.authors, queryFn: fetchActiveBlogUsers, select: (people) => people.filter((p) => ownsLeads(p.role)) });
}
