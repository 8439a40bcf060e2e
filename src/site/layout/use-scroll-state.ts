import { useEffect, useState } from 'react';

/** Past this many pixels of scroll the header turns compact and opaque. */
export const HEADER_COMPACT_AFTER_PX = 50;

/**
 * Listens to the page scroll (passive, at most once a frame): writes the offset to the CSS
 * variable --scroll-y on <html> (the hero's drifting shape follows it) and returns true once the
 * page is scrolled past the threshold.
 */
export function useScrolledPast(threshold = HEADER_COMPACT_AFTER_PX): boolean {
  // false until mounted, so a prerendered header hydrates as rendered; the effect reads at once
  const [past, setPast] = useState(false);

  useEffect(() => {
    let frame = 0;
    // the variable is inherited by every element: writing it restyles the whole page, so it is
    // written only when it changes (at the top it is absent and the CSS reads 0px)
    let written = Math.round(window.scrollY) === 0 ? 0 : -1;
    const read = () => {
      frame = 0;
      const y = Math.round(window.scrollY);
      if (y !== written) {
        document.documentElement.style.setProperty('--scroll-y', `${y}px`);
        written = y;
      }
      setPast(y > threshold);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(read);
    };
    read();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [threshold]);

  return past;
}
