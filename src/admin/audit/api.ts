import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ADMIN_QUERY_ROOT } from '@/admin/kit/session/query-root';
import { getSupabase } from '@/shared/db/supabase';
import type { Json } from '@/shared/db/database.types';

/*
 * The audit log, as the database hands it to administrators (audit_events): newest first, a page
 * at a time by the last id seen, filtered by person, kinds and a range of instants.
 */

export interface AuditFilters {
  person: string | null;
  kinds: string[] | null;
  /** The range's start (inclusive) and end (exclusive), ISO instants; null for open. */
  since: string | null;
  until: string | null;
}

export interface AuditEvent {
  id: number;
  at: string;
  actor_blog_user: string | null;
  actor_name: string | null;
  kind: string;
  record_table: string | null;
  record_id: string | null;
  detail: Json;
}

export const AUDIT_PAGE_SIZE = 50;
/** The most rows a CSV of the log holds (the database answers 500 a page). */
export const AUDIT_CSV_MAX = 10_000;

async function auditPage(filters: AuditFilters, beforeId: number | null, size: number): Promise<AuditEvent[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('audit_events', {
    ...(filters.person ? { person: filters.person } : {}),
    ...(filters.kinds ? { kinds: filters.kinds } : {}),
    ...(filters.since ? { since: filters.since } : {}),
    ...(filters.until ? { until: filters.until } : {}),
    ...(beforeId !== null ? { before_id: beforeId } : {}),
    page_size: size,
  });
  if (error) throw error;
  return (data ?? []) as AuditEvent[];
}

/** The log's pages for the filters: 'По-стари записи' asks for the next one. */
export function useAuditPages(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: [ADMIN_QUERY_ROOT, 'audit', filters],
    queryFn: ({ pageParam }) => auditPage(filters, pageParam, AUDIT_PAGE_SIZE),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.length === AUDIT_PAGE_SIZE ? last[last.length - 1].id : undefined),
  });
}

/** Every row for the filters, up to AUDIT_CSV_MAX, for the CSV. */
export async function fetchAuditForCsv(filters: AuditFilters): Promise<AuditEvent[]> {
  const rows: AuditEvent[] = [];
  let before: number | null = null;
  while (rows.length < AUDIT_CSV_MAX) {
    const page = await auditPage(filters, before, 500);
    rows.push(...page);
    if (page.length < 500) break;
    before = page[page.length - 1].id;
  }
  return rows.slice(0, AUDIT_CSV_MAX);
}

/**
 * How long the log is kept, in days: the period of `audit_events` in public.retention_settings,
 * which administrators set with the other periods in 'Поверителност'.
 */
export function useAuditPeriod() {
  return useQuery({
    queryKey: [ADMIN_QUERY_ROOT, 'retention-settings', 'audit_events'],
    queryFn: async () => {
      const supabase = await getSupabase();
      const { data, error } = await supabase.from('retention_settings').select('days').eq('kind', 'audit_events').maybeSingle();
      if (error) throw error;
      return data?.days ?? null;
    },
  });
}
