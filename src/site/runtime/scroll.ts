import { prefersReducedMotion } from './motion';

/** Room left above a section for the fixed header when scrolling to it. */
export const SECTION_SCROLL_OFFSET = 80;

/**
 * Scrolls to the element with the given id, leaving `offset` pixels above it, smoothly unless the
 * visitor asked for reduced motion; then moves keyboard focus there without scrolling again, so
 * the next Tab continues from the section. Returns false when no such element exists.
 */
export function scrollToSection(id: string, offset = SECTION_SCROLL_OFFSET): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  // sections below the fold are laid out lazily (.below-fold in index.css): lay them out now,
  // so the target's position is its real one
  document.documentElement.classList.add('all-rendered');
  const top = target.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return true;
}
