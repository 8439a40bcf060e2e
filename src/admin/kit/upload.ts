import { useCallback, useContext, useRef, useState } from 'react';
import { errorMessage, isPermissionError } from '@/shared/db/errors';
import { getSupabase } from '@/shared/db/supabase';
import { variantPaths } from '@/shared/media/variants';
import { formatBytes, formatMegabytes, phoneCopyOf, type ImageVariants } from './image-variants';
import { makeVariantsInWorker, VariantError, VariantMakerContext, type VariantMaker } from './make-variants';
import { IMAGE_BUCKET } from './buckets';

export { formatMegabytes } from './image-variants';
export { GALLERY_BUCKET, IMAGE_BUCKET } from './buckets';

/*
 * The one image-upload helper, for post images, client logos,
 * project images and gallery items:
 *   - a file must be chosen, it must be an image the bucket accepts, and files over the bucket's
 *     size limit are refused before anything is sent;
 *   - the bucket is checked to exist and be accessible first;
 *   - the picture is re-made in the browser, off the main thread (make-variants.ts): a fallback
 *     at most 1600 px wide and WebP copies, named by the rule of src/shared/media/variants.ts under
 *     one random + timestamp base; the copies go up first, the fallback last, and a failure removes
 *     what went up; browsers may cache them for a year (the names never change);
 *   - a GIF (its animation would be lost), or any file in a browser that cannot make the variants,
 *     goes up as it is, under random + timestamp + the original extension, cached for 3600 s;
 *   - nothing is overwritten (upsert false); the public URL (the fallback's) comes back.
 * Every failure is an UploadError with a title and a message (Bulgarian, but for the English
 * bucketMissing and noData texts kept from the original system), ready for
 * a toast: toast({ title: error.title, description: error.message, variant: 'destructive' }).
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

function isStoragePermissionError(error: unknown): boolean {
  if (isPermissionError(error)) return true;
  const like = error as { status?: unknown; statusCode?: unknown; message?: unknown } | null;
  const status = String(like?.statusCode ?? like?.status ?? '');
  const message = typeof like?.message === 'string' ? like.message.toLowerCase() : '';
  return status === '403' || message.includes('row-level security') || message.includes('unauthorized');
}

export interface UploadProgress {
  /** 'processing': the variants are being made; 'uploading': the objects are being sent. */
  phase: 'processing' | 'uploading';
  /** Steps finished of `total`; total is 0 until the picture is decoded. */
  done: number;
  total: number;
}

export interface UploadImageOptions extends Omit<ObjectNameOptions, 'now' | 'random'> {
  /** Defaults to 'blog-images'. */
  bucket?: string;
  /** Defaults to the worker (make-variants.ts). */
  makeVariants?: VariantMaker;
  onProgress?: (progress: UploadProgress) => void;
}

export interface StoredObject {
  path: string;
  bytes: number;
  contentType: string;
  width?: number;
}

export interface UploadedImage {
  /** Path inside the bucket of the object the row keeps, e.g. 'blog/k3j9x-1732000000000.1600x1200.jpg'. */
  path: string;
  publicUrl: string;
  /** Every object stored for the picture, the fallback (the one the row keeps) last. */
  objects: StoredObject[];
  originalBytes: number;
  storedBytes: number;
  /** Set when the file went up as it was: a GIF, or a browser that cannot make the variants. */
  asIs?: 'gif' | 'unsupported';
}

function storageError(bucket: string, error: unknown): UploadError {
  if (isStoragePermissionError(error)) return new UploadError(uploadMessages.failedTitle, uploadMessages.permission(bucket), error);
  return new UploadError(uploadMessages.failedTitle, errorMessage(error, uploadMessages.noData), error);
}

function variantError(error: unknown): UploadError {
  if (error instanceof VariantError && error.kind === 'undecodable') {
    return new UploadError(uploadMessages.failedTitle, uploadMessages.undecodable, error);
  }
  return new UploadError(uploadMessages.failedTitle, uploadMessages.processingFailed, error);
}

/**
 * Makes the variants of one image, uploads them and returns the fallback's public URL (a GIF, or
 * any image where the browser cannot make variants, goes up as it is). Rejects with an UploadError.
 */
