// The functions' secrets: supabase/functions/.env (git-ignored) locally, what
// `npx supabase secrets set --env-file supabase/functions/.env` sends to a hosted project.
import { existsSync, readFileSync } from 'node:fs';

/** Hosted reserves this prefix for the variables it sets itself; `secrets set` skips such names. */
export const RESERVED_PREFIX = 'SUPABASE_';
/** Hosted's limits: a name of up to 256 characters, a value of up to 48 KiB. */
export const MAX_SECRET_NAME = 256;
export const MAX_SECRET_VALUE = 48 * 1024;

/** Why a secret cannot be set, or null when it can. */
export function secretRefusal(name: string, value: string): string | null {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return `${JSON.stringify(name)} is not a valid variable name`;
  if (name.toUpperCase().startsWith(RESERVED_PREFIX)) return `${name}: names starting with ${RESERVED_PREFIX} are reserved`;
  if (name.length > MAX_SECRET_NAME) return `${name}: a name may have at most ${MAX_SECRET_NAME} characters`;
  if (Buffer.byteLength(value) > MAX_SECRET_VALUE) return `${name}: a value may have at most 48 KiB`;
  return null;
}

/**
 * Reads dotenv text: `NAME=value` lines, `export NAME=value`, `#` comments, values in single
 * quotes (as they are) or double quotes (\n, \t, \" and \\ unescaped); an unquoted value ends at
 * ` #`. Returns the pairs in file order.
 */
export function parseEnvFile(text: string): [string, string][] {
  const out: [string, string][] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^(?:export\s+)?([^=\s]+)\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    const [, name, rest] = m;
    let value: string;
    if (rest.startsWith('"')) {
      const escapes: Record<string, string> = { n: '\n', t: '\t', '"': '"', '\\': '\\' };
      value = '';
      for (let i = 1; i < rest.length && rest[i] !== '"'; i += 1) {
        if (rest[i] === '\\' && i + 1 < rest.length) {
          i += 1;
          value += escapes[rest[i]] ?? `\\${rest[i]}`;
        } else {
          value += rest[i];
        }
      }
    } else if (rest.startsWith("'")) {
      const end = rest.indexOf("'", 1);
      value = end > 0 ? rest.slice(1, end) : rest.slice(1);
    } else {
      value = rest.replace(/\s+#.*$/, '').trim();
    }
    out.push([name, value]);
  }
  return out;
}

export interface LoadedSecrets {
  values: Record<string, string>;
  /** Lines that were skipped, each saying why (printed as warnings, as `secrets set` does). */
  skipped: string[];
}

/** The secrets of an env file (none when it does not exist), reserved and invalid names skipped. */
export function readEnvFile(file: string): LoadedSecrets {
  const values: Record<string, string> = {};
  const skipped: string[] = [];
  if (!existsSync(file)) return { values, skipped };
  for (const [name, value] of parseEnvFile(readFileSync(file, 'utf8'))) {
    const refusal = secretRefusal(name, value);
    if (refusal) skipped.push(refusal);
    else values[name] = value;
  }
  return { values, skipped };
}
