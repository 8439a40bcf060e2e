import type { Factor } from '@supabase/auth-js';
import { getSupabase } from '@/shared/db/supabase';
import { site } from '@/shared/config/site';

/*
 * The signed-in account's own second factor, through GoTrue's MFA API (/auth/v1/factors): list,
 * enrol a TOTP factor (a secret for the authenticator app, as a QR code and as text), confirm it
 * with a first code, remove it. GoTrue decides who may: removing a verified factor takes an aal2
 * session, which an account with one has.
 */

/** The account's TOTP factors as GoTrue lists them (verified first). */
export async function totpFactors(): Promise<Factor[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  return [...data.all.filter((f) => f.factor_type === 'totp')].sort((a, b) => Number(b.status === 'verified') - Number(a.status === 'verified'));
}

export interface Enrolment {
  factorId: string;
  /** An SVG data URI, as GoTrue draws it. */
  qrCode: string;
  /** The shared secret in base32, for typing into the app by hand. */
  secret: string;
}

/**
 * A new TOTP factor, unverified until its first code: an earlier attempt left unverified is
 * removed first (GoTrue would count it, and its secret was never confirmed).
 */
export async function enrolTotp(): Promise<Enrolment> {
  const supabase = await getSupabase();
  for (const stale of (await totpFactors()).filter((f) => f.status !== 'verified')) {
    const { error } = await supabase.auth.mfa.unenroll({ factorId: stale.id });
    if (error) throw error;
  }
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: `${site.name} ${new Date().toISOString().slice(0, 16)}`, issuer: site.name });
  if (error) throw error;
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
}

/** Confirms a new factor with its first code; the session becomes aal2. Rejects with GoTrue's error. */
export async function confirmTotp(factorId: string, code: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code: code.replace(/\s/g, '') });
  if (error) throw error;
}

/**
 * Removes a factor (GoTrue asks for an aal2 session when it is verified), then takes a new token:
 * GoTrue has dropped the session back to aal1, and the token in hand would still say aal2 until it
 * expires, so the panel would show the sections with visitors' data open while the database
 * already refuses them (private.has_second_factor). The new token closes them at once.
 */
export async function removeTotp(factorId: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) throw error;
  const refreshed = await supabase.auth.refreshSession();
  if (refreshed.error) console.error('[security] the session could not be renewed after removing the factor', refreshed.error);
}
