import { useEffect, useRef } from 'react';
import { initialWheelGate, wheelGate, wheelPixels, type ScrollEdges } from './logic';

function pageEdges(): ScrollEdges {
  const doc = document.documentElement;
  const top = window.scrollY;
  return { atTop: top <= 1, atBottom: top + window.innerHeight >= doc.scrollHeight - 2 };
}

/**
 * While mounted, calls `onStep(-1 | 1)` when the visitor wheels past the top or bottom of the page
 * (delta ≥ 50, one move per flick). The listener is on the window, so it works wherever the pointer
 * is (at the end of a page that is often the footer); it is passive, the page scrolls normally.
 */
export function useWheelNavigation(onStep: (direction: -1 | 1) => void): void {
  const gate = useRef(initialWheelGate);
  const latest = useRef(onStep);
  useEffect(() => {
    latest.current = onStep;
  }, [onStep]);

  useEffect(() => {
    function onWheel(event: WheelEvent) {
      if (event.ctrlKey) return; // pinch-zoom on trackpads arrives as ctrl+wheel
      const result = wheelGate(gate.current, {
        deltaY: wheelPixels(event.deltaY, event.deltaMode, window.innerHeight),
        now: performance.now(),
        edges: pageEdges(),
      });
      gate.current = result.state;
      if (result.step !== 0) latest.current(result.step);
    }
    window.addEventListener('wheel', onWheel, { passive: true });
    return () => window.removeEventListener('wheel', onWheel);
  }, []);
}
