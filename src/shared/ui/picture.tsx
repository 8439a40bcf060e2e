import type { DragEventHandler, Ref } from 'react';
import { responsiveImage, srcSetOf } from '@/shared/media/variants';

export interface PictureProps {
  src: string;
  /** Empty for a picture that only decorates what its text already says. */
  alt: string;
  /**
   * The `sizes` of the WebP copies: how wide the picture is shown at each viewport width, from
   * the layout around it ('(min-width: 1024px) 400px, calc(100vw - 2rem)'). Give it wherever the
   * src may be an uploaded photo; without it the picture is taken to be shown `width` pixels wide.
   */
  sizes?: string;
  /**
   * Intrinsic size: reserves the box before the file arrives, so the layout does not jump. May be
   * left out only where it is unknown (an image in markdown): an uploaded photo's name carries it.
   */
  width?: number;
  height?: number;
  /**
   * The page's one main image above the fold (the likely largest paint): fetched first with
   * `fetchPriority="high"` and never lazy.
   */
  priority?: boolean;
  /**
   * Seen on first paint but one of several (the first cards of a list): loaded at once, yet
   * without a priority boost, so they do not compete with each other or with the main image.
   */
  eager?: boolean;
  /**
   * A small companion of the main image (a gallery's thumbnails): lazy and `fetchPriority="low"`,
   * so a thumbnail in view is not raised to high priority and fetched beside the main image.
   */
  minor?: boolean;
  /** Goes on the <img>: the <picture> around it takes no box of its own. */
  className?: string;
  /** The <img> itself (the gallery moves it while it is swiped). */
  ref?: Ref<HTMLImageElement>;
  onDragStart?: DragEventHandler<HTMLImageElement>;
}

/**
 * Every content image of the site and the admin goes through here, so the loading policy lives
 * in one place: lazy unless seen on first paint, always decoded off the main thread.
 *
 * An uploaded photo (a URL under the rule of shared/media/variants.ts) comes with WebP copies at
 * several widths: it is rendered as a <picture> whose WebP source lets the browser pick the copy
 * that fits `sizes`, with the stored JPEG/PNG as the <img> for browsers without WebP. Any other URL
 * (an SVG, a typed address) is a plain <img>. The <picture> is `display: contents`, so the <img>
 * lays out exactly as it would alone and keeps all its classes.
 *
 * Kept a plain function importing only the tiny naming rule: it renders inside every island that
 * shows a picture.
 */
export function Picture({ src, alt, sizes, width, height, priority = false, eager = false, minor = false, className, ref, onDragStart }: PictureProps) {
  const image = responsiveImage(src);
  const w = width ?? image?.width;
  const h = height ?? image?.height;
  const img = (
    <img
      ref={ref}
      src={src}
      alt={alt}
      width={w}
      height={h}
      loading={priority ? undefined : eager ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : minor ? 'low' : undefined}
      decoding="async"
      className={className}
      onDragStart={onDragStart}
    />
  );
  if (!image) return img;
  return (
    <picture className="contents">
      <source type="image/webp" srcSet={srcSetOf(image)} sizes={sizes ?? (w ? `${w}px` : '100vw')} />
      {img}
    </picture>
  );
}
