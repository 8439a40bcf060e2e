// End-to-end tests: Playwright in a Chromium found on this machine, against `vite preview` of
// the built site and the stand-in in memory (both started by playwright.config.ts).
import { existsSync } from 'node:fs';
import { findChromium, HOW_TO_GET_CHROMIUM } from './chromium.mjs';
import { E2E_OUT_DIR } from './e2e-env.mjs';
import { npx, run } from './run.mjs';

const chromium = await findChromium();
if (!chromium) {
  console.error(HOW_TO_GET_CHROMIUM);
  process.exit(1);
}
if (process.argv.includes('--build') || !existsSync(`${E2E_OUT_DIR}/index.html`)) {
  const code = await run('node', ['scripts/tools/build-e2e.mjs']);
  if (code !== 0) process.exit(code);
}
const extra = process.argv.slice(2).filter((a) => a !== '--build');
process.exit(await npx(['playwright', 'test', ...extra], { env: { CHROMIUM_PATH: chromium } }));
