// Signing out removes the queries under ADMIN_QUERY_ROOT ('admin': kit/session/use-logout.ts, and
// AuthProvider when the session ends), so every admin query key must start with it, or the next
// person at the computer sees what the previous admin loaded (a post's newsletter send was kept
// under ['newsletter-status', id] until this test). How a new stray key is caught:
// - every key factory under src/admin (a `const` or `function` named `…Keys`) must be exported, and
//   the test calls each key it makes (each function with placeholder arguments, through nested
//   objects such as recordKeys(name)) and checks the root of what comes back;
// - every `queryKey:` written in place must be an array whose first element is the root (or a
//   factory's key spread into it), or a factory's key, or a variable handed a key made elsewhere.
// A key kept in a variable of another name and never passed through a factory is not seen: make
// keys in a factory.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_QUERY_ROOT } from '@/admin/kit/session/query-root';

const ROOT = path.resolve(__dirname, '../..');
const ADMIN = path.join(ROOT, 'src/admin');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files = sourceFiles(ADMIN).map((file) => ({ file, rel: path.relative(ROOT, file), text: fs.readFileSync(file, 'utf8') }));
const FACTORY = /^(export\s+)?(?:const|function)\s+(\w+Keys)\b/gm;
const factories = files.flatMap(({ file, rel, text }) =>
  [...text.matchAll(FACTORY)].map((m) => ({ file, rel, name: m[2], exported: Boolean(m[1]) })),
);

/** Every key `value` makes, as [where, key]: arrays as they are, functions called, objects walked. */
function keysOf(value: unknown, where: string): [string, readonly unknown[]][] {
  if (Array.isArray(value)) return [[where, value]];
  if (typeof value === 'function') {
    const args = Array.from({ length: value.length }, () => 'x');
    return keysOf((value as (...a: unknown[]) => unknown)(...args), `${where}(${args.map(() => "'x'").join(', ')})`);
  }
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => keysOf(v, `${where}.${k}`));
  return [];
}

describe('admin query keys are under the root signing out removes', () => {
  it('finds the key factories it checks', () => {
    const names = factories.map((f) => f.name);
    for (const known of ['adminKeys', 'recordKeys', 'revisionKeys', 'inboxKeys', 'newsletterKeys', 'contactKeys']) expect(names).toContain(known);
  });

  it('every key factory is exported, so this test can call it', () => {
    expect(factories.filter((f) => !f.exported).map((f) => `${f.rel}: ${f.name}`)).toEqual([]);
  });

  it('every key a factory makes starts with the root', async () => {
    const stray: string[] = [];
    for (const { file, rel, name } of factories) {
      const module = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
      expect(module[name], `${rel} exports ${name}`).toBeDefined();
      for (const [where, key] of keysOf(module[name], name)) {
        if (key[0] !== ADMIN_QUERY_ROOT) stray.push(`${rel}: ${where} = ${JSON.stringify(key)}`);
      }
    }
    expect(stray).toEqual([]);
  }, 60_000);

  it('every queryKey written in place starts with the root or comes from a factory', () => {
    const stray: string[] = [];
    for (const { rel, text } of files) {
      // a property `queryKey: …`, not a parameter `(queryKey: QueryKey`
      for (const m of text.matchAll(/(?<!\(\s*)\bqueryKey:\s*([^,}\n]+)/g)) {
        const expr = m[1].trim();
        const fine =
          /^\[\s*(ADMIN_QUERY_ROOT|'admin'|\.\.\.\w+Keys\b)/.test(expr) || // an array under the root or a factory's key
          /^\w*[kK]eys\b/.test(expr) || // a factory's key (`keys` when a factory's result is named so)
          /^[a-z]\w*$/.test(expr); // a variable holding a key made elsewhere (a parameter, a loop's key)
        if (!fine) stray.push(`${rel}: queryKey: ${expr}`);
      }
    }
    expect(stray).toEqual([]);
  });
});
