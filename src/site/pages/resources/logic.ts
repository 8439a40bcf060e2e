/* Pure helpers of the resources section: paragraphs and mouse-wheel navigation. */

/** Splits an article's text into paragraphs at blank lines; whitespace-only parts are dropped. */
export function splitParagraphs(content: string): string[] {
  return content
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The index `direction` steps away, or null beyond either end (no wrapping between articles). */
export function neighbourIndex(index: number, direction: -1 | 1, total: number): number | null {
  const next = index + direction;
  return next >= 0 && next < total ? next : null;
}

/** A wheel movement of at least this many pixels moves to another article. */
export const WHEEL_THRESHOLD = 50;
/** After a move, wheel events are ignored this long, so one flick moves one article. */
export const WHEEL_LOCK_MS = 700;
/** While events keep arriving during the lock (a flick's momentum), the lock lasts at least this much longer. */
export const WHEEL_QUIET_MS = 150;

/** Wheel delta in pixels whatever unit the browser reports (0 pixels, 1 lines, 2 pages). */
export function wheelPixels(deltaY: number, deltaMode: number, pageHeight: number): number {
  if (deltaMode === 1) return deltaY * 16;
  if (deltaMode === 2) return deltaY * pageHeight;
  return deltaY;
}

/** Where the page is scrolled: a wheel only changes article once the page cannot scroll further that way. */
export interface ScrollEdges {
  atTop: boolean;
  atBottom: boolean;
}

export interface WheelGateState {
  /** Time (ms) before which wheel events are ignored. */
  lockedUntil: number;
}

export const initialWheelGate: WheelGateState = { lockedUntil: 0 };

/**
 * Decides what one wheel event does: -1 (previous article), 1 (next) or 0 (nothing, the page
 * scrolls as usual). A move needs |delta| ≥ 50 and the page at its edge in that direction, and
 * not to be inside the lock of the previous move; events during the lock keep it going a little.
 */
export function wheelGate(
  state: WheelGateState,
  event: { deltaY: number; now: number; edges: ScrollEdges },
): { state: WheelGateState; step: -1 | 0 | 1 } {
  const { deltaY, now, edges } = event;
  if (now < state.lockedUntil) {
    return { state: { lockedUntil: Math.max(state.lockedUntil, now + WHEEL_QUIET_MS) }, step: 0 };
  }
  let step: -1 | 0 | 1 = 0;
  if (deltaY >= WHEEL_THRESHOLD && edges.atBottom) step = 1;
  else if (deltaY <= -WHEEL_THRESHOLD && edges.atTop) step = -1;
  if (step === 0) return { state, step };
  return { state: { lockedUntil: now + WHEEL_LOCK_MS }, step };
}