export async function uploadImage(file: File | null | undefined, options: UploadImageOptions = {}): Promise<UploadedImage> {
  const bucket = options.bucket ?? IMAGE_BUCKET;
  const invalid = validateImageFile(file);
  if (invalid || !file) throw invalid ?? new UploadError(uploadMessages.noFileTitle, uploadMessages.noFileText);

  const supabase = await getSupabase();

  // The bucket first: it must exist and be visible to this account.
  const { data: info, error: bucketError } = await supabase.storage.getBucket(bucket);
  if (bucketError || !info) {
    throw new UploadError(uploadMessages.failedTitle, uploadMessages.bucketMissing(bucket), bucketError);
  }
  // The bucket may be stricter than our default limit.
  const limit = typeof info.file_size_limit === 'number' && info.file_size_limit > 0 ? info.file_size_limit : MAX_IMAGE_BYTES;
  const tooBig = validateImageFile(file, Math.min(limit, MAX_IMAGE_BYTES));
  if (tooBig) throw tooBig;

  const asIs = (reason: 'gif' | 'unsupported'): { objects: PlannedObject[]; asIs: 'gif' | 'unsupported' } => ({
    objects: [{ path: buildObjectPath(file, options), blob: file, contentType: file.type, cacheControl: UPLOAD_CACHE_SECONDS }],
    asIs: reason,
  });

  let planned: { objects: PlannedObject[]; asIs?: 'gif' | 'unsupported' };
  if (file.type === 'image/gif') {
    planned = asIs('gif');
  } else {
    const make = options.makeVariants ?? makeVariantsInWorker;
    options.onProgress?.({ phase: 'processing', done: 0, total: 0 });
    try {
      const variants = await make(file, (p) => options.onProgress?.({ phase: 'processing', done: p.done, total: p.total }));
      planned = { objects: variantObjects(buildObjectBase(options), variants) };
    } catch (error) {
      if (error instanceof VariantError && error.kind === 'unsupported') {
        console.warn('[upload] this browser cannot make image variants; uploading the file as it is:', error.message);
        planned = asIs('unsupported');
      } else {
        throw variantError(error);
      }
    }
    // a fallback (PNG of a huge transparent picture) may outgrow the bucket's limit
    const huge = planned.objects.find((o) => o.blob.size > limit);
    if (huge) throw new UploadError(uploadMessages.failedTitle, uploadMessages.tooLarge(file.name, huge.blob.size, limit));
  }

  const { objects } = planned;
  const total = objects.length;
  let done = 0;
  options.onProgress?.({ phase: 'uploading', done, total });
  const storage = supabase.storage.from(bucket);
  const stored: string[] = [];

  const send = async (object: PlannedObject) => {
    const { data, error } = await storage.upload(object.path, object.blob, {
      cacheControl: object.cacheControl,
      upsert: false,
      contentType: object.contentType,
    });
    if (error) throw storageError(bucket, error);
    if (!data?.path) throw new UploadError(uploadMessages.failedTitle, uploadMessages.noData);
    stored.push(data.path);
    options.onProgress?.({ phase: 'uploading', done: ++done, total });
    return data.path;
  };

  const fallback = objects[objects.length - 1];
  let fallbackPath: string;
  try {
    const copies = await Promise.allSettled(objects.slice(0, -1).map(send));
    const failed = copies.find((c): c is PromiseRejectedResult => c.status === 'rejected');
    if (failed) throw failed.reason;
    fallbackPath = await send(fallback);
  } catch (error) {
    // no half-stored picture: remove what went up (best effort: the failure is what is reported)
    if (stored.length > 0) {
      await storage.remove(stored).then(
        ({ error: removeError }) => removeError && console.warn('[upload] could not remove', stored, removeError),
        (removeError: unknown) => console.warn('[upload] could not remove', stored, removeError),
      );
    }
    throw toUploadError(error);
  }

  const { data: url } = storage.getPublicUrl(fallbackPath);
  return {
    path: fallbackPath,
    publicUrl: url.publicUrl,
    objects: objects.map((o) => ({ path: o.path, bytes: o.blob.size, contentType: o.contentType, width: o.width })),
    originalBytes: file.size,
    storedBytes: objects.reduce((sum, o) => sum + o.blob.size, 0),
    ...(planned.asIs ? { asIs: planned.asIs } : {}),
  };
}

