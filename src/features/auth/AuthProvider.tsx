import type { ReactNode } from 'react';
import { AuthContext, signedOutState } from '@/app/auth-context';

/*
 * Placeholder from the app shell: provides the signed-out state, so /blog-admin and /work-admin
 * redirect to /login. The auth feature replaces it with the Supabase session, the blog_users
 * admission check (spec section 6) and sign-in/sign-out, keeping this export's name and props.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  return <AuthContext.Provider value={signedOutState}>{children}</AuthContext.Provider>;
}
