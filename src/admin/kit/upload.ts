import { useCallback, useRef, useState } from 'react';
import { errorMessage, isPermissionError } from '@/shared/db/errors';
import { getSupabase } from '@/shared/db/supabase';

/*
 * The one image-upload helper, for post images, client logos,
 * project images and gallery items:
 *   - a file must be chosen, it must be an image the bucket accepts, and files over the bucket's
 *     size limit are refused before anything is sent;
 *   - the bucket is checked to exist and be accessible first;
 *   - the stored name is a random string plus a timestamp plus the original extension, under a
 *     folder; nothing is overwritten (upsert false); browsers may cache it for 3600 s;
 *   - the public URL comes back.
 * Every failure is an UploadError with a title and a message (Bulgarian, but for the English
 * bucketMissing and noData texts kept from the original system), ready for
 * a toast: toast({ title: error.title, description: error.message, variant: 'destructive' }).
 */

/** Bucket of post images ('blog/'), client logos ('clients/') and project images ('projects/'). */
export const IMAGE_BUCKET = 'blog-images';
/** Bucket of project gallery items. */
export const GALLERY_BUCKET = 'project-gallery';
/** Both buckets refuse files over 10 MiB (see the storage migration). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** The image types both buckets accept. */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'] as const;
/** For `<input type="file" accept={IMAGE_ACCEPT}>`. */
export const IMAGE_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');
export const UPLOAD_CACHE_SECONDS = '3600';

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
  bucketMissing: (bucket: string) => `Bucket ${bucket} does not exist or is not accessible.`,
  tooLarge: (name: string, size: number, limit: number) =>
    `Файлът „${name}“ (${formatMegabytes(size)}) надвишава максималния размер от ${formatMegabytes(limit)}. Изберете по-малко изображение.`,
  permission: (bucket: string) =>
    `Нямате права за качване в хранилището „${bucket}“. Проверете политиките за достъп (storage policies) на хранилището и дали профилът ви е активен.`,
} as const;

/** 10485760 → '10 MB'; 1572864 → '1,5 MB'. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  const rounded = mb >= 10 ? Math.round(mb) : Math.round(mb * 10) / 10;
  return `${String(rounded).replace('.', ',')} MB`;
}

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

/** The stored object's path: folder / random + timestamp + original extension. */
export function buildObjectPath(file: Pick<File, 'name' | 'type'>, options: ObjectNameOptions = {}): string {
  const folder = (options.folder ?? '').replace(/^\/+|\/+$/g, '');
  const stamp = String(options.now ?? Date.now());
  const random = options.random ?? randomString();
  const base = options.order === 'timestamp-first' ? `${stamp}-${random}` : `${random}-${stamp}`;
  const name = `${base}.${extensionOf(file)}`;
  return folder ? `${folder}/${name}` : name;
}

function isStoragePermissionError(error: unknown): boolean {
  if (isPermissionError(error)) return true;
  const like = error as { status?: unknown; statusCode?: unknown; message?: unknown } | null;
  const status = String(like?.statusCode ?? like?.status ?? '');
  const message = typeof like?.message === 'string' ? like.message.toLowerCase() : '';
  return status === '403' || message.includes('row-level security') || message.includes('unauthorized');
}

export interface UploadImageOptions extends Omit<ObjectNameOptions, 'now' | 'random'> {
  /** Defaults to 'blog-images'. */
  bucket?: string;
}

export interface UploadedImage {
  /** Path inside the bucket, e.g. 'blog/k3j9x-1732000000000.png'. */
  path: string;
  publicUrl: string;
}

/** Uploads one image and returns its public URL. Rejects with an UploadError. */
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

  const path = buildObjectPath(file, options);
  const { data, error } = await supabase.storage.from(bucket).upload(path, file, {
    cacheControl: UPLOAD_CACHE_SECONDS,
    upsert: false,
    contentType: file.type,
  });
  if (error) {
    if (isStoragePermissionError(error)) {
      throw new UploadError(uploadMessages.failedTitle, uploadMessages.permission(bucket), error);
    }
    throw new UploadError(uploadMessages.failedTitle, errorMessage(error, uploadMessages.noData), error);
  }
  if (!data?.path) throw new UploadError(uploadMessages.failedTitle, uploadMessages.noData);

  const { data: url } = supabase.storage.from(bucket).getPublicUrl(data.path);
  return { path: data.path, publicUrl: url.publicUrl };
}

/** Any failure as an UploadError (for code that catches unknown errors). */
export function toUploadError(error: unknown): UploadError {
  if (error instanceof UploadError) return error;
  return new UploadError(uploadMessages.failedTitle, errorMessage(error, uploadMessages.noData), error);
}

export type UploadOutcome = { ok: true; url: string } | { ok: false; error: UploadError };

export interface ImageUploadState {
  /** True while a file is being checked and sent (idle → uploading → idle or error). */
  busy: boolean;
  /** The last failure, until the next upload or reset(). */
  error: UploadError | null;
  /** Uploads the file; never rejects. */
  upload: (file: File | null | undefined) => Promise<UploadOutcome>;
  reset: () => void;
}

/**
 * React state around uploadImage: a busy flag while the upload runs and the last error. A call
 * made while another upload runs is refused.
 */
export function useImageUpload(options: UploadImageOptions = {}): ImageUploadState {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<UploadError | null>(null);
  const running = useRef(false);
  const { bucket, folder, order } = options;

  const upload = useCallback(
    async (file: File | null | undefined) => {
      if (running.current) {
        return { ok: false, error: new UploadError(uploadMessages.failedTitle, uploadMessages.busy) } as const;
      }
      running.current = true;
      setBusy(true);
      setError(null);
      try {
        const { publicUrl } = await uploadImage(file, { bucket, folder, order });
        return { ok: true, url: publicUrl } as const;
      } catch (caught) {
        console.error('[upload] failed', caught);
        const failure = toUploadError(caught);
        setError(failure);
        return { ok: false, error: failure } as const;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [bucket, folder, order],
  );

  const reset = useCallback(() => setError(null), []);
  return { busy, error, upload, reset };
}
