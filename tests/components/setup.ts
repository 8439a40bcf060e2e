// Setup for the `components` Vitest project (jsdom): jest-dom matchers, cleanup between tests, and
// the browser APIs jsdom lacks that the UI uses (media queries, observers, scrolling).
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { dialogStore } from '@/site/dialogs/site-dialogs';
import { fakeMediaQueryList } from './media';
import { server } from './msw';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  // the visitor dialogs' store outlives a render, as it outlives a page in the browser
  dialogStore.reset();
});
afterAll(() => server.close());

if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => fakeMediaQueryList(query, false),
  });
}

/** An observer that never reports; enough for components that only subscribe. */
class NoopObserver {
  readonly root = null;
  readonly rootMargin = '0px';
  readonly thresholds: readonly number[] = [];
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}

if (!('IntersectionObserver' in window)) {
  Object.defineProperty(window, 'IntersectionObserver', { writable: true, configurable: true, value: NoopObserver });
  Object.defineProperty(globalThis, 'IntersectionObserver', { writable: true, configurable: true, value: NoopObserver });
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: NoopObserver });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, configurable: true, value: NoopObserver });
}

// jsdom implements neither scrolling nor pointer capture; the router and Radix call them.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();
Element.prototype.scrollTo = vi.fn() as unknown as typeof Element.prototype.scrollTo;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.setPointerCapture ??= () => {};

// jsdom has no canvas (it logs "Not implemented" on getContext); canvases then simply draw nothing.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

// The first test of every file used to pay for the cold start (the Supabase clients the app loads
// on first use, and React, jsdom and user-event code run for the first time: about 0.6 s here and
// twice that on a busy machine), which made its duration say little about the test itself. The
// clients are loaded, and one small render with a click and a keystroke warms the rest up, under
// the hook's own, larger timeout, so each test's time is the test's own.
beforeAll(async () => {
  await Promise.all([import('@supabase/supabase-js'), import('@supabase/postgrest-js')]);
  const { createElement, useState } = await import('react');
  const { render, screen } = await import('@testing-library/react');
  const { default: userEvent } = await import('@testing-library/user-event');
  function Warm() {
    const [value, setValue] = useState('');
    return createElement(
      'form',
      { 'aria-label': 'warm-up' },
      createElement('label', null, 'Поле', createElement('input', { value, onChange: (e: { target: { value: string } }) => setValue(e.target.value) })),
      createElement('button', { type: 'button' }, 'Бутон'),
    );
  }
  render(createElement(Warm));
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: 'Бутон' }));
  await user.type(screen.getByRole('textbox', { name: 'Поле' }), 'ab');
  cleanup();
});
