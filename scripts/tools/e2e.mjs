// End-to-end tests: Playwright in a Chromium found on this machine, against `vite preview` of
// the built site and the stand-in in memory (both started by playwright.config.ts), one of each
// per worker (scripts/tools/e2e-env.mjs).
import { existsSync } from 'node:fs';
import { findHeadlessShell, HOW_TO_GET_CHROMIUM } from './chromium.mjs';
import { E2E_WORKERS, e2eSlot } from './e2e-env.mjs';
import { npx, run } from './run.mjs';

const chromium = process.env.CHROMIUM_PATH ?? (await findHeadlessShell());
if (!chromium) {
  console.error(HOW_TO_GET_CHROMIUM);
  process.exit(1);
}
const built = Array.from({ length: E2E_WORKERS }, (_, i) => existsSync(`${e2eSlot(i).outDir}/index.html`)).every(Boolean);
if (process.argv.includes('--build') || !built) {
  const code = await run('node', ['scripts/tools/build-e2e.mjs']);
  if (code !== 0) process.exit(code);
}
const extra = process.argv.slice(2).filter((a) => a !== '--build');
process.exit(await npx(['playwright', 'test', ...extra], { env: { CHROMIUM_PATH: chromium } }));
