// One place for the ports and configuration the end-to-end run uses, so the build, the
// stand-in, the preview server and the tests agree. E2E_BACKEND_PORT, E2E_PREVIEW_PORT and
// E2E_OUT_DIR may be set to run two end-to-end suites side by side.
const env = typeof process !== 'undefined' ? process.env : {};
export const E2E_BACKEND_PORT = Number(env.E2E_BACKEND_PORT ?? 54331);
export const E2E_PREVIEW_PORT = Number(env.E2E_PREVIEW_PORT ?? 4174);
export const E2E_OUT_DIR = env.E2E_OUT_DIR ?? `.cache/e2e-dist-${E2E_BACKEND_PORT}`;
export const E2E_BACKEND_URL = `http://127.0.0.1:${E2E_BACKEND_PORT}`;
export const E2E_SITE_URL = `http://127.0.0.1:${E2E_PREVIEW_PORT}`;
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/** The environment the site is built with for the end-to-end run. */
export const e2eBuildEnv = {
  VITE_SUPABASE_URL: E2E_BACKEND_URL,
  VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
  VITE_SITE_URL: E2E_SITE_URL,
};
