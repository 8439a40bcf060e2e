// One place for the ports and configuration the end-to-end run uses, so the build, the
// stand-in, the preview server and the tests agree. E2E_BACKEND_PORT, E2E_PREVIEW_PORT and
// E2E_OUT_DIR may be set to run two end-to-end suites side by side.
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from './local-backend.mjs';

const env = typeof process !== 'undefined' ? process.env : {};
export const E2E_BACKEND_PORT = Number(env.E2E_BACKEND_PORT ?? 54331);
export const E2E_PREVIEW_PORT = Number(env.E2E_PREVIEW_PORT ?? 4174);
export const E2E_OUT_DIR = env.E2E_OUT_DIR ?? `.cache/e2e-dist-${E2E_BACKEND_PORT}`;
export const E2E_BACKEND_URL = `http://127.0.0.1:${E2E_BACKEND_PORT}`;
export const E2E_SITE_URL = `http://127.0.0.1:${E2E_PREVIEW_PORT}`;
export { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY };

/** The environment the site is built with for the end-to-end run. */
export const e2eBuildEnv = {
  VITE_SUPABASE_URL: E2E_BACKEND_URL,
  VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
  VITE_SITE_URL: E2E_SITE_URL,
};
