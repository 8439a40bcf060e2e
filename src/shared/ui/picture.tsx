export interface PictureProps {
  src: string;
  /** Empty for a picture that only decorates what its text already says. */
  alt: string;
  /** Intrinsic size: reserves the box before the file arrives, so the layout does not jump. */
  width: number;
  height: number;
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
  className?: string;
}

/**
 * Every content image of the site and the admin goes through here, so the loading policy lives
 * in one place: lazy unless seen on first paint, always decoded off the main thread.
 * This is also the single place where `srcset`/`sizes` for responsive variants get added
 * once the storage serves resized copies. Kept a plain function with no imports: it renders
 * inside every island that shows a picture.
 */
export function Picture({ src, alt, width, height, priority = false, eager = false, className }: PictureProps) {
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? undefined : eager ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
}
