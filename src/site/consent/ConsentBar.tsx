import { useEffect, useRef, useSyncExternalStore } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { PRIVACY_NOTICE_PATH } from '@/shared/config/addresses';
import { chooseConsent, readConsent, type ConsentChoice } from '@/site/runtime/consent';

/*
 * The privacy bar: a non-modal region fixed at the bottom of the screen, over the page (it moves
 * nothing: no layout shift), with 'Приемам' and 'Отказвам' alike in size and weight. It sits in
 * the page's order right after the main content (the empty slot PublicLayout leaves there), so
 * the keyboard reaches it next; it traps no focus and Escape leaves it be. Opened from the
 * footer, it takes the focus and gives it back there on a choice. Mounted by consent/bar.ts in a
 * root of its own, the first time it shows; it renders as that module's store says.
 */

export interface BarState {
  open: boolean;
  /** Opened from the footer: the bar takes the focus, and gives it back on a choice. */
  settings: boolean;
  /** Counts the footer's presses: each one moves the focus to the bar. */
  presses: number;
}

/** What consent/bar.ts hands the bar: its state, and what had the focus when the footer opened it. */
export interface BarStore {
  get: () => BarState;
  subscribe: (listener: () => void) => () => void;
  opener: () => HTMLElement | null;
}

export const CONSENT_TEXT =
  'С ваше съгласие ще пазим в този браузър откъде дойдохте на сайта (за 90 дни) и черновата на запитването ви, докато не го изпратите; без него не пазим нищо.';

const CHOSEN: Record<ConsentChoice, string> = {
  accepted: 'Избрали сте: Приемам.',
  refused: 'Избрали сте: Отказвам.',
};

// the two answers look the same: neither is the easier one to press
const answer =
  'inline-flex min-h-11 min-w-32 flex-1 items-center justify-center rounded-md bg-brand-600 px-5 text-sm font-semibold text-white ' +
  'shadow-sm hover:bg-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 sm:flex-none';

export function ConsentBar({ store, settings, presses }: { store: BarStore } & Pick<BarState, 'settings' | 'presses'>) {
  const region = useRef<HTMLDivElement>(null);
  const chosen = settings ? readConsent() : null;

  useEffect(() => {
    if (settings) region.current?.focus();
  }, [settings, presses]);

  const choose = (choice: ConsentChoice) => {
    const back = store.get().settings ? store.opener() : null;
    chooseConsent(choice);
    if (back?.isConnected) back.focus();
  };

  return (
    <div
      ref={region}
      role="region"
      aria-label="Поверителност"
      tabIndex={-1}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_16px_rgba(15,23,42,0.08)] outline-none motion-safe:animate-toast-in"
    >
      <div className="container flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
        <div className="text-sm text-slate-700">
          <p>
            {CONSENT_TEXT}{' '}
            {/* in a new tab, as beside the forms: a draft in memory stays with this page */}
            <a
              href={PRIVACY_NOTICE_PATH}
              target="_blank"
              rel="noopener"
              className="rounded font-medium text-accent-700 underline underline-offset-2 hover:decoration-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-500"
            >
              Политика за поверителност
              <span className="sr-only"> (отваря се в нов раздел)</span>
            </a>
          </p>
          {chosen && <p className="mt-1 font-medium text-slate-900">{CHOSEN[chosen.choice]}</p>}
        </div>
        <div className="flex shrink-0 gap-3">
          <button type="button" className={answer} onClick={() => choose('accepted')}>
            Приемам
          </button>
          <button type="button" className={answer} onClick={() => choose('refused')}>
            Отказвам
          </button>
        </div>
      </div>
    </div>
  );
}

/** The bar as consent/bar.ts says: shown or not. */
function ConsentBarHost({ store }: { store: BarStore }) {
  const bar = useSyncExternalStore(store.subscribe, store.get, store.get);
  return bar.open ? <ConsentBar store={store} settings={bar.settings} presses={bar.presses} /> : null;
}

let root: Root | null = null;
let container: HTMLElement | null = null;

/**
 * Renders the bar's root into the page's slot (`slotId`, or the end of the body on a page without
 * one); again if the page replaced it.
 */
export function mountConsentBar(store: BarStore, slotId: string): void {
  if (container?.isConnected) return;
  root?.unmount();
  container = document.getElementById(slotId);
  if (!container) {
    container = document.createElement('div');
    document.body.appendChild(container);
  }
  root = createRoot(container);
  root.render(<ConsentBarHost store={store} />);
}
