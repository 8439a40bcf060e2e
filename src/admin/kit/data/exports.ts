import { getSupabase } from '@/shared/db/supabase';

/*
 * Every export of people's data leaves a line in the audit log, written by the database
 * (record_export): before the file is made, so an export nobody could record is not made either.
 */

/** What an export is, as the audit log knows it. */
export type ExportKind = 'export.csv' | 'contact.export';

/** Records an export of `rows` records; rejects when the database refuses (the file is then not made). */
export async function recordExport(kind: ExportKind, rows: number): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('record_export', { kind, rows });
  if (error) throw error;
}

/** Fetches what an export holds, then records it: the rows only when the record was written. */
export async function recordedExport<T>(kind: ExportKind, fetch: () => Promise<T[]>): Promise<T[]> {
  const rows = await fetch();
  if (rows.length > 0) await recordExport(kind, rows.length);
  return rows;
}
