// Starts the stand-in in memory on a free port and hands out real supabase-js clients.
import './node-websocket.ts';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { signJwt } from '../../supabase/local/jwt.ts';
import { totpCode } from '../../supabase/local/auth/totp.ts';
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
  /**
   * A client whose requests carry a token minted for these claims (no sign-in needed). The session
   * passed a second factor (aal2, amr totp) unless `aal: 'aal1'` is asked for, and an account
   * with that id is given a verified TOTP factor (HARNESS_TOTP_SECRET) before the first request,
   * as the roles that see visitors' data need (private.has_second_factor()).
   */
  as(claims: { sub: string; email: string; role?: string; exp?: number; aal?: 'aal1' | 'aal2' }): SupabaseClient;
  /**
   * Signs `client` in with a password and then, as the panel does, with the code of the account's
   * verified factor (given one with HARNESS_TOTP_SECRET if it has none): an aal2 session.
   */
  signInWithSecondFactor(client: SupabaseClient, email: string, password: string): Promise<void>;
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

/** The TOTP key of the factor the harness gives an account that has none (base32, as GoTrue's). */
export const HARNESS_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** Gives an existing account a verified TOTP factor unless it has one; returns its id and key. */
export async function ensureSecondFactor(local: LocalSupabase, account: string): Promise<{ id: string; secret: string } | null> {
  return local.db.asSystem(async (tx) => {
    await tx.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       select gen_random_uuid(), u.id, 'Тестове', 'totp', 'verified', now(), now(), $2
         from auth.users u
        where u.id = $1
          and not exists (select 1 from auth.mfa_factors f where f.user_id = u.id and f.status::text = 'verified')`,
      [account, HARNESS_TOTP_SECRET],
    );
    const { rows } = await tx.query<{ id: string; secret: string }>(
      `select id, secret from auth.mfa_factors where user_id = $1 and status::text = 'verified' order by created_at limit 1`,
      [account],
    );
    return rows[0] ?? null;
  });
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
  const make = (key: string, token?: string, address = randomVisitorAddress(), first?: () => Promise<unknown>) => {
    // work to be done once before the client's first request (a factor for a minted aal2 token)
    let ready: Promise<unknown> | undefined;
    const fetchAfter: typeof fetch = async (input, init) => {
      if (first) await (ready ??= first());
      return fetch(input, init);
    };
    return createClient(url, key, {
      ...noPersist,
      global: {
        headers: { 'cf-connecting-ip': address, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        ...(first ? { fetch: fetchAfter } : {}),
      },
    });
  };
  return {
    local,
    url,
    anon: make(LOCAL_ANON_KEY),
    service: make(LOCAL_SERVICE_ROLE_KEY),
    as({ aal = 'aal2', ...claims }) {
      const now = Math.floor(Date.now() / 1000);
      // GoTrue's claims of a session: its level and the methods that reached it, newest first
      const amr = aal === 'aal2' ? [{ method: 'totp', timestamp: now }, { method: 'password', timestamp: now }] : [{ method: 'password', timestamp: now }];
      const token = signJwt(
        { aud: 'authenticated', role: 'authenticated', exp: now + 3600, iat: now, aal, amr, ...claims },
        LOCAL_JWT_SECRET,
      );
      return make(LOCAL_ANON_KEY, token, undefined, aal === 'aal2' ? () => ensureSecondFactor(local, claims.sub) : undefined);
    },
    async signInWithSecondFactor(client, email, password) {
      const signedIn = await client.auth.signInWithPassword({ email, password });
      if (signedIn.error || !signedIn.data.user) throw new Error(`sign-in of ${email} failed: ${signedIn.error?.message}`);
      const factor = await ensureSecondFactor(local, signedIn.data.user.id);
      if (!factor) throw new Error(`no factor for ${email}`);
      const verified = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totpCode(factor.secret) });
      if (verified.error) throw new Error(`second factor of ${email} failed: ${verified.error.message}`);
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
