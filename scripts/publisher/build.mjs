// The production build, what a host runs: the client bundle (vite build), the public pages
// prerendered with the database's data and the not-found page 404.html (prerender.mjs, which also
// builds the server bundle), the sitemap and the feed (feeds.mjs, which takes their addresses from
// that bundle), and the hosts' rules and security headers (host-config.mjs: _headers, _redirects,
// _headers.nginx), all into --out (dist by default).
//
//   node scripts/publisher/build.mjs [--out dist]
//
// The pages are prerendered with the data of the Supabase project the site is configured for
// (VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY and VITE_SITE_URL, from the environment or .env; every
// variable the publisher reads is listed at the top of server.mjs). When that database does not
// answer, the pages are prerendered without data and the build still succeeds.
//
// `npm run build` runs this through a developer's wrapper that first starts the local stand-in
// when the configuration points at it, so a fresh clone's build holds the demo content; with a
// hosted project the wrapper only hands over to this file.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Runs one step with inherited output; resolves with its exit code. */
function step(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`[build] ${command}: ${error.message}`);
      resolve(1);
    });
  });
}
const script = (name) => fileURLToPath(new URL(name, import.meta.url));

const outArg = process.argv.indexOf('--out');
const out = outArg > 0 ? process.argv[outArg + 1] : 'dist';
let code = await step('npx', ['--no-install', 'vite', 'build', '--outDir', out, '--emptyOutDir']);
// each in a process of its own: the prerenderer sets the time zone its pages' dates are written in
if (code === 0) code = await step(process.execPath, [script('./prerender.mjs'), '--out', out]);
if (code === 0) code = await step(process.execPath, [script('./feeds.mjs'), '--out', out]);
// the hosts' rules and security headers, from the pages just written (host-config.mjs)
if (code === 0) code = await step(process.execPath, [script('./host-config.mjs'), '--out', out]);
process.exit(code);
