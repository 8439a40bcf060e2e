// Swipe in the project gallery: the pure decision, the first render without any of
// framer-motion (as the prerendered page and its hydration see it), and a real drag through
// framer-motion's pointer handling in jsdom.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Gallery } from '@/site/pages/projects/components/Gallery';
import {
  enterOffset,
  indexAfterSwipe,
  swipeStep,
  SWIPE_MIN_DISTANCE,
} from '@/site/pages/projects/components/gallery-swipe';
import type { GalleryItem } from '@/site/pages/projects/types';
import { fakeMediaQueryList } from './media';

// framer-motion's drag features load only when the test opens this gate, so a test can look at the
// gallery while they are still on their way.
const features = vi.hoisted(() => {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open, requested: 0 };
});
vi.mock('@/site/pages/projects/components/gallery-motion-features', async (importOriginal) => {
  features.requested++;
  await features.opened;
  return importOriginal();
});

// the first an uploaded photo with its WebP copies (a <picture>), the others plain images
const ITEMS: GalleryItem[] = [
  { id: 'a', title: 'Табло на брокера', description: 'Задачите за деня.', alt: '', image: 'https://cdn.test/projects/crm-1.1600x1067.jpg', order: 0 },
  { id: 'b', title: 'Карта на имотите', description: '', alt: '', image: '/demo/project-crm-2.svg', order: 1 },
  { id: 'c', title: 'Отчет за месеца', description: '', alt: '', image: '/demo/project-crm-3.svg', order: 2 },
];

const carousel = () => screen.getByRole('region', { name: /Галерия на проекта/ });
const shown = () => within(carousel()).getAllByRole('img')[0];
const counter = () => within(carousel()).getByText((_, el) => el?.tagName === 'P' && /\d+ \/ \d+/.test(el.textContent ?? ''));
// the frame around the picture (an uploaded photo sits in a <picture> inside it)
const frame = () => shown().closest('div') as HTMLElement;
const handle = () => carousel().querySelector('[data-gallery-swipe]');
const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

/** Loads the swipe driver and its features, then waits for framer-motion to attach the drag. */
async function swipeReady() {
  fireEvent.pointerEnter(frame());
  features.open();
  await waitFor(() => expect(handle()).not.toBeNull());
  await act(async () => {
    await features.opened;
    await import('@/site/pages/projects/components/gallery-motion-features');
  });
  await nextFrame();
}

/**
 * A touch drag across the picture by dx pixels, one frame per move so framer-motion sees it.
 * Returns the picture's transform just before the finger lifts.
 */
async function drag(dx: number): Promise<string> {
  const at = (x: number) => ({ pointerId: 1, pointerType: 'touch', isPrimary: true, clientX: x, clientY: 100, pageX: x, pageY: 100 });
  fireEvent.pointerDown(shown(), at(300));
  for (const x of [300 + dx / 3, 300 + (2 * dx) / 3, 300 + dx]) {
    fireEvent.pointerMove(window, at(x));
    await nextFrame();
  }
  const during = shown().style.transform;
  fireEvent.pointerUp(window, at(300 + dx));
  await nextFrame();
  await nextFrame();
  return during;
}

function reducedMotion(matches: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, matches && query.includes('prefers-reduced-motion')),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('swipeStep', () => {
  const W = 400; // 25 % is 100 px

  it('steps once the drag passes a quarter of the width; dragging left is the next picture', () => {
    expect(swipeStep(-101, 0, W)).toBe(1);
    expect(swipeStep(101, 0, W)).toBe(-1);
    expect(swipeStep(-100, 0, W)).toBe(0);
    expect(swipeStep(99, -200, W)).toBe(0);
  });

  it('a flick faster than 500 px/s steps however short, unless it flicks back against the drag', () => {
    expect(swipeStep(-10, -501, W)).toBe(1);
    expect(swipeStep(10, 501, W)).toBe(-1);
    expect(swipeStep(-10, -500, W)).toBe(0);
    expect(swipeStep(-150, 600, W)).toBe(0);
  });

  it('a picture measured 0 px wide still needs a few pixels of drag', () => {
    expect(swipeStep(-SWIPE_MIN_DISTANCE, 0, 0)).toBe(0);
    expect(swipeStep(-SWIPE_MIN_DISTANCE - 1, 0, 0)).toBe(1);
  });

  it('wraps at both ends like the arrows, and the next picture slides in from beside the outgoing one', () => {
    expect(indexAfterSwipe(2, 3, -200, 0, W)).toBe(0);
    expect(indexAfterSwipe(0, 3, 200, 0, W)).toBe(2);
    expect(indexAfterSwipe(1, 3, -20, 0, W)).toBe(1);
    expect(enterOffset(1, -120, W)).toBe(280);
    expect(enterOffset(-1, 120, W)).toBe(-280);
    expect(enterOffset(0, 50, W)).toBe(0);
  });
});

