// One place for the ports and configuration the end-to-end run uses, so the build, the
// stand-in, the preview server and the tests agree.
//
// The suite runs in E2E_WORKERS Playwright workers (2 by default), each in a slot of its own: its
// own stand-in, its own `vite preview` and its own build (the build bakes the stand-in's and the
// site's addresses in). Slot i uses the base ports + 10·i; a worker finds its slot in
// TEST_PARALLEL_INDEX, which Playwright sets in each worker (and reuses for the worker that
// replaces one), the servers and the build in E2E_SLOT. E2E_BACKEND_PORT, E2E_PREVIEW_PORT and
// E2E_OUT_DIR move the base, to run two end-to-end suites side by side.
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from './local-backend.mjs';

const env = typeof process !== 'undefined' ? process.env : {};

/** How many workers, slots and builds the suite has. */
export const E2E_WORKERS = Math.max(1, Number(env.E2E_WORKERS ?? 2));

/** Everything one slot's servers, build and tests need to agree on. */
export function e2eSlot(slot) {
  const backendPort = Number(env.E2E_BACKEND_PORT ?? 54331) + 10 * slot;
  const previewPort = Number(env.E2E_PREVIEW_PORT ?? 4174) + 10 * slot;
  const outDir = env.E2E_OUT_DIR ? (slot === 0 ? env.E2E_OUT_DIR : `${env.E2E_OUT_DIR}-${slot}`) : `.cache/e2e-dist-${backendPort}`;
  const backendUrl = `http://127.0.0.1:${backendPort}`;
  const siteUrl = `http://127.0.0.1:${previewPort}`;
  return {
    slot,
    backendPort,
    previewPort,
    outDir,
    backendUrl,
    siteUrl,
    /** The environment the site is built with for this slot. */
    buildEnv: { VITE_SUPABASE_URL: backendUrl, VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY, VITE_SITE_URL: siteUrl },
  };
}

/** This process's slot: the worker's, the server's or build's it was started for, else the first. */
export const E2E_SLOT = Number(env.E2E_SLOT ?? env.TEST_PARALLEL_INDEX ?? 0);
const mine = e2eSlot(E2E_SLOT);
export const E2E_BACKEND_PORT = mine.backendPort;
export const E2E_PREVIEW_PORT = mine.previewPort;
export const E2E_OUT_DIR = mine.outDir;
export const E2E_BACKEND_URL = mine.backendUrl;
export const E2E_SITE_URL = mine.siteUrl;
export { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY };

/** The environment the site is built with for the end-to-end run (this process's slot). */
export const e2eBuildEnv = mine.buildEnv;
