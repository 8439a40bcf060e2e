// Builds the site for the end-to-end run, pointed at the in-memory stand-in of that run.
import { e2eBuildEnv, E2E_OUT_DIR } from './e2e-env.mjs';
import { npx } from './run.mjs';

const code = await npx(['vite', 'build', '--outDir', E2E_OUT_DIR, '--emptyOutDir', '--logLevel', 'warn'], {
  env: e2eBuildEnv,
});
process.exit(code);
