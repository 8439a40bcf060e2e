// `npm run dev`: the local Supabase stand-in (with demo content) and the Vite dev server together.
// Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { DEV_SITE_URL, isLocal, LOCAL_ADMIN, LOCAL_URL, siteEnv, startBackendIfLocal } from './local-backend.mjs';

const backend = await startBackendIfLocal({ siteUrl: DEV_SITE_URL });
const env = siteEnv();
const vite = spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--host', '127.0.0.1', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, ...env },
});

setTimeout(() => {
  console.log(`\n  Site:        ${DEV_SITE_URL}  (Vite prints the exact address above)`);
  if (backend) console.log(`  Admin login: ${LOCAL_ADMIN}  at /login`);
  // the mailbox is there whether this run started the stand-in or found one running
  if (isLocal(env.VITE_SUPABASE_URL)) console.log(`  Mail:        ${LOCAL_URL}/__local/mailbox  (the e-mails the site sends)`);
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
