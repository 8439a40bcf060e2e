// Copies a data directory file by file, all files at once on libuv's thread pool. Node's own
// recursive fs.cp walks and copies one entry after another: for the 1,300 files of a fresh
// database (60 MB) it took 1.2–1.4 s here, this takes about 0.4 s, as `cp -r` does.
import { mkdirSync, readdirSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

export async function copyTree(source: string, target: string): Promise<void> {
  const entries = readdirSync(source, { recursive: true, withFileTypes: true });
  mkdirSync(target, { recursive: true });
  const files: string[] = [];
  for (const entry of entries) {
    const from = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) mkdirSync(join(target, relative(source, from)), { recursive: true });
    else if (entry.isFile()) files.push(from);
    else throw new Error(`copyTree copies directories and files only: ${from}`);
  }
  await Promise.all(files.map((from) => copyFile(from, join(target, relative(source, from)))));
}
