import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_QUERY_ROOT } from '@/admin/kit/session/query-root';
import { getSupabase } from '@/shared/db/supabase';

/*
 * Who of the blog users has two-factor authentication, and an administrator resetting a
 * colleague's (the database's staff_second_factors and reset_second_factor: an admin with a factor
 * must be signed in with it, and one's own is turned off in 'Двуфакторна защита' instead).
 */

const factorsKey = [ADMIN_QUERY_ROOT, 'staff-second-factors'] as const;

/** The ids of the blog users with a verified factor. */
export function useStaffFactors() {
  return useQuery({
    queryKey: factorsKey,
    queryFn: async () => {
      const supabase = await getSupabase();
      const { data, error } = await supabase.rpc('staff_second_factors');
      if (error) throw error;
      return new Set((data ?? []).map((row) => row.blog_user));
    },
  });
}

/** Resets one colleague's factor; the list of who has one follows. */
export function useResetFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (blogUser: string) => {
      const supabase = await getSupabase();
      const { error } = await supabase.rpc('reset_second_factor', { blog_user: blogUser });
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: factorsKey }),
  });
}
