import type { StorageClient } from '@supabase/storage-js';

/*
 * The admin's Supabase client, by parts: what supabase-js's createClient() makes, without what the
 * admin never uses. supabase-js bundles Realtime (with Phoenix), Edge Functions, Storage and its
 * analytics buckets (iceberg-js) into every client: about 90 KB the sign-in page and the posts list
 * would download for nothing. Here the client is GoTrue's client (@supabase/auth-js) and PostgREST's
 * query builder (@supabase/postgrest-js), composed as supabase-js composes them (supabase-client.ts);
 * Storage comes in a chunk of its own with the first upload (getStorage); the panel's bucket check
 * is one request without it (storageFetch).
 */

export type { SupabaseClient } from '@/shared/db/supabase-types';
import type { SupabaseClient } from '@/shared/db/supabase-types';

// the session's key in localStorage, and whether one is stored: a module without any client, which
// the public site's measurement reads too
export { AUTH_STORAGE_KEY, hasStoredSession } from '@/shared/db/session-key';
import { AUTH_STORAGE_KEY } from '@/shared/db/session-key';

export { getSupabaseConfig, type SupabaseConfig } from '@/shared/db/config';
import { getSupabaseConfig } from '@/shared/db/config';

let clientPromise: Promise<SupabaseClient> | null = null;
let storagePromise: Promise<StorageClient> | null = null;

/** One shared promise of a part; a failed chunk load is not kept, so a later call retries. */
function once<T>(get: () => Promise<T> | null, set: (p: Promise<T> | null) => void, make: () => Promise<T>): Promise<T> {
  const existing = get();
  if (existing) return existing;
  const promise = make();
  set(promise);
  promise.catch(() => {
    if (get() === promise) set(null);
  });
  return promise;
}

/**
 * The admin's Supabase client: auth and the typed queries, for the sign-in, the panels and the
 * sign-in check in front of the previews. Imported dynamically, so it lives in a chunk only admin
 * code loads, and the sign-in page loads it only when a session is stored or 'Вход' is pressed
 * (kit/session/api.ts). The public pages never call this: they are prerendered, and their islands
 * read through the small PostgREST client of public-db.ts. Every caller shares the same client and
 * therefore the same session.
 */
export function getSupabase(): Promise<SupabaseClient> {
  return once(
    () => clientPromise,
    (p) => (clientPromise = p),
    async () => {
      const config = getSupabaseConfig();
      const { createAdminClient } = await import('@/shared/db/supabase-client');
      return createAdminClient(config, AUTH_STORAGE_KEY);
    },
  );
}

/** Storage (buckets and their files) with the admin's session: uploads and the bucket check. */
export function getStorage(): Promise<StorageClient> {
  return once(
    () => storagePromise,
    (p) => (storagePromise = p),
    async () => {
      const [client, { createStorage }] = await Promise.all([getSupabase(), import('@/shared/db/supabase-storage')]);
      return createStorage(getSupabaseConfig(), client.auth);
    },
  );
}

/**
 * One request to Storage's HTTP API (<url>/storage/v1/<path>) with the admin's session, for what
 * needs no Storage client: the panel's bucket check, which would otherwise bring the client's
 * chunk to every sign-in.
 */
export async function storageFetch(path: string, init: RequestInit): Promise<Response> {
  const [client, { fetchWithSession }] = await Promise.all([getSupabase(), import('@/shared/db/supabase-client')]);
  const { url, anonKey } = getSupabaseConfig();
  return fetchWithSession(anonKey, client.auth)(`${url.replace(/\/$/, '')}/storage/v1/${path}`, init);
}

/**
 * One request to an Edge Function (<url>/functions/v1/<name>) with the admin's session: the
 * functions client of supabase-js would bring its own chunk for a call or two.
 */
export async function functionFetch(name: string, init: RequestInit): Promise<Response> {
  const [client, { fetchWithSession }] = await Promise.all([getSupabase(), import('@/shared/db/supabase-client')]);
  const { url, anonKey } = getSupabaseConfig();
  return fetchWithSession(anonKey, client.auth)(`${url.replace(/\/$/, '')}/functions/v1/${name}`, init);
}
