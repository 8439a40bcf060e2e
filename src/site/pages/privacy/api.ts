/*
 * What the privacy notice's page reads, in one query: the controller and the processors
 * (privacy_settings), the current version of the text (the highest of privacy_notices) and the
 * retention periods (retention_settings). All three or nothing: a page that could not read one of
 * them is not prerendered (src/site/entry-server.tsx keeps the old file), so the facts it prints
 * are always the system's own. The only code of this page that calls Supabase.
 */
import { useQuery } from '@tanstack/react-query';
import { getPublicDb } from '@/shared/db/public-db';

export interface Processor {
  name: string;
  purpose: string;
  location: string;
}

export interface PrivacyController {
  controller_name: string;
  controller_eik: string;
  controller_address: string;
  controller_email: string;
  processors: Processor[];
}

export interface PrivacyNotice {
  version: number;
  body: string;
  created_at: string;
}

export interface RetentionPeriod {
  kind: string;
  days: number;
}

export interface PrivacyFacts {
  settings: PrivacyController | null;
  /** The current version; null while none is published. */
  notice: PrivacyNotice | null;
  retention: RetentionPeriod[];
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The processors as the database keeps them (it checks them too): the well-formed ones only. */
export function processorsOf(value: unknown): Processor[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((p): p is Record<string, unknown> => Boolean(p) && typeof p === 'object' && !Array.isArray(p))
    .map((p) => ({ name: text(p.name), purpose: text(p.purpose), location: text(p.location) }))
    .filter((p) => p.name !== '');
}

export async function fetchPrivacyFacts(): Promise<PrivacyFacts> {
  const db = await getPublicDb();
  const [settings, notice, retention] = await Promise.all([
    db.from('privacy_settings').select('controller_name, controller_eik, controller_address, controller_email, processors').maybeSingle(),
    db.from('privacy_notices').select('version, body, created_at').order('version', { ascending: false }).limit(1).maybeSingle(),
    db.from('retention_settings').select('kind, days'),
  ]);
  const failed = settings.error ?? notice.error ?? retention.error;
  if (failed) throw failed;
  return {
    settings: settings.data ? { ...settings.data, processors: processorsOf(settings.data.processors) } : null,
    notice: notice.data ?? null,
    retention: retention.data ?? [],
  };
}

export const privacyKeys = { facts: ['privacy', 'facts'] as const };

export function usePrivacyFacts() {
  return useQuery({ queryKey: privacyKeys.facts, queryFn: fetchPrivacyFacts });
}
