// The one MSW server of the component tests. Every request a component makes must be answered
// by a handler the test installs (server.use); anything else fails the test.
import { setupServer } from 'msw/node';

export const server = setupServer();

/** The Supabase URL the components project is configured with (vitest.config.ts). */
export const SUPABASE_URL = 'http://supabase.test';
export const rest = (path: string) => `${SUPABASE_URL}/rest/v1/${path.replace(/^\//, '')}`;
export const storage = (path: string) => `${SUPABASE_URL}/storage/v1/${path.replace(/^\//, '')}`;
export const authUrl = (path: string) => `${SUPABASE_URL}/auth/v1/${path.replace(/^\//, '')}`;
