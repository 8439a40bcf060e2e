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
