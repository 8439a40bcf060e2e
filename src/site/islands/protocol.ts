/*
 * How a prerendered page and the code that takes it over talk to each other: the one place that
 * names the attributes, the event and the window hook they share.
 *
 * - Each island is an empty-looking container in the HTML (data-island, data-island-id,
 *   data-hydrate) that src/site/entry-server.tsx fills and src/site/islands/runtime.tsx hydrates;
 *   the runtime marks it data-hydrated once React has committed it.
 * - The page as a whole is marked data-app-ready on <html> once its buttons outside the islands
 *   work: by the islands' runtime (a prerendered page) or by the app (src/app/App.tsx).
 * - A press on a button before either has happened would do nothing. The page's first script, the
 *   click queue below, holds such a press, asks the button's island to hydrate at once (the
 *   island:wake event) and presses the button again when it works (window.__replayClicks, called
 *   by markIslandHydrated and markPageReady).
 *
 * The click queue runs before any module of the page has loaded, so it cannot import anything: the
 * publisher writes its source into every page as an inline script (clickQueueScript, exported by
 * the server bundle), with the names passed in as arguments.
 */

/** When an island hydrates: 'load' at once (above the fold); 'visible' when near the viewport or the browser is idle. */
export type Hydrate = 'load' | 'visible';

const ATTR = {
  name: 'data-island',
  id: 'data-island-id',
  hydrate: 'data-hydrate',
  hydrated: 'data-hydrated',
  appReady: 'data-app-ready',
} as const;

/** Sent to an island's container to hydrate it at once (a press on it is being held). */
export const WAKE_EVENT = 'island:wake';

const REPLAY_HOOK = '__replayClicks';

/** The names the click queue is given: plain strings, since it runs before any module. */
export interface ClickQueueNames {
  island: string;
  hydrated: string;
  appReady: string;
  wake: string;
  replay: string;
}

const CLICK_QUEUE_NAMES: ClickQueueNames = {
  island: ATTR.name,
  hydrated: ATTR.hydrated,
  appReady: ATTR.appReady,
  wake: WAKE_EVENT,
  replay: REPLAY_HOOK,
};

// ---- the island's container ------------------------------------------------------------------

export interface IslandPlaceholder {
  name: string;
  id: number;
  hydrate: Hydrate;
}

/** The container's attributes, as <Island> renders them while the page is prerendered. */
export function placeholderAttributes({ name, id, hydrate }: IslandPlaceholder) {
  return { [ATTR.name]: name, [ATTR.id]: id, [ATTR.hydrate]: hydrate } as const;
}

/**
 * The same container as React writes it to HTML (attributes in the order above, then the style
 * <Island> gives it): the prerenderer finds it in the page by this text and fills it.
 */
export function placeholderHtml({ name, id, hydrate }: IslandPlaceholder): string {
  return `<div ${ATTR.name}="${name}" ${ATTR.id}="${id}" ${ATTR.hydrate}="${hydrate}" style="display:contents"></div>`;
}

/** The island containers of a page. */
export function findIslands(root: ParentNode = document): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(`[${ATTR.name}]`));
}

/** What a container says about its island; its id keys the island's data in the page. */
export function readIsland(container: Element): { name: string; id: string; hydrate: Hydrate } {
  return {
    name: container.getAttribute(ATTR.name) ?? '',
    id: container.getAttribute(ATTR.id) ?? '',
    hydrate: container.getAttribute(ATTR.hydrate) === 'load' ? 'load' : 'visible',
  };
}

// ---- ready marks, and the held presses they release ------------------------------------------

/** Presses again the buttons the click queue holds that work now. */
function replayHeldClicks(): void {
  (window as unknown as Partial<Record<typeof REPLAY_HOOK, () => void>>)[REPLAY_HOOK]?.();
}

/** An island's container, once React has committed the island: its buttons are React's now. */
export function markIslandHydrated(container: Element): void {
  container.setAttribute(ATTR.hydrated, '');
  replayHeldClicks();
}

/** The whole page, once its buttons outside the islands work (tests read this mark too). */
export function markPageReady(): void {
  document.documentElement.setAttribute(ATTR.appReady, '');
  replayHeldClicks();
}

// ---- the click queue -------------------------------------------------------------------------

/**
 * React has attached its handlers to this element (it belongs to a hydrated island or the app).
 * Self-contained, like clickQueue: the click queue is handed this very function's source.
 */
export function ownedByReact(el: Element): boolean {
  return Object.keys(el).some((key) => key.startsWith('__reactProps'));
}

/**
 * The page's first script. Holds a press on a button that does not work yet (its island has not
 * hydrated, or, outside any island, the page is not ready), wakes the button's island, and
 * installs window[names.replay], which presses each held button again once it works.
 *
 * It runs as the source text of this function, in the browser, before any module: it may use
 * nothing but its arguments and the browser's globals.
 */
export function clickQueue(names: ClickQueueNames, isOwnedByReact: (el: Element) => boolean): void {
  const root = document.documentElement;
  let held: HTMLElement[] = [];
  let frame = 0;

  const islandOf = (el: Element) => el.closest(`[${names.island}]`);
  const works = (el: Element) => {
    if (isOwnedByReact(el)) return true;
    const island = islandOf(el);
    return island ? island.hasAttribute(names.hydrated) : root.hasAttribute(names.appReady);
  };

  document.addEventListener(
    'click',
    (event) => {
      const target = event.target as Element | null;
      const button = target?.closest?.('button,[role=button],[aria-haspopup]') as HTMLElement | null | undefined;
      if (!button || works(button)) return;
      // a submit button of a form that posts without script is left to the browser
      const form = (button as HTMLButtonElement).type === 'submit' ? (button as HTMLButtonElement).form : null;
      if (form?.hasAttribute('action')) return;
      event.preventDefault();
      event.stopPropagation();
      if (!held.includes(button)) held.push(button);
      islandOf(button)?.dispatchEvent(new Event(names.wake));
    },
    true,
  );

  // once a frame until every held button works (or has left the page): a button can belong to
  // React a frame or two after the mark that announced it
  const replay = () => {
    if (frame) return;
    const tick = () => {
      frame = 0;
      held = held.filter((button) => {
        if (!button.isConnected) return false;
        if (!works(button)) return true;
        button.click();
        return false;
      });
      if (held.length > 0) frame = requestAnimationFrame(tick);
    };
    tick();
  };
  (window as unknown as Record<string, () => void>)[names.replay] = replay;
}

/**
 * The click queue as the body of an inline <script>: the source of clickQueue called with the
 * names and with ownedByReact's source, so the check of React's internals is written once.
 * Called by the server bundle, whose build keeps function source as written (less the types).
 */
export function clickQueueScript(): string {
  const script = `(${clickQueue.toString()})(${JSON.stringify(CLICK_QUEUE_NAMES)}, ${ownedByReact.toString()});`;
  // the text goes between <script> and </script> as it is
  if (/<\/script|<!--/i.test(script)) throw new Error('the click queue cannot be written inline');
  return script;
}
