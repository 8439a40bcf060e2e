// `npm run deno -- <args>`: the project's own Deno (the pinned `deno` devDependency) with the
// stand-in's settings (DENO_DIR under .cache/, no update check), e.g. `npm run deno -- --version`.
// `npm run typecheck:functions` uses it to type-check the Deno code the Node type check leaves out.
import { spawnSync } from 'node:child_process';
import { denoBinary, denoEnv } from '../../supabase/local/functions/deno.ts';

const deno = denoBinary();
if (!deno) {
  console.error('Deno is not installed: run `npm install` (the `deno` devDependency)');
  process.exit(1);
}
const result = spawnSync(deno, process.argv.slice(2), { stdio: 'inherit', env: { ...process.env, ...denoEnv() } });
process.exit(result.status ?? 1);