/**
 * What the upload stored: the original's size against the WebP copy a phone loads (the copy
 * visitors mostly download), and the sum of every object kept for the picture.
 */
export function storedSizeText(image: UploadedImage): string {
  const original = formatBytes(image.originalBytes);
  if (image.asIs === 'gif') return `Размер: ${original}. GIF файловете се качват както са, за да запазят анимацията си.`;
  if (image.asIs) return `Размер: ${original}. Браузърът не може да направи по-малки копия, затова изображението е качено както е.`;
  const webp = image.objects.filter((o) => o.contentType === 'image/webp' && o.width);
  const phone = phoneCopyOf(webp.map((o) => ({ width: o.width ?? 0, bytes: o.bytes })));
  const fallback = image.objects[image.objects.length - 1];
  if (!phone) {
    const kind = fallback.contentType === 'image/png' ? 'PNG' : 'JPEG';
    return `Размер: ${original} → ${formatBytes(fallback.bytes)} (${kind}, ${fallback.width} px). Браузърът не може да прави WebP копия.`;
  }
  const count = image.objects.length;
  return `Размер: ${original} → ${formatBytes(phone.bytes)} (копието WebP ${phone.width} px, което зареждат телефоните). Общо ${count} ${count === 1 ? 'файл' : 'файла'}: ${formatBytes(image.storedBytes)}.`;
}

/** Any failure as an UploadError (for code that catches unknown errors). */
export function toUploadError(error: unknown): UploadError {
  if (error instanceof UploadError) return error;
  return new UploadError(uploadMessages.failedTitle, errorMessage(error, uploadMessages.noData), error);
}

export type UploadOutcome = { ok: true; url: string; image: UploadedImage } | { ok: false; error: UploadError };

export interface ImageUploadState {
  /** True while a file is being checked, processed and sent (idle → processing → uploading → idle or error). */
  busy: boolean;
  /** What the running upload is doing, null when idle. */
  phase: UploadProgress['phase'] | null;
  /** Steps of the phase finished of `total` (0 of 0 before the picture is decoded). */
  done: number;
  total: number;
  /** The last upload that went through, until the next upload starts. */
  last: UploadedImage | null;
  /** The last failure, until the next upload or reset(). */
  error: UploadError | null;
  /** Uploads the file; never rejects. */
  upload: (file: File | null | undefined) => Promise<UploadOutcome>;
  reset: () => void;
}

/**
 * React state around uploadImage: busy, the phase and its progress, the last upload (its sizes)
 * and the last error. A call made while another upload runs is refused. The variant maker comes
 * from `options.makeVariants`, else VariantMakerContext (the worker by default).
 */
export function useImageUpload(options: UploadImageOptions = {}): ImageUploadState {
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [last, setLast] = useState<UploadedImage | null>(null);
  const [error, setError] = useState<UploadError | null>(null);
  const running = useRef(false);
  const fromContext = useContext(VariantMakerContext);
  const { bucket, folder, order } = options;
  const makeVariants = options.makeVariants ?? fromContext;

  const upload = useCallback(
    async (file: File | null | undefined) => {
      if (running.current) {
        return { ok: false, error: new UploadError(uploadMessages.failedTitle, uploadMessages.busy) } as const;
      }
      running.current = true;
      setBusy(true);
      setError(null);
      setLast(null);
      try {
        const image = await uploadImage(file, { bucket, folder, order, makeVariants, onProgress: setProgress });
        setLast(image);
        return { ok: true, url: image.publicUrl, image } as const;
      } catch (caught) {
        console.error('[upload] failed', caught);
        const failure = toUploadError(caught);
        setError(failure);
        return { ok: false, error: failure } as const;
      } finally {
        running.current = false;
        setBusy(false);
        setProgress(null);
      }
    },
    [bucket, folder, order, makeVariants],
  );

  const reset = useCallback(() => {
    setError(null);
    setLast(null);
  }, []);
  return { busy, phase: progress?.phase ?? null, done: progress?.done ?? 0, total: progress?.total ?? 0, last, error, upload, reset };
}
