// Starts the stand-in in memory on a free port and hands out real supabase-js clients.
import './node-websocket.ts';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { signJwt } from '../../supabase/local/jwt.ts';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import { startLocalSupabase, type LocalSupabase, type StartOptions } from '../../supabase/local/server.ts';

export interface Harness {
  local: LocalSupabase;
  url: string;
  /** The anonymous visitor, exactly as the browser app is configured. */
  anon: SupabaseClient;
  /** The service role: bypasses row-level security, for arranging and checking rows. */
  service: SupabaseClient;
  /** A client whose requests carry a token minted for these claims (no sign-in needed). */
  as(claims: { sub: string; email: string; role?: string; exp?: number }): SupabaseClient;
  /** A fresh client that signs in through /auth/v1 like the app does. */
  newClient(): SupabaseClient;
  close(): Promise<void>;
}

const noPersist = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/**
 * The read replica is off unless a test asks for it: it costs a second database per stand-in,
 * and only the tests about long statements need one.
 */
export async function startHarness(options: Partial<StartOptions> = {}): Promise<Harness> {
  const local = await startLocalSupabase({ memory: true, port: 0, quiet: true, readReplica: false, ...options });
  const url = local.url;
  const make = (key: string, token?: string) =>
    createClient(url, key, {
      ...noPersist,
      global: token ? { headers: { Authorization: `Bearer ${token}` } } : undefined,
    });
  return {
    local,
    url,
    anon: make(LOCAL_ANON_KEY),
    service: make(LOCAL_SERVICE_ROLE_KEY),
    as(claims) {
      const now = Math.floor(Date.now() / 1000);
      const token = signJwt(
        { aud: 'authenticated', role: 'authenticated', exp: now + 3600, iat: now, ...claims },
        LOCAL_JWT_SECRET,
      );
      return make(LOCAL_ANON_KEY, token);
    },
    newClient: () => make(LOCAL_ANON_KEY),
    close: () => local.close(),
  };
}
