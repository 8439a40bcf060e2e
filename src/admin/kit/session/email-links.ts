import type { Session } from '@supabase/auth-js';
import { getSupabase } from '@/shared/db/supabase';
import { authMessages } from './messages';

/*
 * GoTrue's e-mailed links (a password reset, an invitation) and a new password: for the pages they
 * open (login/PasswordPage.tsx), fetched with them, never with the sign-in page.
 */

/** The two e-mailed links the sign-in's pages take: a password reset, an invitation. */
export type EmailLinkType = 'recovery' | 'invite';

/**
 * Asks GoTrue to e-mail a password reset to an address (POST /auth/v1/recover): it answers the
 * same whether or not the address has an account. Rejects with its error (over_email_send_rate_limit …).
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.resetPasswordForEmail(email.trim());
  if (error) throw error;
}

/**
 * Uses an e-mailed link (its token hash): GoTrue verifies it once and answers a session, which
 * the client keeps. Called by the page's button, never by opening the link.
 */
export async function verifyEmailLink(tokenHash: string, type: EmailLinkType): Promise<Session> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.verifyOtp({ token_hash: tokenHash, type });
  if (error) throw error;
  if (!data.session) throw new Error(authMessages.signInFailedFallback);
  return data.session;
}

/** Sets the signed-in account's password (PUT /auth/v1/user); rejects with GoTrue's error (weak_password, same_password …). */
export async function setOwnPassword(password: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
}
