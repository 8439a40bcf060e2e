import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { Picture } from '@/shared/ui/picture';
import { wrapIndex } from '@/site/pages/projects/logic';
import type { GalleryItem } from '@/site/pages/projects/types';
import type { GallerySwipeDriverProps } from './GallerySwipeDriver';

type StartSwipe = (event: ReactPointerEvent) => void;

/** Runs `task` when the browser is idle (soon after, where requestIdleCallback is missing); returns a cancel. */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 200);
  return () => window.clearTimeout(id);
}

/**
 * How wide the project page's main picture is, the gallery's or the single one (for the browser's
 * pick of a WebP copy, and the head's preload of it): the whole container (100vw - 2rem) under lg,
 * then 3 of 5 columns with gap-10: 60vw - 35px, and 733 px once the container stops at 1280.
 */
export const PROJECT_MAIN_SIZES = '(min-width: 1280px) 733px, (min-width: 1024px) calc(60vw - 35px), calc(100vw - 2rem)';

export interface GalleryProps {
  /** Items already sorted by order (sortGallery). */
  items: GalleryItem[];
  projectTitle: string;
}

/**
 * The project gallery: one picture at a time with previous/next arrows that wrap at both ends,
 * an 'n / total' counter and a strip of thumbnails. With focus anywhere in the carousel, the left
 * and right arrow keys move too (Home and End jump to the first and last picture).
 *
 * On touch screens the picture can also be swiped. That is framer-motion's drag, which is large, so
 * none of it is in this module: the first render (the prerendered HTML, and the hydration that must
 * match it) is the plain gallery, and GallerySwipeDriver is imported after it, when the browser is
 * idle on a device with a touch screen, or as soon as a mouse pointer enters or presses the picture.
 */