describe('Gallery with swipe', () => {
  it('renders the first picture, its alt text and the counter with none of framer-motion loaded', async () => {
    render(<Gallery items={ITEMS} projectTitle="CRM" />);
    expect(shown()).toHaveAttribute('alt', 'Табло на брокера');
    expect(shown()).toHaveAttribute('fetchpriority', 'high');
    expect(shown()).toHaveAttribute('width', '1200');
    expect(shown()).toHaveAttribute('height', '800');
    expect(shown().className).not.toContain('animate-fade-in');
    expect(counter()).toHaveTextContent('1 / 3');
    expect(counter()).toHaveAttribute('aria-live', 'polite');
    expect(frame()).toHaveClass('touch-pan-y');
    // no pointer and no touch screen yet: nothing of the swipe is requested
    expect(handle()).toBeNull();
    expect(features.requested).toBe(0);

    // a mouse over the picture fetches the driver; while the drag features are still coming the
    // gallery works as before
    fireEvent.pointerEnter(frame());
    await waitFor(() => expect(handle()).not.toBeNull());
    await waitFor(() => expect(features.requested).toBe(1));
    expect(shown()).toHaveAttribute('alt', 'Табло на брокера');
    fireEvent.click(within(carousel()).getByRole('button', { name: 'Следващо изображение' }));
    expect(counter()).toHaveTextContent('2 / 3');
    expect(shown()).toHaveClass('motion-safe:animate-fade-in');
  });

  it('hydrates the server-rendered markup without a mismatch', async () => {
    const html = renderToString(<Gallery items={ITEMS} projectTitle="CRM" />);
    expect(html).toContain('fetchPriority="high"');
    expect(html).not.toContain('data-gallery-swipe');
    expect(html).toContain('<source type="image/webp" srcSet="https://cdn.test/projects/crm-1.1600x1067.w240.webp 240w, https://cdn.test/projects/crm-1.1600x1067.w480.webp 480w');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const before = container.innerHTML;
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const root = hydrateRoot(container, <Gallery items={ITEMS} projectTitle="CRM" />, { onRecoverableError: recoverable });
    await act(async () => {});
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(before);
    act(() => root.unmount());
    container.remove();
  });

  it('a swipe left shows the next picture and a swipe right the previous, wrapping; a short drag stays', async () => {
    render(<Gallery items={ITEMS} projectTitle="CRM" />);
    await swipeReady();

    // the picture follows the finger
    expect(await drag(-150)).toBe('translateX(-150px)');
    expect(counter()).toHaveTextContent('2 / 3');
    expect(shown()).toHaveAttribute('alt', 'Карта на имотите');
    // it slid in rather than faded
    expect(shown().className).not.toContain('animate-fade-in');

    await drag(10);
    expect(counter()).toHaveTextContent('2 / 3');

    await drag(150);
    await drag(150);
    expect(counter()).toHaveTextContent('3 / 3');

    // pressing an arrow is a click, never the start of a swipe
    fireEvent.pointerDown(within(carousel()).getByRole('button', { name: 'Предишно изображение' }), { pointerType: 'touch', isPrimary: true, clientX: 300, pageX: 300 });
    fireEvent.pointerMove(window, { pointerType: 'touch', isPrimary: true, clientX: 100, pageX: 100 });
    await nextFrame();
    fireEvent.pointerUp(window, { pointerType: 'touch', isPrimary: true, clientX: 100, pageX: 100 });
    await nextFrame();
    await nextFrame();
    expect(counter()).toHaveTextContent('3 / 3');
  });

  it('under reduced motion a swipe still changes the picture, which neither follows the finger nor slides', async () => {
    reducedMotion(true);
    render(<Gallery items={ITEMS} projectTitle="CRM" />);
    await swipeReady();

    fireEvent.pointerDown(shown(), { pointerId: 1, pointerType: 'touch', isPrimary: true, clientX: 300, pageX: 300 });
    fireEvent.pointerMove(window, { pointerId: 1, pointerType: 'touch', isPrimary: true, clientX: 200, pageX: 200 });
    await nextFrame();
    fireEvent.pointerMove(window, { pointerId: 1, pointerType: 'touch', isPrimary: true, clientX: 150, pageX: 150 });
    await nextFrame();
    expect(shown().style.transform).toBe('');
    fireEvent.pointerUp(window, { pointerId: 1, pointerType: 'touch', isPrimary: true, clientX: 150, pageX: 150 });
    await nextFrame();
    await nextFrame();
    expect(counter()).toHaveTextContent('2 / 3');
    expect(shown().style.transform).toBe('');
  });
});
