import type { Session } from '@supabase/auth-js';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AuthContext, type AuthState, type AuthUser, type BlogUser, type SecondFactorStep } from './auth-context';
import { assuranceOf, pendingFactorOf } from './second-factor';
import { errorMessage } from '@/shared/db/errors';
import { getSupabase, hasStoredSession } from '@/shared/db/supabase';
import {
  checkAdmission,
  currentSession,
  dropSession,
  keepSession,
  onSessionChange,
  passSecondFactor,
  passwordGrant,
  signOutEverywhere,
  type Admission,
} from './api';
import { authMessages } from './messages';

/*
 * The one auth provider. It restores the stored session on load, follows
 * every auth change, and admits an account only when a blog_users row with its e-mail exists and
 * is active; otherwise it signs the account out and keeps the reason in `notice` for /login.
 * While signed in it looks the row up again when the window regains focus and once a minute, so a
 * deactivated user is locked out on their next request (the database refuses their writes anyway).
 */

interface Snapshot {
  user: AuthUser | null;
  blogUser: BlogUser | null;
  /** The admitted session's level (AuthState.assurance); 'aal1' when nobody is in. */
  assurance?: string;
  loading: boolean;
  notice: string | null;
  /** An admitted account whose session must still pass its second factor (AuthState.secondFactor). */
  secondFactor?: SecondFactorStep | null;
}

const RECHECK_INTERVAL_MS = 60_000;

