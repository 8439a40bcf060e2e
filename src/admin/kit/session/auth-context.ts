import { createContext, useContext } from 'react';
import type { Tables } from '@/shared/db/database.types';

/*
 * The session's contract: who is signed in, their blog user, and the checks the admin pages ask
 * for. kit/session/AuthProvider.tsx provides it; panel/RequireAdmin.tsx and the sections read it.
 * The whole session is admin code: it loads, lazily, only around /login, /blog-admin and
 * /work-admin (panel/routes.tsx), never with a public page.
 */

/** The signed-in Supabase account. */
export interface AuthUser {
  id: string;
  email: string;
}

/** The blog_users row admitting that account to the admin area (same e-mail, and active). */
export type BlogUser = Pick<Tables<'blog_users'>, 'id' | 'username' | 'full_name' | 'email' | 'is_active' | 'created_at' | 'role'>;

/** A sign-in that passed its password and waits for the authenticator's code. */
export interface SecondFactorStep {
  factorId: string;
  email: string;
}

export interface AuthState {
  /** The admitted account, or null (signed out, or signed out because it has no active blog user). */
  user: AuthUser | null;
  blogUser: BlogUser | null;
  /**
   * The session's assurance level: 'aal2' once it passed a second factor, else 'aal1'. The
   * sections with visitors' data open at aal2 only (roles.ts).
   */
  assurance: string;
  /** True until the initial session check (and blog user lookup) has finished. */
  loading: boolean;
  /**
   * Signs in with e-mail and password; rejects with the server's error. Resolves 'second-factor'
   * when the account has a verified TOTP factor and the code is still to come (secondFactor).
   */
  signIn: (email: string, password: string) => Promise<'signed-in' | 'second-factor'>;
  /** The account waiting for its authenticator's code after a right password, or null. */
  secondFactor: SecondFactorStep | null;
  /** Passes the second factor with a code; rejects with GoTrue's error (second-factor.ts words it). */
  verifyCode: (code: string) => Promise<void>;
  /**
   * Uses an e-mailed link (a password reset, an invitation) by its token hash: signs its account in,
   * as signIn does; rejects with GoTrue's error (otp_expired for a used or old link).
   */
  acceptLink: (tokenHash: string, type: 'recovery' | 'invite') => Promise<'signed-in' | 'second-factor'>;
  /** Signs out and removes the stored session. */
  signOut: () => Promise<void>;
  /**
   * Why the last session was refused or ended (e.g. 'Your account is inactive. Please contact
   * administrator.'), for the login page to show; null when there is nothing to say.
   */
  notice: string | null;
  /**
   * Looks the signed-in account's blog user up again and signs it out when it is no longer
   * admitted (deactivated or removed). Admin pages call it after a refused write.
   */
  recheck: () => Promise<void>;
}

function notMounted(): Promise<never> {
  return Promise.reject(new Error('Authentication is only available on the login and admin pages.'));
}

/** What any component sees outside an AuthProvider: signed out, not loading. */
export const signedOutState: AuthState = {
  user: null,
  blogUser: null,
  assurance: 'aal1',
  loading: false,
  signIn: notMounted,
  signOut: notMounted,
  secondFactor: null,
  verifyCode: notMounted,
  acceptLink: notMounted,
  notice: null,
  recheck: () => Promise.resolve(),
};

export const AuthContext = createContext<AuthState>(signedOutState);

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
