import { useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '@/lib/motion';

/**
 * True once the element has been at least `threshold` visible (it stays true). Used for the
 * fade-ins.
 *
 * Content starts out shown, so the prerendered HTML (and a page without JavaScript) shows
 * everything and hydration matches it. After mounting, an element that is not yet on screen is
 * hidden until it scrolls into view; without IntersectionObserver, or under reduced motion,
 * nothing is ever hidden.
 */
export function useInView<T extends Element>(threshold = 0.2) {
  const ref = useRef<T | null>(null);
  const [hidden, setHidden] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    const node = ref.current;
    if (done || !node || typeof IntersectionObserver === 'undefined' || prefersReducedMotion()) return;
    let first = true;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= threshold);
        if (visible) {
          setHidden(false);
          setDone(true);
          observer.disconnect();
        } else if (first) {
          setHidden(true); // below the fold: wait to fade in
        }
        first = false;
      },
      { threshold },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [done, threshold]);

  return { ref, inView: !hidden };
}