export function Gallery({ items, projectTitle }: GalleryProps) {
  const [index, setIndex] = useState(0);
  // the first image is the page's largest paint: it appears at once; later ones fade in
  const [moved, setMoved] = useState(false);
  // a swipe slides the next picture in, so it skips the fade
  const [slid, setSlid] = useState(false);
  const [Swipe, setSwipe] = useState<ComponentType<GallerySwipeDriverProps> | null>(null);
  const swipeRequested = useRef(false);
  const startSwipe = useRef<StartSwipe | null>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const total = items.length;
  const swipeable = total > 1;

  const loadSwipe = useCallback(() => {
    if (swipeRequested.current) return;
    swipeRequested.current = true;
    import('./GallerySwipeDriver').then(
      (mod) => setSwipe(() => mod.GallerySwipeDriver),
      // offline or a stale deploy: the arrows still work; a later pointer may try again
      () => { swipeRequested.current = false; },
    );
  }, []);
  const onSwipeReady = useCallback((start: StartSwipe | null) => { startSwipe.current = start; }, []);
  const onSwipe = useCallback(
    (step: 1 | -1) => {
      setMoved(true);
      setSlid(true);
      setIndex((i) => wrapIndex(Math.min(i, total - 1), step, total));
    },
    [total],
  );

  useEffect(() => {
    if (!swipeable || typeof window.matchMedia !== 'function') return;
    if (!window.matchMedia('(any-pointer: coarse)').matches) return;
    return whenIdle(loadSwipe);
  }, [swipeable, loadSwipe]);

  if (total === 0) return null;
  const current = Math.min(index, total - 1);
  const item = items[current];
  const go = (step: number) => {
    setMoved(true);
    setSlid(false);
    setIndex((i) => wrapIndex(Math.min(i, total - 1), step, total));
  };
  const show = (i: number) => {
    setMoved(true);
    setSlid(false);
    setIndex(i);
  };
  // the thumbnails' buttons are named short; the picture shown says what it shows, when told
  const nameOf = (it: GalleryItem, i: number) => it.title || `${projectTitle}: изображение ${i + 1}`;
  const altOf = (it: GalleryItem, i: number) => it.alt?.trim() || nameOf(it, i);

  function onFramePointerDown(event: ReactPointerEvent<HTMLDivElement>) {
    loadSwipe();
    // the arrows sit on the picture: pressing them is a click, not the start of a swipe
    if (event.target instanceof Element && event.target.closest('button')) return;
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    startSwipe.current?.(event);
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'Home') show(0);
    else if (event.key === 'End') show(total - 1);
    else return;
    event.preventDefault();
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label={`Галерия на проекта ${projectTitle}`}
      tabIndex={0}
      onKeyDown={onKeyDown}
      className="flex flex-col gap-4 rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-4"
    >
      <figure className="flex flex-col gap-3">
        <div
          ref={frameRef}
          onPointerEnter={swipeable ? loadSwipe : undefined}
          onPointerDown={swipeable ? onFramePointerDown : undefined}
          // vertical swipes stay the page's scrolling; horizontal ones reach the drag
          className={cn('relative overflow-hidden rounded-xl bg-slate-100', swipeable && 'touch-pan-y')}
        >
          <Picture
            key={item.id}
            ref={imageRef}
            src={item.image}
            alt={altOf(item, current)}
            sizes={PROJECT_MAIN_SIZES}
            width={1200}
            height={800}
            // the first picture is the page's largest paint; a later one is wanted at once too
            priority={!moved}
            eager
            className={cn('aspect-[3/2] w-full object-cover', moved && !slid && 'motion-safe:animate-fade-in')}
            // a mouse drag would otherwise pick the image up (the browser's own drag and drop)
            onDragStart={Swipe ? (event) => event.preventDefault() : undefined}
          />
          {Swipe ? <Swipe onReady={onSwipeReady} imageRef={imageRef} frameRef={frameRef} index={current} onSwipe={onSwipe} /> : null}
          {total > 1 ? (
            <>
              <Button
                variant="outline"
                size="icon"
                aria-label="Предишно изображение"
                onClick={() => go(-1)}
                className="absolute left-3 top-1/2 -translate-y-1/2 bg-white/90 shadow"
              >
                <ChevronLeft aria-hidden="true" />
              </Button>
              <Button
                variant="outline"
                size="icon"
                aria-label="Следващо изображение"
                onClick={() => go(1)}
                className="absolute right-3 top-1/2 -translate-y-1/2 bg-white/90 shadow"
              >
                <ChevronRight aria-hidden="true" />
              </Button>
            </>
          ) : null}
          <p
            aria-live="polite"
            aria-atomic="true"
            className="absolute bottom-3 right-3 rounded-full bg-slate-900/80 px-3 py-1 text-sm font-medium text-white"
          >
            <span className="sr-only">Изображение </span>
            {current + 1} / {total}
          </p>
        </div>
        {item.title || item.description ? (
          <figcaption className="flex flex-col gap-1">
            {item.title ? <span className="font-semibold text-slate-900">{item.title}</span> : null}
            {item.description ? <span className="text-slate-700">{item.description}</span> : null}
          </figcaption>
        ) : null}
      </figure>

      {total > 1 ? (
        <ul className="flex gap-3 overflow-x-auto pb-1" aria-label="Миниатюри">
          {items.map((it, i) => (
            <li key={it.id} className="shrink-0">
              <button
                type="button"
                onClick={() => show(i)}
                aria-label={`Покажи изображение ${i + 1}: ${nameOf(it, i)}`}
                aria-current={i === current ? 'true' : undefined}
                className={cn(
                  'block overflow-hidden rounded-lg border-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2',
                  i === current ? 'border-brand-600' : 'border-transparent opacity-80 hover:opacity-100',
                )}
              >
                {/* the first thumbnail is the picture the page opens with: given the main picture's sizes, the
                    browser picks the copy already on its way (no request of its own); the others
                    take the smallest copy, after the main picture */}
                <Picture
                  src={it.image}
                  alt=""
                  sizes={i === 0 ? PROJECT_MAIN_SIZES : '96px'}
                  width={120}
                  height={80}
                  minor={i !== 0}
                  className="h-16 w-24 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
