import { wrapIndex } from '@/site/pages/projects/logic';

/** A swipe counts once the finger travelled this share of the picture's width... */
export const SWIPE_DISTANCE_SHARE = 0.25;
/** ...or when it is let go faster than this (px/s), however short the drag. */
export const SWIPE_VELOCITY = 500;
/** Floor for the distance, so that on a picture measured as 0 px wide (hidden, not laid out) a twitch is not a swipe. */
export const SWIPE_MIN_DISTANCE = 24;

/**
 * The step a horizontal drag asks for when it is let go: 1 (next picture), -1 (previous) or 0 (stay).
 * Dragging left (a negative offset) shows the next picture, as on a phone's photo viewer. A fast
 * flick decides by its direction; a flick back against the drag cancels it (the visitor changed
 * their mind), and a slow drag decides by how far it went.
 */
export function swipeStep(offsetX: number, velocityX: number, width: number): -1 | 0 | 1 {
  const distance = Math.max(width * SWIPE_DISTANCE_SHARE, SWIPE_MIN_DISTANCE);
  if (Math.abs(velocityX) > SWIPE_VELOCITY) {
    if (offsetX !== 0 && Math.sign(offsetX) !== Math.sign(velocityX)) return 0;
    return velocityX < 0 ? 1 : -1;
  }
  if (Math.abs(offsetX) > distance) return offsetX < 0 ? 1 : -1;
  return 0;
}

/** The picture shown after such a drag, wrapping at both ends like the arrows. */
export function indexAfterSwipe(index: number, total: number, offsetX: number, velocityX: number, width: number): number {
  return wrapIndex(index, swipeStep(offsetX, velocityX, width), total);
}

/**
 * Where the incoming picture starts its slide: beside the outgoing one, as if both sat on one strip
 * that the drag moved by offsetX, so the motion carries on from where the finger let go.
 */
export function enterOffset(step: number, offsetX: number, width: number): number {
  if (step === 0) return 0;
  return offsetX + step * width;
}
