// Bucket ids and object names: what is a valid key, and where its bytes live on disk.
import { resolve, sep } from 'node:path';
import { storageErrors } from './errors.ts';

/** storage-api's S3-safe character set for keys (ASCII word characters and a few symbols). */
const KEY_CHARS = /^[A-Za-z0-9_/!\-.*'() &$@=;:+,?]*$/;
const BUCKET_CHARS = /^[A-Za-z0-9_!\-.*'() &$@=;:+,?]+$/;
const MAX_KEY_BYTES = 1024;
const MAX_BUCKET_LENGTH = 100;

/**
 * Checks an object name and returns it. Refused: empty names or segments, `.` and `..`
 * segments, leading or trailing slashes, backslashes, control characters, characters outside
 * the S3-safe set, and names longer than 1024 bytes. A valid name can only ever address a
 * file inside its bucket's folder.
 */
export function validKey(name: string): string {
  const bad = () => storageErrors.invalidKey(name);
  if (!name || Buffer.byteLength(name, 'utf8') > MAX_KEY_BYTES) throw bad();
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(name)) throw bad();
  if (!KEY_CHARS.test(name)) throw bad();
  for (const segment of name.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') throw bad();
  }
  return name;
}

export function validBucketId(id: string): string {
  if (!id || id.length > MAX_BUCKET_LENGTH || !BUCKET_CHARS.test(id) || id === '.' || id === '..' || id.includes('..')) {
    throw storageErrors.invalidBucketName();
  }
  return id;
}

/** Decodes one percent-encoded path piece; malformed escapes are an invalid key. */
export function decodePath(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw storageErrors.invalidKey(raw);
  }
}

/**
 * The file that holds `bucket/name` under `root`, after checking both and asserting that the
 * resolved path stays inside the bucket's directory.
 */
export function diskPath(root: string, bucket: string, name: string): { bucketDir: string; file: string } {
  validBucketId(bucket);
  validKey(name);
  const base = resolve(root);
  const bucketDir = resolve(base, bucket);
  if (!bucketDir.startsWith(base + sep)) throw storageErrors.invalidBucketName();
  const file = resolve(bucketDir, ...name.split('/'));
  if (!file.startsWith(bucketDir + sep)) throw storageErrors.invalidKey(name);
  return { bucketDir, file };
}
