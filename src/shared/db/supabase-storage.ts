import type { GoTrueClient } from '@supabase/auth-js';
import { StorageClient } from '@supabase/storage-js';
import type { SupabaseConfig } from '@/shared/db/config';
import { fetchWithSession } from '@/shared/db/supabase-client';

/** Storage at <url>/storage/v1 with the admin's session: a chunk of its own (getStorage in supabase.ts). */
export function createStorage({ url, anonKey }: SupabaseConfig, auth: GoTrueClient): StorageClient {
  const base = url.endsWith('/') ? url : `${url}/`;
  // no headers of its own: fetchWithSession adds the key and the session's bearer to every request
  // (an Authorization given here would win over the session's, and every upload would be anon's)
  return new StorageClient(new URL('storage/v1', base).href, {}, fetchWithSession(anonKey, auth));
}
