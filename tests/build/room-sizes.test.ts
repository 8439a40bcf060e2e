import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Sizes a newcomer can read: no hand-written file in src/ over 300 lines (a longer one is split by
 * sub-feature, each part named for what it holds), and no folder in src/ with more than 30 files at
 * its root (a longer one is grouped into sub-rooms). The generated database types are exempt by
 * name: `npm run db:types` writes them, nobody reads them top to bottom.
 */

const ROOT = process.cwd();
const SRC = path.join(ROOT, 'src');
const MAX_LINES = 300;
const MAX_FILES_IN_A_FOLDER = 30;
const GENERATED = new Set(['src/shared/db/database.types.ts']);

function folders(dir: string): string[] {
  const inside = readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return [dir, ...inside.flatMap((entry) => folders(path.join(dir, entry.name)))];
}

const files = (dir: string) => readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => path.join(dir, entry.name));
const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
/** Lines as an editor numbers them: a final newline ends the last line, it does not start one. */
const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

describe('src/ in sizes a newcomer can read', () => {
  it('has the generated types it exempts (a rename would silently exempt nothing)', () => {
    for (const file of GENERATED) expect(lineCount(readFileSync(path.join(ROOT, file), 'utf8'))).toBeGreaterThan(MAX_LINES);
  });

  it(`has no hand-written file over ${MAX_LINES} lines`, () => {
    const long = folders(SRC)
      .flatMap(files)
      .filter((file) => !GENERATED.has(relative(file)))
      .map((file) => ({ file: relative(file), lines: lineCount(readFileSync(file, 'utf8')) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });

  it(`has no folder with more than ${MAX_FILES_IN_A_FOLDER} files at its root`, () => {
    const crowded = folders(SRC)
      .map((dir) => ({ dir: relative(dir), count: files(dir).length }))
      .filter(({ count }) => count > MAX_FILES_IN_A_FOLDER)
      .map(({ dir, count }) => `${dir}/: ${count} files`);
    expect(crowded).toEqual([]);
  });
});
