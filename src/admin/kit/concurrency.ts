import type { SupabaseClient } from '@supabase/supabase-js';
import { NothingChangedError } from './api';

/*
 * Optimistic concurrency for admin edits (issue 15). Every edited table keeps updated_at through
 * the BEFORE UPDATE trigger public.set_updated_at, so the updated_at a form loaded names the
 * version the admin is editing. A guarded write filters on it as well as on the id: when someone
 * else saved in between, the filter matches no row and nothing is overwritten. After such a
 * 0-row answer the row's current updated_at is read by id, which tells apart
 *   - changed meanwhile (the row is there with another updated_at)  -> EditConflictError
 *   - deleted meanwhile (the row is gone)                            -> RecordGoneError
 *   - no rights (the row is there, unchanged: RLS refused the write) -> NothingChangedError
 */

/** Someone else saved the row after it was loaded; `currentUpdatedAt` is the version now stored. */
export class EditConflictError extends Error {
  readonly currentUpdatedAt: string;
  constructor(currentUpdatedAt: string) {
    super('Някой друг промени този запис, докато го редактирахте.');
    this.name = 'EditConflictError';
    this.currentUpdatedAt = currentUpdatedAt;
  }
}

/** The row was deleted after it was loaded (a NothingChangedError, so rights are re-checked too). */
export class RecordGoneError extends NothingChangedError {
  constructor() {
    super();
    this.message = 'Записът вече не съществува: някой друг го е изтрил.';
    this.name = 'RecordGoneError';
  }
}

export function isEditConflict(error: unknown): error is EditConflictError {
  return error instanceof EditConflictError;
}

/** The write met a row changed or deleted since it was loaded: what a list shows should be read again. */
export function isStaleWrite(error: unknown): boolean {
  return error instanceof EditConflictError || error instanceof RecordGoneError;
}

/** What a guarded write gives back: the id and the new version to guard the next write with. */
export interface SavedVersion {
  id: string;
  updated_at: string;
}

/** Explains a 0-row answer to a write guarded by `expected` (see the header). Always throws. */
export async function explainNoRows(supabase: SupabaseClient, table: string, id: string, expected: string): Promise<never> {
  const { data, error } = await supabase.from(table).select('id, updated_at').eq('id', id).maybeSingle();
  if (error) throw error;
  const row = data as { updated_at?: string } | null;
  if (!row) throw new RecordGoneError();
  if (row.updated_at && !sameInstant(row.updated_at, expected)) throw new EditConflictError(row.updated_at);
  throw new NothingChangedError();
}

/** Two timestamps as PostgREST writes them name the same instant (tolerates format differences). */
export function sameInstant(a: string, b: string): boolean {
  if (a === b) return true;
  const ta = Date.parse(a);
  const tb = Date.parse(b);
  // Date.parse keeps milliseconds only: equal strings were caught above; microsecond differences
  // within one millisecond would be read as "same", which only means "no rights" is reported.
  return Number.isFinite(ta) && ta === tb;
}

/**
 * Updates row `id` of `table` with `patch` only if it is still the version `expected`; resolves to
 * the new version. Throws EditConflictError / RecordGoneError / NothingChangedError otherwise.
 */
export async function guardedUpdate(
  supabase: SupabaseClient,
  table: string,
  id: string,
  patch: object,
  expected: string,
): Promise<SavedVersion> {
  const { data, error } = await supabase.from(table).update(patch).eq('id', id).eq('updated_at', expected).select('id, updated_at');
  if (error) throw error;
  const rows = (data ?? []) as Partial<SavedVersion>[];
  if (rows.length === 0) return explainNoRows(supabase, table, id, expected);
  return { id: rows[0].id ?? id, updated_at: rows[0].updated_at ?? expected };
}

/** Deletes row `id` of `table` only if it is still the version `expected` (errors as guardedUpdate). */
export async function guardedDelete(supabase: SupabaseClient, table: string, id: string, expected: string): Promise<void> {
  const { data, error } = await supabase.from(table).delete().eq('id', id).eq('updated_at', expected).select('id');
  if (error) throw error;
  if (!data || data.length === 0) await explainNoRows(supabase, table, id, expected);
}
