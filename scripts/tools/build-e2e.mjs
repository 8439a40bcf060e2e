// Builds the site for the end-to-end run exactly as `npm run build` builds it for production
// (client build, prerendered pages and 404.html, sitemap and feed, the hosts' rules and security
// headers), pointed at the stand-in of that run. A
// throw-away stand-in with the same seed answers while the pages are prerendered.
//
// Each slot of the run (scripts/tools/e2e-env.mjs) has a build of its own, since the addresses are
// baked in: without E2E_SLOT this builds every slot, side by side; with it, that slot's.
import { spawn } from 'node:child_process';
import { E2E_BACKEND_PORT, E2E_BACKEND_URL, e2eBuildEnv, E2E_OUT_DIR, E2E_WORKERS } from './e2e-env.mjs';
import { run } from './run.mjs';

if (process.env.E2E_SLOT === undefined) {
  const slots = Array.from({ length: E2E_WORKERS }, (_, slot) => slot);
  const codes = await Promise.all(slots.map((slot) => run(process.execPath, [process.argv[1]], { env: { E2E_SLOT: String(slot) } })));
  process.exit(codes.find((c) => c !== 0) ?? 0);
}

async function healthy() {
  try {
    return (await fetch(`${E2E_BACKEND_URL}/__local/health`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

if (await healthy()) {
  console.error(`Port ${E2E_BACKEND_PORT} is already in use: stop what runs there, or set E2E_BACKEND_PORT.`);
  process.exit(1);
}
const backend = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/cli.ts', '--memory', '--no-read-replica', `--port=${E2E_BACKEND_PORT}`], {
  stdio: 'ignore',
});
let code = 1;
try {
  const deadline = Date.now() + 90_000;
  while (!(await healthy())) {
    if (backend.exitCode !== null || Date.now() > deadline) throw new Error('the stand-in for prerendering did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const env = e2eBuildEnv;
  code = await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', E2E_OUT_DIR, '--emptyOutDir', '--logLevel', 'warn'], { env });
  // the prerenderer builds the server bundle the feeds take their addresses from
  if (code === 0) code = await run(process.execPath, ['scripts/publisher/prerender.mjs', '--out', E2E_OUT_DIR], { env });
  if (code === 0) code = await run(process.execPath, ['scripts/publisher/feeds.mjs', '--out', E2E_OUT_DIR], { env });
  if (code === 0) code = await run(process.execPath, ['scripts/publisher/host-config.mjs', '--out', E2E_OUT_DIR], { env });
} finally {
  backend.kill('SIGTERM');
}
process.exit(code);
