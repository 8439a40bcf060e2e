// The few settings of supabase/config.toml the stand-in applies the way the Supabase CLI does.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUPABASE_DIR } from './db.ts';

export interface ProjectConfig {
  /** [api] max_rows: PostgREST's hard limit on the rows one read returns. */
  maxRows: number | null;
  /** [auth.rate_limit] sign_in_sign_ups: password sign-ins per 5 minutes per IP address. */
  signInsPerFiveMinutes: number;
}

/** The Supabase CLI's defaults when config.toml leaves a setting out. */
const DEFAULTS: ProjectConfig = { maxRows: 1000, signInsPerFiveMinutes: 30 };

/** Reads `key = number` lines per [section]; enough TOML for these settings. */
export function parseConfigNumbers(text: string): Map<string, number> {
  const out = new Map<string, number>();
  let section = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const header = /^\[([A-Za-z0-9_.-]+)\]$/.exec(line);
    if (header) {
      section = header[1];
      continue;
    }
    const kv = /^([A-Za-z0-9_]+)\s*=\s*(-?\d+)$/.exec(line);
    if (kv) out.set(`${section}.${kv[1]}`, Number(kv[2]));
  }
  return out;
}

export function readProjectConfig(file = join(SUPABASE_DIR, 'config.toml')): ProjectConfig {
  if (!existsSync(file)) return { ...DEFAULTS };
  const values = parseConfigNumbers(readFileSync(file, 'utf8'));
  const maxRows = values.get('api.max_rows');
  return {
    maxRows: maxRows === undefined ? DEFAULTS.maxRows : maxRows > 0 ? maxRows : null,
    signInsPerFiveMinutes: values.get('auth.rate_limit.sign_in_sign_ups') ?? DEFAULTS.signInsPerFiveMinutes,
  };
}
