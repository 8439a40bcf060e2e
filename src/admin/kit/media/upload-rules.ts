import { variantPaths } from '@/shared/media/variants';
import { formatMegabytes, type ImageVariants } from './image-variants';

/*
 * What an image upload may send and what it is named, free of storage and of React: the buckets,
 * the types and the size they accept, the caching of what goes up, the messages of a refusal
 * (UploadError), the check of a chosen file, and the stored objects' names (random + timestamp
 * under a folder; a picture's WebP copies and its fallback named by src/shared/media/variants.ts).
 * The upload itself is ./upload.ts.
 */

/** Both buckets refuse files over 10 MiB (see the storage migration). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** The image types both buckets accept. */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'] as const;
/** For `<input type="file" accept={IMAGE_ACCEPT}>`. */
export const IMAGE_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');
/** Cache of a file uploaded as it is. */
export const UPLOAD_CACHE_SECONDS = '3600';
/** Cache of the variants: a name is never reused (upsert false), so a year is safe. */
export const VARIANT_CACHE_SECONDS = '31536000';

const EXTENSION_OF_TYPE: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

export const uploadMessages = {
  noFileTitle: 'Моля, изберете файл',
  noFileText: 'Не сте избрали файл за качване.',
  failedTitle: 'Грешка при качване',
  notImage: 'Може да качвате само изображения.',
  unsupportedType: 'Този формат не се поддържа. Изберете изображение във формат PNG, JPEG, GIF, WebP или AVIF.',
  noData: 'No data returned from upload',
  busy: 'Изчакайте текущото качване да завърши.',
  undecodable: 'Браузърът не може да прочете това изображение. Запазете го като JPEG или PNG и опитайте отново.',
  processingFailed: 'Изображението не можа да бъде обработено. Опитайте отново или изберете друго изображение.',
  bucketMissing: (bucket: string) => `Bucket ${bucket} does not exist or is not accessible.`,
  tooLarge: (name: string, size: number, limit: number) =>
    `Файлът „${name}“ (${formatMegabytes(size)}) надвишава максималния размер от ${formatMegabytes(limit)}. Изберете по-малко изображение.`,
  permission: (bucket: string) =>
    `Нямате права за качване в хранилището „${bucket}“. Проверете политиките за достъп (storage policies) на хранилището и дали профилът ви е активен.`,
} as const;

export class UploadError extends Error {
  /** Toast title: 'Моля, изберете файл' or 'Грешка при качване'. */
  readonly title: string;
  readonly cause?: unknown;

  constructor(title: string, message: string, cause?: unknown) {
    super(message);
    this.name = 'UploadError';
    this.title = title;
    this.cause = cause;
  }
}

/** Checks a chosen file before anything is sent; returns the problem, or null when it may go. */
export function validateImageFile(file: File | null | undefined, maxBytes: number = MAX_IMAGE_BYTES): UploadError | null {
  if (!file) return new UploadError(uploadMessages.noFileTitle, uploadMessages.noFileText);
  if (!file.type.startsWith('image/')) return new UploadError(uploadMessages.failedTitle, uploadMessages.notImage);
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return new UploadError(uploadMessages.failedTitle, uploadMessages.unsupportedType);
  }
  if (file.size > maxBytes) {
    return new UploadError(uploadMessages.failedTitle, uploadMessages.tooLarge(file.name, file.size, maxBytes));
  }
  return null;
}

/** The file's own extension (lower case, letters and digits only), else one from its type. */
export function extensionOf(file: Pick<File, 'name' | 'type'>): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(file.name.trim());
  if (match) return match[1].toLowerCase();
  return EXTENSION_OF_TYPE[file.type] ?? 'img';
}

/** A random string of lower-case letters and digits. */
export function randomString(length = 12): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}

export interface ObjectNameOptions {
  /** Folder inside the bucket, e.g. 'blog' or 'clients/' (no folder when empty). */
  folder?: string;
  /** 'random-first' (default): 'k3j9x-1732000000000.png'; 'timestamp-first' (gallery): '1732000000000-k3j9x.png'. */
  order?: 'random-first' | 'timestamp-first';
  now?: number;
  random?: string;
}

/** A picture's path without an extension: folder / random + timestamp. */
export function buildObjectBase(options: ObjectNameOptions = {}): string {
  const folder = (options.folder ?? '').replace(/^\/+|\/+$/g, '');
  const stamp = String(options.now ?? Date.now());
  const random = options.random ?? randomString();
  const base = options.order === 'timestamp-first' ? `${stamp}-${random}` : `${random}-${stamp}`;
  return folder ? `${folder}/${base}` : base;
}

/** The stored object's path: folder / random + timestamp + original extension. */
export function buildObjectPath(file: Pick<File, 'name' | 'type'>, options: ObjectNameOptions = {}): string {
  return `${buildObjectBase(options)}.${extensionOf(file)}`;
}

export interface PlannedObject {
  path: string;
  blob: Blob;
  contentType: string;
  cacheControl: string;
  /** The picture's width (variants only). */
  width?: number;
}

const CONTENT_TYPE = { jpg: 'image/jpeg', png: 'image/png' } as const;

/**
 * The objects of one picture under `base`: the WebP copies, then the fallback last, so the URL a
 * row keeps never names a picture whose copies are missing. Without copies (a browser that cannot
 * encode WebP) the fallback gets a plain name, which the naming rule leaves alone.
 */
export function variantObjects(base: string, variants: ImageVariants): PlannedObject[] {
  const { fallback, copies } = variants;
  const contentType = CONTENT_TYPE[fallback.type];
  if (copies.length === 0) {
    return [{ path: `${base}.${fallback.type}`, blob: fallback.blob, contentType, cacheControl: VARIANT_CACHE_SECONDS, width: fallback.width }];
  }
  const paths = variantPaths(base, fallback, fallback.type);
  if (paths.copies.length !== copies.length || paths.copies.some((p, i) => p.width !== copies[i].width)) {
    throw new Error(`variant widths ${copies.map((c) => c.width)} do not follow the rule ${paths.copies.map((p) => p.width)}`);
  }
  return [
    ...copies.map((copy, i) => ({ path: paths.copies[i].path, blob: copy.blob, contentType: 'image/webp', cacheControl: VARIANT_CACHE_SECONDS, width: copy.width })),
    { path: paths.fallback, blob: fallback.blob, contentType, cacheControl: VARIANT_CACHE_SECONDS, width: fallback.width },
  ];
}
