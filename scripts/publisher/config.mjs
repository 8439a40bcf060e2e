// The site's configuration as the build and the publisher read it: the process environment first,
// then .env and .env.local in the working directory (the same files Vite reads), and without either
// the local stand-in's address and public key, the defaults vite.config.ts gives the app too.
//
// Only VITE_* values are read from the files: they are the public ones that end up in the browser
// anyway. Secrets (PUBLISH_SECRET, SUPABASE_SERVICE_ROLE_KEY) are read from the process
// environment alone, where they are read at all (receiver.mjs, server.mjs).
import { existsSync, readFileSync } from 'node:fs';

export const LOCAL_URL = 'http://127.0.0.1:54321';
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** A VITE_* value from the environment, else from .env.local or .env in the working directory. */
export function envValue(name) {
  if (process.env[name] !== undefined) return process.env[name];
  let value;
  for (const file of ['.env', '.env.local']) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
      const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
      if (m && m[1] === name) value = m[2].replace(/^(['"])(.*)\1$/, '$2');
    }
  }
  return value;
}

/** The Supabase project the site is configured for, with the local stand-in as the default. */
export function siteEnv() {
  return {
    VITE_SUPABASE_URL: envValue('VITE_SUPABASE_URL') || LOCAL_URL,
    VITE_SUPABASE_ANON_KEY: envValue('VITE_SUPABASE_ANON_KEY') || LOCAL_ANON_KEY,
  };
}
