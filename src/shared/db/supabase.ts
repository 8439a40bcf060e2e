import type { SupabaseClient as UntypedClient } from '@supabase/supabase-js';
import type { Database } from '@/shared/db/database.types';

/** The admin's client, typed with the schema's generated types. */
export type SupabaseClient = UntypedClient<Database>;

/**
 * Key under which supabase-js keeps the session in localStorage. Fixed (rather than the default
 * `sb-<project-ref>-auth-token`) so that sign-out can remove it without knowing the project.
 */
export const AUTH_STORAGE_KEY = 'sinaptika-auth-token';

export { getSupabaseConfig, type SupabaseConfig } from '@/shared/db/config';
import { getSupabaseConfig } from '@/shared/db/config';

let clientPromise: Promise<SupabaseClient> | null = null;

/**
 * The admin's Supabase client: auth, storage and the typed queries, for the sign-in page, the
 * panels and the sign-in check in front of the previews.
 *
 * supabase-js is imported dynamically, so it lives in its own chunk that only admin code loads.
 * The public pages never call this: they are prerendered, and their islands read through the
 * small PostgREST client of public-db.ts (tests/build/bundle.test.ts checks the landing page is
 * taken over without supabase-js). Every caller shares the same client and therefore the same
 * auth session. A failed chunk load is not cached, so a later call retries.
 */
export function getSupabase(): Promise<SupabaseClient> {
  if (!clientPromise) {
    const promise = (async () => {
      const { url, anonKey } = getSupabaseConfig();
      const { createClient } = await import('@supabase/supabase-js');
      return createClient<Database>(url, anonKey, {
        auth: {
          storageKey: AUTH_STORAGE_KEY,
          persistSession: true,
          autoRefreshToken: true,
          detectSessionInUrl: false,
        },
      });
    })();
    clientPromise = promise;
    promise.catch(() => {
      if (clientPromise === promise) clientPromise = null;
    });
  }
  return clientPromise;
}