export function AuthProvider({ children, onSigningIn }: { children: ReactNode; /** Called as a sign-in starts (the panel fetches its code meanwhile). */ onSigningIn?: () => void }) {
  const [snap, setSnap] = useState<Snapshot>(() => ({ user: null, blogUser: null, loading: hasStoredSession(), notice: null }));
  // The admission check of the current token, shared by the sign-in call and the auth event.
  const inflight = useRef<{ token: string; promise: Promise<Admission> } | null>(null);
  // The token of the most recent session change; answers for older tokens are ignored.
  const latestToken = useRef<string | null>(null);

  const apply = useCallback(
    async (session: Session | null, options: { force?: boolean; keepOnError?: boolean } = {}): Promise<Admission | null> => {
      if (!session) {
        latestToken.current = null;
        inflight.current = null;
        setSnap((s) => ({ user: null, blogUser: null, loading: false, notice: s.notice }));
        return null;
      }
      const token = session.access_token;
      latestToken.current = token;
      let pending = inflight.current;
      if (options.force || !pending || pending.token !== token) {
        pending = { token, promise: checkAdmission(session) };
        inflight.current = pending;
      }
      const result = await pending.promise;
      if (latestToken.current !== token) return result; // superseded by a newer session change

      if (result.ok) {
        // an account with a verified factor comes in with an aal2 session only: until then the
        // sign-in page asks for the code (login/CodeStep.tsx)
        const factorId = pendingFactorOf(session);
        if (factorId) setSnap({ user: null, blogUser: null, loading: false, notice: null, secondFactor: { factorId, email: result.user.email } });
        else setSnap({ user: result.user, blogUser: result.blogUser, assurance: assuranceOf(session), loading: false, notice: null });
        return result;
      }
      if (result.reason === 'lookup-failed') {
        console.error('[auth] blog user look-up failed', result.error);
        if (options.force) inflight.current = null;
        // A periodic re-check that fails for a network reason keeps the user in.
        if (!options.keepOnError) setSnap({ user: null, blogUser: null, loading: false, notice: result.message });
        return result;
      }
      // No blog user, or an inactive one: signed out, with the reason for the login page.
      inflight.current = null;
      setSnap({ user: null, blogUser: null, loading: false, notice: result.message });
      try {
        await dropSession();
      } catch (error) {
        console.error('[auth] could not end a refused session', error);
      }
      return result;
    },
    [],
  );

  // The subscription to auth changes (INITIAL_SESSION comes first, restoring a stored session).
  // It starts with the page when this browser keeps a session, else with the first sign-in: the
  // sign-in form of a browser with nothing stored needs no auth client until 'Вход' is pressed.
  const subscription = useRef<{ cancelled: boolean; off: (() => void) | null } | null>(null);
  const follow = useCallback(() => {
    if (subscription.current) return;
    const mine = { cancelled: false, off: null as (() => void) | null };
    subscription.current = mine;
    onSessionChange((session) => {
      if (!mine.cancelled) void apply(session);
    })
      .then((off) => {
        if (mine.cancelled) off();
        else mine.off = off;
      })
      .catch((error: unknown) => {
        console.error('[auth] could not start the auth client', error);
        if (subscription.current === mine) subscription.current = null;
        if (!mine.cancelled) setSnap({ user: null, blogUser: null, loading: false, notice: errorMessage(error, authMessages.lookupFailed) });
      });
  }, [apply]);

  useEffect(() => {
    if (hasStoredSession()) follow();
    else setSnap((s) => (s.loading ? { ...s, loading: false } : s));
    return () => {
      const current = subscription.current;
      subscription.current = null;
      if (current) {
        current.cancelled = true;
        current.off?.();
      }
    };
  }, [follow]);

  const recheck = useCallback(async () => {
    try {
      const session = await currentSession();
      await apply(session, { force: true, keepOnError: true });
    } catch (error) {
      console.error('[auth] re-check failed', error);
    }
  }, [apply]);

  // While someone is signed in, check their admission again on focus and once a minute.
  const signedInId = snap.user?.id ?? null;
  useEffect(() => {
    if (!signedInId) return;
    const onFocus = () => void recheck();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void recheck();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    const timer = window.setInterval(onFocus, RECHECK_INTERVAL_MS);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
      window.clearInterval(timer);
    };
  }, [signedInId, recheck]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      setSnap((s) => ({ ...s, notice: null }));
      onSigningIn?.();
      // the grant goes out at once, while GoTrue's client's code is fetched (getSupabase)
      void getSupabase().catch(() => undefined);
      const grant = await passwordGrant(email.trim(), password);
      // the admission look-up runs while the client takes the session over; apply() then finds
      // it in flight for the same token instead of asking again
      const admission = { token: grant.access_token, promise: checkAdmission(grant) };
      inflight.current = admission;
      const session = await keepSession(grant);
      follow();
      const result = await apply(session);
      if (!result?.ok) throw new Error(result?.message ?? authMessages.signInFailedFallback);
      return pendingFactorOf(session) ? 'second-factor' : 'signed-in';
    },
    [apply, follow, onSigningIn],
  );

  const acceptLink = useCallback(
    async (tokenHash: string, type: 'recovery' | 'invite') => {
      setSnap((s) => ({ ...s, notice: null }));
      const { verifyEmailLink } = await import('./email-links');
      const session = await verifyEmailLink(tokenHash, type);
      follow();
      const result = await apply(session);
      if (!result?.ok) throw new Error(result?.message ?? authMessages.signInFailedFallback);
      return pendingFactorOf(session) ? 'second-factor' : 'signed-in';
    },
    [apply, follow],
  );

  const verifyCode = useCallback(
    async (code: string) => {
      const step = snap.secondFactor;
      if (!step) throw new Error(authMessages.signInFailedFallback);
      const session = await passSecondFactor(step.factorId, code);
      const result = await apply(session);
      if (!result?.ok) throw new Error(result?.message ?? authMessages.signInFailedFallback);
    },
    [apply, snap.secondFactor],
  );

  const signOut = useCallback(async () => {
    await signOutEverywhere();
    latestToken.current = null;
    inflight.current = null;
    setSnap({ user: null, blogUser: null, loading: false, notice: null });
  }, []);

  const value = useMemo<AuthState>(
    () => ({ ...snap, assurance: snap.assurance ?? 'aal1', secondFactor: snap.secondFactor ?? null, signIn, signOut, recheck, verifyCode, acceptLink }),
    [snap, signIn, signOut, recheck, verifyCode, acceptLink],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
