import { fallbackSize, variantHeight, variantWidths, type FallbackType } from '@/shared/media/variants';

/*
 * What the image worker makes of one uploaded picture, and the pure pieces both sides share: the
 * plan of sizes, the transparency check, the messages between the page and the worker, the byte
 * sizes shown to the admin. No DOM and no React here: the worker imports this module. The encoder
 * qualities live beside the naming rule in src/shared/media/variants.ts, where the backfill tool
 * (scripts/tools/images-backfill.ts) reads them too.
 */

export interface VariantCopy {
  width: number;
  height: number;
  /** WebP. */
  blob: Blob;
}

export interface ImageVariants {
  fallback: { blob: Blob; type: FallbackType; width: number; height: number };
  /** WebP copies, narrowest first, at variantWidths(fallback.width); empty when the browser cannot encode WebP. */
  copies: VariantCopy[];
}

/** 'decoded' once the picture is read (total = encodings to come), then 'made' after each encoding. */
export type VariantProgress = { step: 'decoded'; width: number; height: number; done: 0; total: number } | { step: 'made'; done: number; total: number };

/**
 * Why no variants came back: the file is not a picture this browser can read; the browser lacks
 * what the pipeline needs (workers, OffscreenCanvas); anything else.
 */
export type VariantFailure = 'undecodable' | 'unsupported' | 'failed';

/** The one request the page sends to a fresh worker. */
export interface VariantRequest {
  file: Blob;
}

export type VariantReply =
  | { type: 'progress'; progress: VariantProgress }
  | { type: 'done'; variants: ImageVariants }
  | { type: 'error'; kind: VariantFailure; message: string };

/** The sizes made for a decoded picture: the fallback (at most MAX_VARIANT_WIDTH wide) and its copies. */
export function planVariants(width: number, height: number) {
  const fallback = fallbackSize(width, height);
  const copies = variantWidths(fallback.width).map((w) => ({ width: w, height: variantHeight(fallback, w) }));
  return { fallback, copies };
}

/** True when any pixel of an RGBA buffer is not fully opaque (then the fallback must be PNG). */
export function hasTransparency(rgba: ArrayLike<number>): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return true;
  return false;
}

/** 10485760 → '10 MB'; 1572864 → '1,5 MB'. */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  const rounded = mb >= 10 ? Math.round(mb) : Math.round(mb * 10) / 10;
  return `${String(rounded).replace('.', ',')} MB`;
}

/** 812 → '812 B', 325632 → '318 KB', 5662310 → '5,4 MB' (binary units, as the buckets' limit). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = Math.round(bytes / 1024);
  return kb < 1024 ? `${kb} KB` : formatMegabytes(bytes);
}

/** A phone's column is ~360 CSS px at 2×, so this is the copy most visitors download. */
export const PHONE_COPY_WIDTH = 720;

/** The copy a phone loads: the narrowest at least PHONE_COPY_WIDTH wide, else the widest there is. */
export function phoneCopyOf<T extends { width: number }>(copies: readonly T[]): T | null {
  if (copies.length === 0) return null;
  const sorted = [...copies].sort((a, b) => a.width - b.width);
  return sorted.find((c) => c.width >= PHONE_COPY_WIDTH) ?? sorted[sorted.length - 1];
}
