// Starts the embedded Supabase stand-in for dev, preview and a local build, unless the
// configuration points the site at another Supabase (a hosted project, or `supabase start`).
import { spawn } from 'node:child_process';
import { LOCAL_ANON_KEY, LOCAL_URL, siteEnv } from '../publisher/config.mjs';

export { LOCAL_ANON_KEY, LOCAL_URL, siteEnv };
/** The stand-in's service-role key (the same demo key as `supabase start`): for local tooling only. */
export const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
export const LOCAL_ADMIN = 'admin@example.com / admin-local-password';

export const isLocal = (url) => /^https?:\/\/(127\.0\.0\.1|localhost):54321\/?$/.test(url);

async function healthy(url) {
  try {
    const res = await fetch(`${url}/__local/health`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

/** Where `npm run dev` serves the site (vite.config.ts's server.port). */
export const DEV_SITE_URL = 'http://127.0.0.1:5173';

/**
 * Starts the stand-in when the site is configured for it; returns a handle or null. `siteUrl` is
 * where the site runs, for the links in the e-mails the database sends (dev's by default).
 */
export async function startBackendIfLocal({ siteUrl = DEV_SITE_URL } = {}) {
  const env = siteEnv();
  if (!isLocal(env.VITE_SUPABASE_URL)) {
    console.log(`Using the Supabase project at ${env.VITE_SUPABASE_URL} (from .env)`);
    return null;
  }
  if (await healthy(LOCAL_URL)) {
    console.log(`A local stand-in already runs on ${LOCAL_URL}; using it.`);
    return null;
  }
  // node itself runs the stand-in (tsx as a loader), so stopping this one process stops it
  const child = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/cli.ts', `--site-url=${siteUrl}`], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (!(await healthy(LOCAL_URL))) {
    if (child.exitCode !== null) throw new Error('The local stand-in stopped while starting (see above).');
    if (Date.now() > deadline) throw new Error('The local stand-in did not start within two minutes.');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
