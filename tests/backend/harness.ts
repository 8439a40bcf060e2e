// Starts the stand-in in memory on a free port and hands out real supabase-js clients.
import './node-websocket.ts';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { signJwt } from '../../supabase/local/jwt.ts';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import { setIntakeLimits, startLocalSupabase, type LocalSupabase, type StartOptions } from '../../supabase/local/server.ts';
import { leaseSharedDb } from './shared-db.ts';

export { setIntakeLimits };

export interface Harness {
  local: LocalSupabase;
  url: string;
  /** The anonymous visitor, exactly as the browser app is configured (one visitor, one address). */
  anon: SupabaseClient;
  /** The service role: bypasses row-level security, for arranging and checking rows. */
  service: SupabaseClient;
  /** A client whose requests carry a token minted for these claims (no sign-in needed). */
  as(claims: { sub: string; email: string; role?: string; exp?: number }): SupabaseClient;
  /** A fresh client that signs in through /auth/v1 like the app does. */
  newClient(): SupabaseClient;
  /**
   * An anonymous visitor at this client address, as the gateway would report it (cf-connecting-ip;
   * the harness's stand-in trusts that header, as behind hosted's gateway). Each test that sends
   * forms plays its own visitors, so the per-visitor limits never depend on other tests.
   */
  visitor(address?: string): SupabaseClient;
  /** The confirmation link each sign-up would have e-mailed, by address (the newest one). */
  links: Map<string, string>;
  /**
   * Someone who signed up on their own, as anyone may on a hosted project: their account, and a
   * client signed in as them. Confirmed, they followed the e-mailed link and signed in; unconfirmed,
   * they hold a token for the account nonetheless (the worst case: as if confirmation had been off).
   */
  stranger(email: string, options: { confirmed: boolean }): Promise<{ id: string; client: SupabaseClient }>;
  close(): Promise<void>;
}

/** Sign-ups as a hosted project has them unless they are turned off: open, with e-mail confirmation. */
export const HOSTED_SIGNUPS = { enableSignup: true, enableConfirmations: true } as const;
export const STRANGER_PASSWORD = 'stranger-password-1';

/**
 * A client address nobody else in this run has, in a network of its own (10.a.b.c: a /24 per
 * visitor, as the database's wider tier counts networks), as behind a gateway.
 */
let visitors = 0;
export function randomVisitorAddress(): string {
  visitors += 1;
  return `10.${Math.floor(visitors / 250) % 250}.${visitors % 250}.${(process.pid % 250) + 1}`;
}

/** The numbers the migrations give private.intake_limits (the tests that change one put it back). */
export async function intakeLimits(local: LocalSupabase): Promise<Record<string, number>> {
  const { rows } = await local.db.asSystem((tx) => tx.query<{ name: string; value: number }>('select name, value from private.intake_limits'));
  return Object.fromEntries(rows.map((r) => [r.name, r.value]));
}

const noPersist = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/** Options that make the database itself different: a harness given one opens a database of its own. */
const DATABASE_OPTIONS = ['db', 'memory', 'dataDir', 'reset', 'seed', 'snapshotCache', 'statementTimeouts', 'readReplica', 'replicaAfterMs', 'replicaRefreshMs'] as const;

/**
 * A new stand-in (server, auth, mail catcher, cron, Edge Functions) over this worker's fresh
 * database (shared-db.ts), or over one of its own when the options change the database or the
 * worker's is in use. The read replica is off unless a test asks for it: it costs a second
 * database per stand-in, and only the tests about long statements need one.
 */
export async function startHarness(options: Partial<StartOptions> & { siteCeilings?: boolean } = {}): Promise<Harness> {
  const links = new Map<string, string>();
  const { siteCeilings = false, ...startOptions } = options;
  const db = DATABASE_OPTIONS.some((key) => key in startOptions) ? undefined : ((await leaseSharedDb()) ?? undefined);
  let local: LocalSupabase;
  try {
    local = await startLocalSupabase({
      memory: true,
      port: 0,
      quiet: true,
      readReplica: false,
      onConfirmationLink: (email, link) => links.set(email, link),
      trustClientAddress: true,
      db,
      ...startOptions,
    });
  } catch (error) {
    await db?.close();
    throw error;
  }
  // The site-wide ceilings count every form of the last minute, whoever sent it: a suite that
  // sends many would make its later tests prove work. They are lifted here, unless a test asks for
  // them (siteCeilings), and the tests about them set them themselves (setIntakeLimits).
  if (!siteCeilings) await setIntakeLimits(local.db, { inquiries_per_minute: 100_000, bookings_per_minute: 100_000, newsletter_per_minute: 100_000 });
  const url = local.url;
  // every client is a visitor of its own (the stand-in trusts cf-connecting-ip here), so one
  // test's forms never count against another's per-visitor limits
  const make = (key: string, token?: string, address = randomVisitorAddress()) =>
    createClient(url, key, {
      ...noPersist,
      global: { headers: { 'cf-connecting-ip': address, ...(token ? { Authorization: `Bearer ${token}` } : {}) } },
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
    visitor: (address?: string) => make(LOCAL_ANON_KEY, undefined, address),
    links,
    async stranger(email, { confirmed }) {
      const client = make(LOCAL_ANON_KEY);
      const signedUp = await client.auth.signUp({ email, password: STRANGER_PASSWORD });
      if (signedUp.error || !signedUp.data.user) throw new Error(`sign-up of ${email} failed: ${signedUp.error?.message}`);
      const id = signedUp.data.user.id;
      if (!confirmed) {
        const now = Math.floor(Date.now() / 1000);
        const token = signJwt({ aud: 'authenticated', role: 'authenticated', exp: now + 3600, iat: now, sub: id, email }, LOCAL_JWT_SECRET);
        return { id, client: make(LOCAL_ANON_KEY, token) };
      }
      const link = links.get(email);
      if (!link) throw new Error(`no confirmation link for ${email}`);
      const confirmedAt = await fetch(link, { redirect: 'manual' });
      if (!/#access_token=/.test(confirmedAt.headers.get('location') ?? '')) throw new Error(`confirming ${email} failed`);
      const signedIn = await client.auth.signInWithPassword({ email, password: STRANGER_PASSWORD });
      if (signedIn.error) throw new Error(`sign-in of ${email} failed: ${signedIn.error.message}`);
      return { id, client };
    },
    close: () => local.close(),
  };
}
