import type { PostgrestClient } from '@supabase/postgrest-js';
import { getSupabaseConfig } from '@/shared/db/config';
import type { Database } from '@/shared/db/database.types';

/** Typed with the schema's generated types, so a query names only columns that exist. */
export type PublicDb = PostgrestClient<Database>;

let clientPromise: Promise<PublicDb> | null = null;

/**
 * The data client of the public pages: PostgREST's query builder from `@supabase/postgrest-js`,
 * the very one supabase-js wraps (`.from()`, `.select()`, `.rpc()` behave identically), signed
 * with the anonymous key.
 *
 * Visitors only read public tables and insert inquiries and bookings, so they need none of
 * supabase-js's auth, storage or realtime clients: this is about 5 kB (gzip) instead of about
 * 51 kB. Admin code keeps the full client from `getSupabase()`. Loaded on first use, so the first
 * paint never waits for it; a failed chunk load is retried on the next call.
 */
export function getPublicDb(): Promise<PublicDb> {
  if (!clientPromise) {
    const promise = (async () => {
      const { url, anonKey } = getSupabaseConfig();
      const { PostgrestClient } = await import('@supabase/postgrest-js');
      return new PostgrestClient<Database>(`${url.replace(/\/$/, '')}/rest/v1`, {
        headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
      });
    })();
    clientPromise = promise;
    promise.catch(() => {
      if (clientPromise === promise) clientPromise = null;
    });
  }
  return clientPromise;
}
