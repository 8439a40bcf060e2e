// `npm run dev`: the local Supabase stand-in (with demo content) and the Vite dev server together.
// Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { LOCAL_ADMIN, siteEnv, startBackendIfLocal } from './local-backend.mjs';

const backend = await startBackendIfLocal();
const env = siteEnv();
const vite = spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--host', '127.0.0.1', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, ...env },
});

setTimeout(() => {
  console.log('\n  Site:        http://127.0.0.1:5173  (Vite prints the exact address above)');
  if (backend) console.log(`  Admin login: ${LOCAL_ADMIN}  at /login`);
  console.log('  Stop:        Ctrl-C\n');
}, 1500);

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  vite.kill('SIGTERM');
  await backend?.stop();
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
vite.on('exit', (code) => stop(code ?? 0));
