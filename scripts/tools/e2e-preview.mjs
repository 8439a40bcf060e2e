// The end-to-end run's web server: `vite preview` of a fresh copy of the e2e build. The tests
// change content, and the publisher (scripts/publisher/) rewrites the static pages to match, so each
// run starts from the build as it was made, whatever an earlier run left in its copy.
import { cpSync, rmSync } from 'node:fs';
import { preview } from 'vite';
import { ssrDirFor } from '../publisher/site.mjs';
import { E2E_OUT_DIR, E2E_PREVIEW_PORT, LOCAL_SERVICE_ROLE_KEY } from './e2e-env.mjs';

export const E2E_LIVE_DIR = `${E2E_OUT_DIR}-live`;

rmSync(E2E_LIVE_DIR, { recursive: true, force: true });
cpSync(E2E_OUT_DIR, E2E_LIVE_DIR, { recursive: true });
rmSync(ssrDirFor(E2E_LIVE_DIR), { recursive: true, force: true });
cpSync(ssrDirFor(E2E_OUT_DIR), ssrDirFor(E2E_LIVE_DIR), { recursive: true });

// the preview's publisher registers itself with the run's stand-in, whose key this is
process.env.SUPABASE_SERVICE_ROLE_KEY = LOCAL_SERVICE_ROLE_KEY;
const server = await preview({
  logLevel: 'warn',
  build: { outDir: E2E_LIVE_DIR },
  preview: { port: E2E_PREVIEW_PORT, strictPort: true, host: '127.0.0.1' },
});
server.printUrls();
const stop = () => server.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
