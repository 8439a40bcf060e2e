import type { GoTrueClient } from '@supabase/auth-js';
import type { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from '@/shared/db/database.types';

/* The admin's client's shape (supabase.ts makes it, supabase-client.ts puts it together). */

type Rest = PostgrestClient<Database, Database['__InternalSupabase'], 'public'>;

/** The admin's client, typed with the schema's generated types: a supabase-js client has the same shape. */
export interface SupabaseClient {
  /** GoTrue: the session, sign-in and sign-out, its events. */
  auth: GoTrueClient;
  /** A table or view of the public schema (PostgREST). */
  from: Rest['from'];
  /** A function of the public schema (PostgREST). */
  rpc: Rest['rpc'];
}
