// Where object bytes live: files under `storageDir/<bucket>/<name>`, or a Map in memory.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ServerContext } from '../context.ts';
import { storageErrors } from './errors.ts';
import { diskPath } from './names.ts';

const memoryKey = (bucket: string, name: string) => `${bucket}/${name}`;

/**
 * Stores bytes for `bucket/name`, replacing what was there. On disk the bytes go to a temporary
 * file first and are renamed into place, so a reader never sees half an object.
 */
export async function putBytes(ctx: ServerContext, bucket: string, name: string, bytes: Buffer): Promise<void> {
  if (!ctx.storageDir) {
    ctx.memoryObjects.set(memoryKey(bucket, name), Buffer.from(bytes));
    return;
  }
  const { bucketDir, file } = diskPath(ctx.storageDir, bucket, name);
  try {
    await mkdir(dirname(file), { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // a folder of this name is already an object (`a` exists, `a/b` asked for)
    if (code === 'EEXIST' || code === 'ENOTDIR') throw storageErrors.invalidKey(name);
    throw error;
  }
  const existing = await stat(file).catch(() => null);
  if (existing?.isDirectory()) throw storageErrors.invalidKey(name);
  const tmp = `${bucketDir}/.upload-${randomBytes(8).toString('hex')}.tmp`;
  try {
    await writeFile(tmp, bytes, { flag: 'wx' });
    await rename(tmp, file);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}

export async function getBytes(ctx: ServerContext, bucket: string, name: string): Promise<Buffer | null> {
  if (!ctx.storageDir) return ctx.memoryObjects.get(memoryKey(bucket, name)) ?? null;
  let file: string;
  try {
    file = diskPath(ctx.storageDir, bucket, name).file;
  } catch {
    return null;
  }
  try {
    const info = await stat(file);
    if (!info.isFile()) return null;
    return await readFile(file);
  } catch {
    return null;
  }
}

/** Removes the bytes of `bucket/name` and the folders it leaves empty. Unknown names are ignored. */
export async function deleteBytes(ctx: ServerContext, bucket: string, name: string): Promise<void> {
  if (!ctx.storageDir) {
    ctx.memoryObjects.delete(memoryKey(bucket, name));
    return;
  }
  let paths: { bucketDir: string; file: string };
  try {
    paths = diskPath(ctx.storageDir, bucket, name);
  } catch {
    return; // a name that could never have been stored
  }
  const info = await stat(paths.file).catch(() => null);
  if (!info?.isFile()) return;
  await rm(paths.file, { force: true });
  let dir = dirname(paths.file);
  while (dir.startsWith(paths.bucketDir + '/') || dir.startsWith(paths.bucketDir + '\\')) {
    try {
      await rmdir(dir);
    } catch {
      break; // not empty
    }
    dir = dirname(dir);
  }
}
