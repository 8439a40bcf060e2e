/*
 * The clients carousel's rules: arrows only above 3 clients, the left arrow
 * disabled at the start, the right one within 10 px of the end, each step 80 % of the visible
 * width, dots above 1 client.
 */

export const CAROUSEL_ARROWS_ABOVE = 3;
export const CAROUSEL_END_TOLERANCE_PX = 10;
export const CAROUSEL_STEP_RATIO = 0.8;

export interface ScrollMetrics {
  scrollLeft: number;
  clientWidth: number;
  scrollWidth: number;
}

export function showArrows(count: number): boolean {
  return count > CAROUSEL_ARROWS_ABOVE;
}

export function showDots(count: number): boolean {
  return count > 1;
}

export function atStart({ scrollLeft }: ScrollMetrics): boolean {
  return scrollLeft < 1;
}

export function atEnd({ scrollLeft, clientWidth, scrollWidth }: ScrollMetrics): boolean {
  return scrollLeft + clientWidth >= scrollWidth - CAROUSEL_END_TOLERANCE_PX;
}

/** How far one arrow press scrolls: 80 % of the visible width, left or right. */
export function scrollStep(clientWidth: number, direction: -1 | 1): number {
  return direction * clientWidth * CAROUSEL_STEP_RATIO;
}

/**
 * The dot to highlight: the item whose left edge is nearest the scroll position, or the last
 * item once the end is reached (the last items never reach the left edge).
 */
export function activeIndex(metrics: ScrollMetrics, itemOffsets: readonly number[]): number {
  if (itemOffsets.length === 0) return 0;
  if (atEnd(metrics) && metrics.scrollLeft > 0) return itemOffsets.length - 1;
  let best = 0;
  for (let i = 1; i < itemOffsets.length; i++) {
    if (Math.abs(itemOffsets[i] - metrics.scrollLeft) < Math.abs(itemOffsets[best] - metrics.scrollLeft)) best = i;
  }
  return best;
}
