import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_QUERY_ROOT } from '@/admin/kit/session/query-root';
import { getSupabase } from '@/shared/db/supabase';

/*
 * The retention periods (public.retention_settings: everyone reads them, administrators at aal2
 * change `days`) and the last run of the daily job (retention_runs(), administrators only).
 * supabase/migrations/20261129001000_retention.sql.
 */

export interface RetentionPeriod {
  kind: string;
  days: number;
  updated_at: string;
}

export interface RetentionRun {
  kind: string;
  ran_at: string;
  removed: number | null;
  failed: boolean;
}

const periodsKey = [ADMIN_QUERY_ROOT, 'retention-settings'] as const;
const runsKey = [ADMIN_QUERY_ROOT, 'retention-runs'] as const;

/** An update that row-level security filtered out: the caller is no administrator at aal2. */
export const NOT_ALLOWED = 'Само администратор, влязъл с двуфакторна защита, променя сроковете.';

export function useRetentionPeriods() {
  return useQuery({
    queryKey: periodsKey,
    queryFn: async (): Promise<RetentionPeriod[]> => {
      const supabase = await getSupabase();
      const { data, error } = await supabase.from('retention_settings').select('kind, days, updated_at');
      if (error) throw error;
      return data ?? [];
    },
  });
}

/** Sets one kind's period; the database refuses one outside the kind's bounds in Bulgarian (hint retention_out_of_range). */
export function useSetRetentionPeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, days }: { kind: string; days: number }): Promise<RetentionPeriod> => {
      const supabase = await getSupabase();
      const { data, error } = await supabase.from('retention_settings').update({ days }).eq('kind', kind).select('kind, days, updated_at');
      if (error) throw error;
      if (!data?.length) throw new Error(NOT_ALLOWED);
      return data[0];
    },
    onSuccess: (row) => {
      queryClient.setQueryData<RetentionPeriod[]>(periodsKey, (rows) => rows?.map((r) => (r.kind === row.kind ? row : r)));
      // the 'Одит' tab says the log's period
      void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, 'retention-settings'] });
    },
  });
}

export function useRetentionRuns() {
  return useQuery({
    queryKey: runsKey,
    queryFn: async (): Promise<RetentionRun[]> => {
      const supabase = await getSupabase();
      const { data, error } = await supabase.rpc('retention_runs');
      if (error) throw error;
      return data ?? [];
    },
  });
}
