import { lazy, type ComponentType, type ReactNode } from 'react';

/*
 * Parts of the admin (a panel's tabs, a record's editor) whose code comes as a chunk of its own,
 * fetched the first time the part is shown: the panel's first load carries only the tab on screen,
 * and a list never carries its editor (`npm run size:admin` weighs the posts list, and
 * tests/build/admin-weight.test.ts holds it to its budget).
 */

/** A lazily loaded part: a component, and the way to fetch its code before it is shown. */
export type LazyPart<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

const parts = new Set<() => Promise<unknown>>();

/**
 * The part that `load` resolves to. Once its code is here it renders at once, as a component
 * imported the usual way would; until then it suspends, and the nearest Suspense boundary waits
 * with what it shows. Moving in a panel is a transition (the router's), so a tab pressed or an
 * editor opened for the first time leaves the current view on screen for the moment its code
 * takes, and then shows; a first visit waits under the page's spinner with the panel's own code;
 * a record's view keeps its loading view until its editor is here (ListFormTab.tsx). A chunk that
 * fails to load throws to the route's error boundary, as a panel's own chunk does.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let pending: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const preload = () => {
    pending ??= load().then((component) => (loaded = component));
    return pending;
  };
  parts.add(preload);
  // React asks once, at the first render: code fetched before (preload) is handed over at once,
  // so the part renders without suspending
  const Part = lazy(() => (loaded ? settled({ default: loaded }) : preload().then((component) => ({ default: component }))));
  return Object.assign(Part, { preload }) as unknown as LazyPart<P>;
}

/** A thenable that hands `value` over as soon as it is asked: React.lazy then renders without waiting. */
function settled<T>(value: T): Promise<T> {
  return { then: (onFulfilled: (v: T) => unknown) => onFulfilled(value) } as unknown as Promise<T>;
}

/** The preload of a lazy part's element (e.g. what a tab's `form` render prop gives), if it is one. */
export function preloadOf(element: ReactNode): (() => Promise<unknown>) | undefined {
  if (typeof element !== 'object' || element === null || !('type' in element)) return undefined;
  const preload = (element.type as { preload?: unknown } | null)?.preload;
  return typeof preload === 'function' ? (preload as () => Promise<unknown>) : undefined;
}

/**
 * Fetches the code of every lazy part made so far, and of those that code makes in turn (a tab's
 * editor), until there are no more. For the component tests, which render the parts as if their
 * code had been imported the usual way.
 */
export async function preloadLazyParts(): Promise<void> {
  const done = new Set<() => Promise<unknown>>();
  for (let next = [...parts]; next.length > 0; next = [...parts].filter((p) => !done.has(p))) {
    for (const preload of next) done.add(preload);
    await Promise.all(next.map((preload) => preload()));
  }
}
