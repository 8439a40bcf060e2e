import { animate, LazyMotion, m, useDragControls, useMotionValue, type PanInfo } from 'framer-motion';
import { useEffect, useLayoutEffect, useRef, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { usePrefersReducedMotion } from '@/site/runtime/motion';
import { enterOffset, swipeStep } from './gallery-swipe';

// The drag feature (framer-motion's domMax) arrives in a chunk of its own, after this one.
const loadFeatures = () => import('./gallery-motion-features').then((mod) => mod.default);

export interface GallerySwipeDriverProps {
  /** Receives the function that starts a drag from a pointerdown on the picture (null on unmount). */
  onReady: (start: ((event: ReactPointerEvent) => void) | null) => void;
  /** The picture shown now: it follows the drag. */
  imageRef: RefObject<HTMLImageElement | null>;
  /** The picture's frame, whose width the swipe thresholds are measured against. */
  frameRef: RefObject<HTMLDivElement | null>;
  index: number;
  /** Called with 1 (next) or -1 (previous) when a drag is let go far or fast enough. */
  onSwipe: (step: 1 | -1) => void;
}

/**
 * Swipe for the gallery, loaded by Gallery only after the page has rendered (see there). framer-motion
 * drags an invisible handle rather than the picture itself: wrapping the server-rendered <img> in a
 * motion element once this module arrived would replace it (a new element, painted again), so the
 * picture keeps its plain markup and simply copies the handle's x. The Gallery's frame forwards its
 * pointerdowns here through dragControls.
 *
 * Under reduced motion the handle does not follow the finger (no elasticity, no momentum) and the
 * next picture does not slide in: the drag only decides which picture to show.
 */
export function GallerySwipeDriver({ onReady, imageRef, frameRef, index, onSwipe }: GallerySwipeDriverProps) {
  const reducedMotion = usePrefersReducedMotion();
  const controls = useDragControls();
  const x = useMotionValue(0);
  // where the incoming picture starts its slide and at what speed, set when a swipe changes it
  const enter = useRef<{ from: number; velocity: number } | null>(null);

  useEffect(() => {
    onReady((event) => controls.start(event));
    return () => onReady(null);
  }, [controls, onReady]);

  useEffect(
    () =>
      x.on('change', (value) => {
        const image = imageRef.current;
        if (image) image.style.transform = value ? `translateX(${value}px)` : '';
      }),
    [x, imageRef],
  );

  // A new picture is in the DOM (this runs before it is painted): a swipe slides it in from beside
  // the outgoing one; arrows, keys and thumbnails show it in place, as before.
  useLayoutEffect(() => {
    const from = enter.current;
    enter.current = null;
    if (!from) {
      x.jump(0);
      return;
    }
    x.jump(from.from);
    const slide = animate(x, 0, { type: 'spring', stiffness: 320, damping: 36, velocity: from.velocity });
    return () => slide.stop();
  }, [index, x]);

  function onDragEnd(_event: unknown, info: PanInfo) {
    const width = frameRef.current?.offsetWidth ?? 0;
    const step = swipeStep(info.offset.x, info.velocity.x, width);
    // no step: the drag's own spring brings the picture back (the constraints are 0..0)
    if (step === 0) return;
    if (!reducedMotion) enter.current = { from: enterOffset(step, info.offset.x, width), velocity: info.velocity.x };
    onSwipe(step);
  }

  return (
    <LazyMotion features={loadFeatures} strict>
      <m.div
        aria-hidden="true"
        data-gallery-swipe=""
        drag="x"
        dragListener={false}
        dragControls={controls}
        dragConstraints={{ left: 0, right: 0 }}
        dragElastic={reducedMotion ? 0 : 1}
        dragMomentum={!reducedMotion}
        onDragEnd={onDragEnd}
        style={{ x }}
        className="pointer-events-none absolute left-0 top-0 h-px w-px"
      />
    </LazyMotion>
  );
}
