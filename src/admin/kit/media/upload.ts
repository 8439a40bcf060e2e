import { errorMessage, isPermissionError } from '@/shared/db/errors';
import { getStorage } from '@/shared/db/supabase';
import { formatBytes, phoneCopyOf } from './image-variants';
import { makeVariantsInWorker, VariantError, type VariantMaker } from './make-variants';
import {
  buildObjectBase,
  buildObjectPath,
  MAX_IMAGE_BYTES,
  UPLOAD_CACHE_SECONDS,
  UploadError,
  uploadMessages,
  validateImageFile,
  variantObjects,
  type ObjectNameOptions,
  type PlannedObject,
} from './upload-rules';
import { IMAGE_BUCKET } from './buckets';

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
 * The rules (buckets, types, sizes, names) are ./upload-rules.ts; the React state around an
 * upload is ./use-image-upload.ts.
 */

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

  const storageClient = await getStorage();

  // The bucket first: it must exist and be visible to this account.
  const { data: info, error: bucketError } = await storageClient.getBucket(bucket);
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
  const storage = storageClient.from(bucket);
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
