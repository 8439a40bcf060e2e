import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The admin kit's rooms stand on each other in one order (src/admin/kit/README.md): a room imports
 * only the rooms its row names, so the floor never reaches up and two rooms never need each other.
 * Every import of a file under src/admin/kit that names another kit room (by '@/admin/kit/…' or a
 * relative path) is checked against the table below, which is the README's.
 */

const KIT = path.join(process.cwd(), 'src/admin/kit');
const STANDS_ON: Record<string, string[]> = {
  ui: [],
  formats: [],
  media: [],
  navigation: ['ui'],
  session: ['navigation'],
  data: ['session', 'media'],
  saving: ['data', 'ui'],
  lists: ['data', 'ui'],
  forms: ['media', 'ui'],
  records: ['navigation', 'data', 'saving', 'lists', 'ui', 'session'],
  editor: ['lists', 'saving', 'navigation', 'data', 'ui'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const roomOf = (file: string) => path.relative(KIT, file).split(path.sep)[0];

/** The kit room a specifier of `file` names, or null for anything outside the kit. */
function targetRoom(file: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith('@/admin/kit/')) target = path.join(KIT, specifier.slice('@/admin/kit/'.length));
  else if (specifier.startsWith('.')) target = path.resolve(path.dirname(file), specifier);
  else return null;
  const rel = path.relative(KIT, target);
  return rel.startsWith('..') ? null : rel.split(path.sep)[0];
}

describe('the admin kit in rooms', () => {
  const files = sourceFiles(KIT);

  it('has every file in a room the table knows (a new room gets its row, and its line in the README)', () => {
    const unknown = [...new Set(files.map(roomOf))].filter((room) => !(room in STANDS_ON));
    expect(unknown).toEqual([]);
  });

  it('imports only downwards, room by room', () => {
    const upwards: string[] = [];
    for (const file of files) {
      const from = roomOf(file);
      const text = readFileSync(file, 'utf8');
      // `from '…'`, a bare `import '…'`, `import('…')` and a worker's `new URL('…')`
      for (const m of text.matchAll(/(?:\bfrom\s+|\bimport\s*\(?\s*|\bnew URL\(\s*)['"]([^'"]+)['"]/g)) {
        const to = targetRoom(file, m[1]);
        if (to && to !== from && !STANDS_ON[from]?.includes(to)) upwards.push(`${path.relative(process.cwd(), file)} (${from}) imports ${m[1]} (${to})`);
      }
    }
    expect(upwards).toEqual([]);
  });
});
