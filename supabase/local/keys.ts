// The Supabase CLI's well-known local development secret and the demo keys signed with it.
// These are public on purpose: they only ever unlock a database on the developer's own machine.
import { signJwt } from './jwt.ts';

export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
const DEMO_EXPIRY = 1983812996;

export const LOCAL_ANON_KEY = signJwt({ iss: 'supabase-demo', role: 'anon', exp: DEMO_EXPIRY }, LOCAL_JWT_SECRET);
export const LOCAL_SERVICE_ROLE_KEY = signJwt(
  { iss: 'supabase-demo', role: 'service_role', exp: DEMO_EXPIRY },
  LOCAL_JWT_SECRET,
);

export const LOCAL_PORT = 54321;
export const LOCAL_ADMIN = { email: 'admin@example.com', password: 'admin-local-password' } as const;

/**
 * The local stand-in's mail-webhook signing secret (Standard Webhooks' whsec_ form), which its
 * Edge Function mail-events gets when supabase/functions/.env names none: public on purpose, like
 * the JWT secret; a hosted project's comes from the provider.
 */
export const LOCAL_MAIL_WEBHOOK_SECRET = `whsec_${Buffer.from('sinaptika-local-mail-webhook-secret').toString('base64')}`;
