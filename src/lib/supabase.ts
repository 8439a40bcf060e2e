import type { SupabaseClient } from '@supabase/supabase-js';

export type { SupabaseClient };

/**
 * Key under which supabase-js keeps the session in localStorage. Fixed (rather than the default
 * `sb-<project-ref>-auth-token`) so that sign-out can remove it without knowing the project.
 */
export const AUTH_STORAGE_KEY = 'sinaptika-auth-token';

export interface SupabaseConfig {
  url: string;
  anonKey: string;
}

/** Reads the two public settings of the Supabase project, failing loudly when one is missing. */
export function getSupabaseConfig(): SupabaseConfig {
  const url = import.meta.env.VITE_SUPABASE_URL?.trim();
  const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY?.trim();
  const missing = [!url && 'VITE_SUPABASE_URL', !anonKey && 'VITE_SUPABASE_ANON_KEY'].filter(Boolean);
  if (missing.length > 0 || !url || !anonKey) {
    throw new Error(
      `Supabase is not configured: missing ${missing.join(' and ')}. ` +
        'Copy .env.example to .env (npm run dev fills it for the local stand-in) ' +
        'or set these variables for your hosted project, then restart Vite.',
    );
  }
  return { url, anonKey };
}

let clientPromise: Promise<SupabaseClient> | null = null;

/**
 * The one Supabase client of the app.
 *
 * supabase-js is imported dynamically, so it lives in its own chunk that the landing page only
 * fetches when some data is needed (after first paint). Every caller shares the same client and
 * therefore the same auth session. A failed chunk load is not cached, so a later call retries.
 */
export function getSupabase(): Promise<SupabaseClient> {
  if (!clientPromise) {
    const promise = (async () => {
      const { url, anonKey } = getSupabaseConfig();
      const { createClient } = await import('@supabase/supabase-js');
      return createClient(url, anonKey, {
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
