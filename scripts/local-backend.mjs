// Starts the embedded Supabase stand-in for dev and preview, unless the configuration points
// the site at another Supabase (a hosted project, or `supabase start`).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

export const LOCAL_URL = 'http://127.0.0.1:54321';
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const LOCAL_ADMIN = 'admin@example.com / admin-local-password';

/** The VITE_* configuration from .env files and the environment, with local defaults. */
export function siteEnv() {
  const fromFiles = {};
  for (const file of ['.env', '.env.local']) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
      const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
      if (m) fromFiles[m[1]] = m[2].replace(/^(['"])(.*)\1$/, '$2');
    }
  }
  const pick = (k) => process.env[k] ?? fromFiles[k];
  return {
    VITE_SUPABASE_URL: pick('VITE_SUPABASE_URL') || LOCAL_URL,
    VITE_SUPABASE_ANON_KEY: pick('VITE_SUPABASE_ANON_KEY') || LOCAL_ANON_KEY,
  };
}

export const isLocal = (url) => /^https?:\/\/(127\.0\.0\.1|localhost):54321\/?$/.test(url);

async function healthy(url) {
  try {
    const res = await fetch(`${url}/__local/health`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

/** Starts the stand-in when the site is configured for it; returns a handle or null. */
export async function startBackendIfLocal() {
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
  const child = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/cli.ts'], { stdio: ['ignore', 'inherit', 'inherit'] });
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
