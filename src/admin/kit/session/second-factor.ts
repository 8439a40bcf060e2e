import type { Session } from '@supabase/auth-js';

/*
 * The second factor of a sign-in (Supabase Auth's TOTP, /auth/v1/factors): an account with a
 * verified factor is let in only with an `aal2` session, one whose token was issued after a code
 * from the authenticator app. This is the rule, on the sign-in's way; the texts and the code's
 * checks are in second-factor-words.ts, the calls in api.ts, the state in AuthProvider.tsx, the
 * code's form in login/CodeStep.tsx (fetched when needed) and the enrolment in security/.
 */


/** The claims of an access token (a JWT's middle part), or an empty object when it is not one. */
function claimsOf(token: string): Record<string, unknown> {
  try {
    const part = token.split('.')[1] ?? '';
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    const claims: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The session's assurance level as its token says ('aal1', 'aal2'), as GoTrue's client reads it. */
export function assuranceOf(session: Pick<Session, 'access_token'>): string {
  const aal = claimsOf(session.access_token).aal;
  return typeof aal === 'string' ? aal : 'aal1';
}

/**
 * The verified TOTP factor this session must still pass (its token is not yet aal2), or null when
 * the account has none or the session has passed it. From the session alone, as GoTrue's client
 * decides the next level (getAuthenticatorAssuranceLevel): no request.
 */
export function pendingFactorOf(session: Pick<Session, 'access_token' | 'user'>): string | null {
  const factor = session.user.factors?.find((f) => f.factor_type === 'totp' && f.status === 'verified');
  if (!factor) return null;
  return assuranceOf(session) === 'aal2' ? null : factor.id;
}
