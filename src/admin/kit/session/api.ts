import type { Session } from '@supabase/auth-js';
import type { AuthUser, BlogUser } from './auth-context';
import { AUTH_STORAGE_KEY, getSupabase, getSupabaseConfig } from '@/shared/db/supabase';
import { authMessages } from './messages';

/*
 * The auth feature's calls to Supabase: password sign-in, sign-out, and the admission look-up: the
 * blog_users row made for this very account (blog_users.user_id; the database's is_admin() asks
 * the same), active. The columns are named: blog_users.password can never be read by a client.
 */

export const BLOG_USER_COLUMNS = 'id, username, full_name, email, is_active, created_at, role' as const;

export type Admission =
  | { ok: true; user: AuthUser; blogUser: BlogUser }
  | { ok: false; reason: 'not-authorized' | 'inactive'; message: string }
  | { ok: false; reason: 'lookup-failed'; message: string; error: unknown };

/** Decides admission from the blog_users row found for the account (or none). */
export function decideAdmission(user: AuthUser, row: BlogUser | null): Admission {
  if (!row) return { ok: false, reason: 'not-authorized', message: authMessages.notAuthorized };
  if (!row.is_active) return { ok: false, reason: 'inactive', message: authMessages.inactive };
  return { ok: true, user, blogUser: row };
}

export function accountOf(session: Pick<Session, 'user'>): AuthUser {
  return { id: session.user.id, email: (session.user.email ?? '').toLowerCase() };
}

/**
 * Looks up the blog user of the signed-in account (row-level security lets it read its own row),
 * with that session's token: the look-up may run while GoTrue's client is still taking the session
 * over (a sign-in), before the client would send the token itself.
 */
export async function findBlogUserOfAccount(accountId: string, accessToken: string): Promise<BlogUser | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('blog_users')
    .select(BLOG_USER_COLUMNS)
    .eq('user_id', accountId)
    .setHeader('Authorization', `Bearer ${accessToken}`)
    .maybeSingle();
  if (error) throw error;
  return data;
}

/** Checks whether a session's account may enter the admin area. Never throws. */
export async function checkAdmission(session: Pick<Session, 'access_token' | 'user'>): Promise<Admission> {
  const user = accountOf(session);
  if (!user.email) return { ok: false, reason: 'not-authorized', message: authMessages.notAuthorized };
  try {
    return decideAdmission(user, await findBlogUserOfAccount(user.id, session.access_token));
  } catch (error) {
    return { ok: false, reason: 'lookup-failed', message: authMessages.lookupFailed, error };
  }
}

/** GoTrue's answer to a password grant: a session, or an error in one of its shapes. */
interface GrantAnswer {
  access_token?: string;
  refresh_token?: string;
  user?: Session['user'];
  msg?: string;
  message?: string;
  error_description?: string;
  error?: string;
  code?: string | number;
  error_code?: string;
}

/** The message of a GoTrue error, read as its client reads it (msg, message, error_description, error). */
function grantError(answer: GrantAnswer | null, status: number): Error {
  const text = [answer?.msg, answer?.message, answer?.error_description, answer?.error].find((t) => typeof t === 'string' && t.trim());
  const code = typeof answer?.error_code === 'string' ? answer.error_code : typeof answer?.code === 'string' ? answer.code : undefined;
  return Object.assign(new Error(text ?? authMessages.signInFailedFallback), { status, code });
}

/**
 * GoTrue's password grant (POST /auth/v1/token?grant_type=password), sent at once: the sign-in page
 * does not wait for GoTrue's client, whose code is fetched meanwhile (about 90 KB, which the page
 * only loads when it is needed). The client then takes the session over (signInWithPassword).
 */
export async function passwordGrant(email: string, password: string): Promise<Grant> {
  const { url, anonKey } = getSupabaseConfig();
  const response = await fetch(`${url.replace(/\/$/, '')}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'Content-Type': 'application/json;charset=UTF-8', 'X-Supabase-Api-Version': '2024-01-01' },
    body: JSON.stringify({ email, password, gotrue_meta_security: {} }),
  });
  const answer = (await response.json().catch(() => null)) as GrantAnswer | null;
  if (!response.ok || !answer?.access_token || !answer.refresh_token || !answer.user) throw grantError(answer, response.status);
  return { access_token: answer.access_token, refresh_token: answer.refresh_token, user: answer.user };
}

/** A session as the password grant hands it over, before GoTrue's client keeps it. */
export type Grant = Pick<Session, 'access_token' | 'refresh_token' | 'user'>;

/**
 * GoTrue's client keeps a granted session: setSession checks the token with GoTrue, stores it and
 * tells every listener SIGNED_IN, as the client's own password sign-in does.
 */
export async function keepSession(grant: Grant): Promise<Session> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.setSession({ access_token: grant.access_token, refresh_token: grant.refresh_token });
  if (error) throw error;
  if (!data.session) throw new Error(authMessages.signInFailedFallback);
  return data.session;
}

function forgetStoredSession(): void {
  try {
    window.localStorage.removeItem(AUTH_STORAGE_KEY);
  } catch {
    // storage unavailable: nothing stored either
  }
}

/** Signs out on the server and removes the stored token. Rejects when the server refuses. */
export async function signOutEverywhere(): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.signOut();
  if (error) throw error;
  forgetStoredSession();
}

/** Ends a refused session locally, whatever the server says (used when admission fails). */
export async function dropSession(): Promise<void> {
  const supabase = await getSupabase();
  try {
    await supabase.auth.signOut({ scope: 'local' });
  } finally {
    forgetStoredSession();
  }
}

/** Subscribes to session changes; the callback runs outside supabase-js's own lock. */
export async function onSessionChange(callback: (session: Session | null) => void): Promise<() => void> {
  const supabase = await getSupabase();
  const { data } = supabase.auth.onAuthStateChange((_event, session) => {
    // supabase-js holds a lock while it notifies; calling it back from here would wait forever.
    setTimeout(() => callback(session), 0);
  });
  return () => data.subscription.unsubscribe();
}

export async function currentSession(): Promise<Session | null> {
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getSession();
  return data.session;
}

/**
 * Passes the account's second factor with a code from its authenticator app: GoTrue's challenge
 * and verify (/auth/v1/factors/<id>/challenge, /verify), after which the client keeps the new,
 * aal2 session. Rejects with GoTrue's error (mfa_verification_failed, mfa_challenge_expired …).
 */
export async function passSecondFactor(factorId: string, code: string): Promise<Session> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code: code.replace(/\s/g, '') });
  if (error) throw error;
  const { data } = await supabase.auth.getSession();
  if (!data.session) throw new Error(authMessages.signInFailedFallback);
  return data.session;
}

