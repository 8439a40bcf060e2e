import type { Session } from '@supabase/auth-js';
import type { AuthUser, BlogUser } from './auth-context';
import { AUTH_STORAGE_KEY, getSupabase } from '@/shared/db/supabase';
import { authMessages } from './messages';

/*
 * The auth feature's calls to Supabase: password sign-in, sign-out, and the admission look-up: the
 * blog_users row made for this very account (blog_users.user_id; the database's is_admin() asks
 * the same), active. The columns are named: blog_users.password can never be read by a client.
 */

export const BLOG_USER_COLUMNS = 'id, username, full_name, email, is_active, created_at' as const;

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

export function accountOf(session: Session): AuthUser {
  return { id: session.user.id, email: (session.user.email ?? '').toLowerCase() };
}

/** Looks up the blog user of the signed-in account (row-level security lets it read its own row). */
export async function findBlogUserOfAccount(accountId: string): Promise<BlogUser | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('blog_users').select(BLOG_USER_COLUMNS).eq('user_id', accountId).maybeSingle();
  if (error) throw error;
  return data;
}

/** Checks whether a session's account may enter the admin area. Never throws. */
export async function checkAdmission(session: Session): Promise<Admission> {
  const user = accountOf(session);
  if (!user.email) return { ok: false, reason: 'not-authorized', message: authMessages.notAuthorized };
  try {
    return decideAdmission(user, await findBlogUserOfAccount(user.id));
  } catch (error) {
    return { ok: false, reason: 'lookup-failed', message: authMessages.lookupFailed, error };
  }
}

export async function signInWithPassword(email: string, password: string): Promise<Session> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.signInWithPassword({ email: email.trim(), password });
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
