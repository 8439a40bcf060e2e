/*
 * The naming rule of responsive images: one uploaded picture is stored as a fallback (JPEG, or PNG
 * for pictures with transparency) whose name carries its own size, and WebP copies at every width
 * of VARIANT_WIDTHS below that size plus the size itself:
 *
 *   projects/k3j9x-1732000000000.1600x1200.jpg         the fallback, 1600×1200
 *   projects/k3j9x-1732000000000.1600x1200.w240.webp   and its WebP copies
 *   projects/k3j9x-1732000000000.1600x1200.w480.webp
 *   projects/k3j9x-1732000000000.1600x1200.w720.webp
 *   projects/k3j9x-1732000000000.1600x1200.w1080.webp
 *   projects/k3j9x-1732000000000.1600x1200.w1600.webp
 *
 * The rows keep storing one URL (the fallback's), so every place that shows an image, the static
 * pages, the feeds and old rows alike, knows the copies from the URL alone. Any other URL (a typed
 * address, an SVG, a picture uploaded before the rule) is shown as it is.
 */

/**
 * The widths of the WebP copies: a thumbnail or a logo at 2×; a card or a narrow screen at 1×; a phone's full column at 2× (a
 * 390 px phone needs 716, Lighthouse's 412 px phone at 1.75× 665); a wide column; a full-width photo.
 */
export const VARIANT_WIDTHS = [240, 480, 720, 1080, 1600] as const;
/** No copy, and no fallback, is wider than this; a wider upload is scaled down to it. */
export const MAX_VARIANT_WIDTH = VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1];

/**
 * Encoder qualities (0–1, as the browser's canvas takes them; a tool on sharp's 1–100 scale
 * multiplies by 100): the admin's image worker and the backfill tool make every picture with them.
 * WebP copies are what visitors download; the fallback serves old browsers and feeds. Chromium's
 * WebP encoder switches to heavier settings above 0.75: on a phone photo, 0.78 made the 800 px
 * copy a fifth larger than 0.75 for no difference one sees on a phone.
 */
export const WEBP_QUALITY = 0.75;
export const JPEG_QUALITY = 0.82;

/** The widths made for a picture `width` pixels wide: never wider than the picture itself. */
export function variantWidths(width: number): number[] {
  const top = Math.min(Math.round(width), MAX_VARIANT_WIDTH);
  return [...VARIANT_WIDTHS.filter((w) => w < top), top];
}

/** The fallback's size for a decoded picture: scaled down to MAX_VARIANT_WIDTH, never up. */
export function fallbackSize(width: number, height: number): { width: number; height: number } {
  if (width <= MAX_VARIANT_WIDTH) return { width: Math.round(width), height: Math.round(height) };
  return { width: MAX_VARIANT_WIDTH, height: Math.max(1, Math.round((height * MAX_VARIANT_WIDTH) / width)) };
}

/** The height of the copy `width` wide of a fallback width×height. */
export const variantHeight = (fallback: { width: number; height: number }, width: number) =>
  Math.max(1, Math.round((fallback.height * width) / fallback.width));

export type FallbackType = 'jpg' | 'png';

/** The object paths of one picture: `base` is the path without an extension ('projects/k3j9x-1732…'). */
export function variantPaths(base: string, size: { width: number; height: number }, type: FallbackType) {
  const stem = `${base}.${size.width}x${size.height}`;
  return {
    fallback: `${stem}.${type}`,
    copies: variantWidths(size.width).map((width) => ({ width, path: `${stem}.w${width}.webp` })),
  };
}

export interface ResponsiveImage {
  /** The fallback's URL (what the row holds). */
  src: string;
  width: number;
  height: number;
  /** The WebP copies, narrowest first. */
  sources: { width: number; url: string }[];
}

const RULE = /^(.*\.)(\d{1,5})x(\d{1,5})\.(jpg|png)((?:[?#].*)?)$/;

/** The picture a URL names under the rule, or null for any other URL. */
export function responsiveImage(url: string | null | undefined): ResponsiveImage | null {
  if (!url) return null;
  const match = RULE.exec(url);
  if (!match) return null;
  const [, stem, w, h, , query] = match;
  const width = Number(w);
  const height = Number(h);
  if (!width || !height || width > MAX_VARIANT_WIDTH) return null;
  return {
    src: url,
    width,
    height,
    sources: variantWidths(width).map((vw) => ({ width: vw, url: `${stem}${w}x${h}.w${vw}.webp${query}` })),
  };
}

/** `srcset` of the WebP copies. */
export const srcSetOf = (image: ResponsiveImage) => image.sources.map((s) => `${s.url} ${s.width}w`).join(', ');
