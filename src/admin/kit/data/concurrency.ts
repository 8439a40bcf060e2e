import type { PostgrestClient as SchemaFreeClient } from '@supabase/postgrest-js';
import type { Database, TablesUpdate } from '@/shared/db/database.types';
import type { SupabaseClient } from '@/shared/db/supabase';
import { NothingChangedError } from './api';

type Tables = Database['public']['Tables'];

/** The tables whose rows carry the version a guarded write filters on (id and updated_at). */
export type VersionedTable = {
  [K in keyof Tables]: Tables[K]['Row'] extends { id: string; updated_at: string } ? K : never;
}[keyof Tables];

/**
 * The same client without the schema's types. postgrest-js types a query from a table name known
 * when the code is compiled; these helpers take any versioned table, so their arguments are typed
 * (the table, its update shape) and the query itself runs on this view of the client.
 */
const schemaFree = (supabase: SupabaseClient) => supabase as unknown as SchemaFreeClient;


/*
 * Optimistic concurrency for admin edits. Every edited table keeps updated_at through
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
export async function explainNoRows(supabase: SupabaseClient, table: VersionedTable, id: string, expected: string): Promise<never> {
  const { data: row, error } = await schemaFree(supabase)
    .from(table)
    .select('id, updated_at')
    .eq('id', id)
    .maybeSingle<SavedVersion>();
  if (error) throw error;
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
export async function guardedUpdate<T extends VersionedTable>(
  supabase: SupabaseClient,
  table: T,
  id: string,
  patch: TablesUpdate<T>,
  expected: string,
): Promise<SavedVersion> {
  const { data, error } = await schemaFree(supabase)
    .from(table)
    .update(patch)
    .eq('id', id)
    .eq('updated_at', expected)
    .select('id, updated_at')
    .overrideTypes<SavedVersion[], { merge: false }>();
  if (error) throw error;
  const [row] = data ?? [];
  if (!row) return explainNoRows(supabase, table, id, expected);
  return row;
}

/** Deletes row `id` of `table` only if it is still the version `expected` (errors as guardedUpdate). */
export async function guardedDelete(supabase: SupabaseClient, table: VersionedTable, id: string, expected: string): Promise<void> {
  const { data, error } = await schemaFree(supabase).from(table).delete().eq('id', id).eq('updated_at', expected).select('id');
  if (error) throw error;
  if (!data || data.length === 0) await explainNoRows(supabase, table, id, expected);
}
