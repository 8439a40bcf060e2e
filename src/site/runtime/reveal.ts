import { prefersReducedMotion } from './motion';

/*
 * Scroll-triggered fade-ins without React: the landing page's static sections have no script of
 * their own (only islands hydrate), so one observer serves every group on the page. Mark a group with
 * data-reveal="<share of it that must be visible, 0–1>" and its items with data-reveal-item (the
 * group may be its own item) and an optional --reveal-delay. This sets data-reveal-state, which
 * React never renders, so it works the same inside a hydrated island.
 *
 * Content starts shown, so the prerendered HTML (and a page without JavaScript) shows everything;
 * a group that is not on screen when this runs is hidden until it scrolls into view. Without
 * IntersectionObserver, or under reduced motion, nothing is hidden.
 */
export function startReveal(root: ParentNode = document): () => void {
  if (typeof IntersectionObserver === 'undefined' || prefersReducedMotion()) return () => {};
  const observers: IntersectionObserver[] = [];
  for (const group of root.querySelectorAll<HTMLElement>('[data-reveal]:not([data-reveal-state])')) {
    const threshold = Number(group.dataset.reveal) || 0.2;
    let first = true;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= threshold);
        if (visible) {
          group.dataset.revealState = 'shown';
          observer.disconnect();
        } else if (first) {
          group.dataset.revealState = 'hidden'; // below the fold: wait to fade in
        }
        first = false;
      },
      { threshold },
    );
    observer.observe(group);
    observers.push(observer);
  }
  return () => observers.forEach((o) => o.disconnect());
}
