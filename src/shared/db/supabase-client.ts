import { GoTrueClient } from '@supabase/auth-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from '@/shared/db/database.types';
import type { SupabaseConfig } from '@/shared/db/config';
import type { SupabaseClient } from '@/shared/db/supabase-types';

/*
 * The parts of the admin's client put together the way supabase-js's createClient() does: GoTrue
 * at <url>/auth/v1 with the project's key, and every other request sent with the signed-in
 * account's access token (or the key when nobody is signed in) as its bearer and the key as
 * `apikey`. Loaded only through getSupabase() (supabase.ts).
 */

/** fetch with the project's key and the current access token, as supabase-js sends every data request. */
export function fetchWithSession(anonKey: string, auth: GoTrueClient): typeof fetch {
  return async (input, init) => {
    const { data } = await auth.getSession();
    const headers = new Headers(init?.headers);
    if (!headers.has('apikey')) headers.set('apikey', anonKey);
    if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${data.session?.access_token ?? anonKey}`);
    return fetch(input, { ...init, headers });
  };
}

export function createAdminClient({ url, anonKey }: SupabaseConfig, storageKey: string): SupabaseClient {
  const base = url.endsWith('/') ? url : `${url}/`;
  const auth = new GoTrueClient({
    url: new URL('auth/v1', base).href,
    headers: { Authorization: `Bearer ${anonKey}`, apikey: anonKey },
    storageKey,
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: false,
    flowType: 'implicit',
  });
  const rest = new PostgrestClient<Database, Database['__InternalSupabase'], 'public'>(new URL('rest/v1', base).href, {
    schema: 'public',
    fetch: fetchWithSession(anonKey, auth),
  });
  return { auth, from: rest.from.bind(rest), rpc: rest.rpc.bind(rest) };
}
