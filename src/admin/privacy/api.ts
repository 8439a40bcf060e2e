import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys, changedRows, invalidatePublic } from '@/admin/kit/data/api';
import type { TablesInsert } from '@/shared/db/database.types';
import { getSupabase } from '@/shared/db/supabase';

/*
 * 'Поверителност' and the database (supabase/migrations/20261129000800_privacy_notice.sql): the
 * controller and the processors (public.privacy_settings, one row: everyone reads it, only an
 * administrator at aal2 changes it), the notice's versions (public.privacy_notices, insert-only,
 * numbered by the database) and who published each (public.privacy_notice_staff, admins only).
 * The only code of the tab that calls Supabase.
 */

export interface Processor {
  name: string;
  purpose: string;
  location: string;
}

export interface PrivacySettings {
  controller_name: string;
  controller_eik: string;
  controller_address: string;
  controller_email: string;
  processors: Processor[];
}

export interface NoticeVersion {
  version: number;
  created_at: string;
  /** The name of who published it ('' for the seed or SQL). */
  by: string;
}

const SETTINGS_COLUMNS = 'controller_name, controller_eik, controller_address, controller_email, processors';

export const privacyKeys = {
  settings: [...adminKeys.all, 'privacy', 'settings'] as const,
  versions: [...adminKeys.all, 'privacy', 'versions'] as const,
  body: (version: number) => [...adminKeys.all, 'privacy', 'body', version] as const,
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function toSettings(row: Record<string, unknown>): PrivacySettings {
  const processors = Array.isArray(row.processors) ? (row.processors as Record<string, unknown>[]) : [];
  return {
    controller_name: text(row.controller_name),
    controller_eik: text(row.controller_eik),
    controller_address: text(row.controller_address),
    controller_email: text(row.controller_email),
    processors: processors.filter((p) => p && typeof p === 'object').map((p) => ({ name: text(p.name), purpose: text(p.purpose), location: text(p.location) })),
  };
}

export async function fetchPrivacySettings(): Promise<PrivacySettings> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('privacy_settings').select(SETTINGS_COLUMNS).eq('id', true).single();
  if (error) throw error;
  return toSettings(data);
}

/** Saves the facts as typed (the database trims and checks them); resolves to what it stored. */
export async function savePrivacySettings(values: PrivacySettings): Promise<PrivacySettings> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('privacy_settings')
    .update({ ...values, processors: values.processors.map(({ name, purpose, location }) => ({ name, purpose, location })) })
    .eq('id', true)
    .select(SETTINGS_COLUMNS);
  if (error) throw error;
  return toSettings(changedRows(data)[0]);
}

/** Every version, newest first, with who published it. */
export async function fetchNoticeVersions(): Promise<NoticeVersion[]> {
  const supabase = await getSupabase();
  const [versions, staff] = await Promise.all([
    supabase.from('privacy_notices').select('version, created_at').order('version', { ascending: false }),
    supabase.from('privacy_notice_staff').select('version, created_by_name'),
  ]);
  if (versions.error) throw versions.error;
  if (staff.error) throw staff.error;
  const names = new Map((staff.data ?? []).map((s) => [s.version, s.created_by_name]));
  return (versions.data ?? []).map((v) => ({ ...v, by: names.get(v.version) ?? '' }));
}

export async function fetchNoticeBody(version: number): Promise<string> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('privacy_notices').select('body').eq('version', version).single();
  if (error) throw error;
  return data.body;
}

/** Publishes `body` as the next version; resolves to its number. */
export async function publishNotice(body: string): Promise<{ version: number; created_at: string }> {
  const supabase = await getSupabase();
  // the database numbers the version (private.next_privacy_notice); the generated types, which see no default, ask for one
  const row = { body } as TablesInsert<'privacy_notices'>;
  const { data, error } = await supabase.from('privacy_notices').insert(row).select('version, created_at').single();
  if (error) throw error;
  return data;
}

export function usePrivacySettings() {
  return useQuery({ queryKey: privacyKeys.settings, queryFn: fetchPrivacySettings });
}

export function useNoticeVersions() {
  return useQuery({ queryKey: privacyKeys.versions, queryFn: fetchNoticeVersions });
}

/** A version's text, read when it is opened (a version never changes: kept as long as the tab lives). */
export function useNoticeBody(version: number | null) {
  return useQuery({
    queryKey: privacyKeys.body(version ?? 0),
    queryFn: () => fetchNoticeBody(version!),
    enabled: version !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSavePrivacySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePrivacySettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(privacyKeys.settings, saved);
      invalidatePublic(queryClient, 'privacy');
    },
  });
}

export function usePublishNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishNotice,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: privacyKeys.versions });
      invalidatePublic(queryClient, 'privacy');
    },
  });
}
