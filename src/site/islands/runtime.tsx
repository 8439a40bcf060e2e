import type { DehydratedState } from '@tanstack/react-query';
import { startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { subscribeToasts } from '@/shared/ui/use-toast';
import { dialogStore } from '@/site/dialogs/site-dialogs';
import { startReveal } from '@/site/runtime/reveal';
import { loadInsights } from '@/site/runtime/insights-loader';
import { loadPrivacyBar, startDelegates } from './delegates';
import { IslandShell } from './IslandShell';
import { findIslands, markIslandHydrated, markPageReady, readIsland, WAKE_EVENT } from './protocol';

/*
 * Takes a prerendered page over island by island (see Island.tsx). The islands marked
 * data-hydrate="load" (the header) hydrate at once; the others when they come within a few
 * hundred pixels of the viewport or when the browser is idle, whichever is first, and at once
 * when the visitor touches, focuses or clicks them. A click that arrives before its island is
 * hydrated is held by the page's inline click queue (src/site/islands/protocol.ts) and pressed
 * again once React owns the button.
 */

/** What the runtime needs of an island (the site's table of them: src/site/island-registry.ts). */
export interface IslandEntry {
  /** The module of its component, from the root (src/site/…): what the prerenderer preloads. */
  source: string;
  load: () => Promise<ComponentType<never>>;
  /** It reads data with React Query: it hydrates inside the query client (QueryShell.tsx). */
  data?: true;
}

interface IslandData {
  props?: Record<string, unknown>;
  /** The query results the island was rendered with (only its own). */
  state?: DehydratedState;
}

function readData(): Record<string, IslandData> {
  const script = document.getElementById('islands-data');
  try {
    return script?.textContent ? (JSON.parse(script.textContent) as Record<string, IslandData>) : {};
  } catch {
    return {};
  }
}

/** Marks the island hydrated after React has committed it (its buttons are React's now). */
function Committed({ container, onCommit, children }: { container: HTMLElement; onCommit: () => void; children: ReactNode }) {
  useEffect(() => {
    markIslandHydrated(container);
    onCommit();
  }, [container, onCommit]);
  return children;
}

const location = () => ({ pathname: window.location.pathname, search: window.location.search, hash: window.location.hash });

export function startIslands(islands: Record<string, IslandEntry>): void {
  const data = readData();
  const started = new Map<HTMLElement, Promise<void>>();

  const hydrateIsland = (container: HTMLElement): Promise<void> => {
    const existing = started.get(container);
    if (existing) return existing;
    const { name, id } = readIsland(container);
    const entry = islands[name];
    const run = (async () => {
      if (!entry) throw new Error(`unknown island "${name}"`);
      const [Component, queries] = await Promise.all([
        entry.load() as Promise<ComponentType<Record<string, unknown>>>,
        entry.data ? import('./QueryShell') : null,
      ]);
      const { props = {}, state } = data[id] ?? {};
      if (state && queries) queries.hydrateIslandQueries(state);
      const island = <Component {...props} />;
      let committed!: () => void;
      const done = new Promise<void>((resolve) => (committed = resolve));
      // in a transition, React hydrates in slices of a few milliseconds and yields in between, so
      // no island makes a long task (a press on it still hydrates it at once, with priority)
      startTransition(() => {
        hydrateRoot(
          container,
          <IslandShell location={location()}>
            <Committed container={container} onCommit={committed}>
              {queries ? <queries.QueryShell>{island}</queries.QueryShell> : island}
            </Committed>
          </IslandShell>,
          {
            identifierPrefix: `i${id}-`,
            onRecoverableError: (error) => console.error(`[islands] ${name} did not match its HTML and was rendered again`, error),
          },
        );
      });
      await done;
    })().catch((error: unknown) => console.error(`[islands] ${name} could not be hydrated`, error));
    started.set(container, run);
    return run;
  };

  const containers = findIslands();
  const eager = containers.filter((c) => readIsland(c).hydrate === 'load');
  const later = containers.filter((c) => readIsland(c).hydrate !== 'load');

  // a touch, a focus or a held click (the click queue's WAKE_EVENT) hydrates an island at once
  for (const container of later) {
    const wake = () => void hydrateIsland(container);
    for (const type of [WAKE_EVENT, 'pointerdown', 'focusin', 'touchstart']) {
      container.addEventListener(type, wake, { once: true, passive: true, capture: true });
    }
  }

  const boxes = new Map<Element, HTMLElement>();
  const near =
    typeof IntersectionObserver === 'undefined'
      ? null
      : new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue;
              near?.unobserve(entry.target);
              const container = boxes.get(entry.target);
              if (container) void hydrateIsland(container);
            }
          },
          // display: contents boxes have no size of their own: their content is observed
          { rootMargin: '300px 0px' },
        );
  for (const container of later) {
    const box = container.firstElementChild ?? container;
    boxes.set(box, container);
    near?.observe(box);
  }

  // One island per idle period, once the page has loaded. For the first seconds after the load
  // only a quiet period counts (at least QUIET_MS to spare, which a running animation never
  // leaves: its frames end each period within 16 ms), so these islands do not crowd the page's
  // own loading; after that, any idle period.
  const QUIET_MS = 30;
  const SETTLE_MS = 4000;
  let settledAt = Number.POSITIVE_INFINITY;
  const idle = (cb: () => void) => {
    if (typeof window.requestIdleCallback !== 'function') return void setTimeout(cb, 200);
    const wait = () =>
      window.requestIdleCallback(
        (deadline) => (deadline.timeRemaining() >= QUIET_MS || performance.now() >= settledAt ? cb() : wait()),
        { timeout: Math.max(0, settledAt - performance.now()) },
      );
    if (document.readyState === 'complete') wait();
    else window.addEventListener('load', wait, { once: true });
  };
  const settle = () => (settledAt = performance.now() + SETTLE_MS);
  if (document.readyState === 'complete') settle();
  else window.addEventListener('load', settle, { once: true });
  const queue = [...later];
  const next = () => {
    const container = queue.shift();
    if (!container) return mountOverlay();
    void hydrateIsland(container).then(() => idle(next));
  };

  // the dialogs and toasts live in a root of their own beside the page, made when first needed
  // (a dialog asked for) or when the browser is idle (a toast may come from any island)
  let overlay = false;
  const mountOverlay = () => {
    if (overlay) return;
    overlay = true;
    stopDialogs();
    stopToasts();
    void import('./overlay').then((m) => m.mountOverlay());
  };
  const stopDialogs = dialogStore.subscribe(mountOverlay);
  const stopToasts = subscribeToasts(mountOverlay);
  startDelegates();
  // the fade-ins are for what lies below the fold: they can wait for the first idle moment
  idle(() => startReveal());

  void Promise.all(eager.map(hydrateIsland)).then(() => {
    markPageReady();
    idle(next);
    // the page works: the first touch kept with consent, the privacy bar where it is asked for
    void loadPrivacyBar().then((m) => m.startConsentBar());
    // and the site's measurement, fetched when the browser is idle (docs/insights.md)
    loadInsights();
  });
}
