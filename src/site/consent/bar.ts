import { forgetWhatWasNotConsented, onConsentChange, readConsent } from '@/site/runtime/consent';
import { arrivalTouch, carriesSource } from '@/site/runtime/arrival';
import { keepArrival } from '@/site/runtime/first-touch';
import type { BarState, BarStore } from './ConsentBar';

/*
 * When the privacy bar shows (issue 50: only where the site would keep something). It asks for a
 * choice, while none was made under the bar's current wording, when:
 * - 'arrival': this page's arrival carries a source worth keeping (campaign tags, an ad click id,
 *   another site's referrer: runtime/arrival.ts), once the page is interactive;
 * - 'draft': the visitor starts a draft in a form (runtime/drafts.ts; the bar stays under the
 *   dialog's overlay until it closes, and goes again once the draft is sent);
 * and always when reopened from the footer's 'Настройки за поверителност' ('settings').
 * A choice, here or in another tab, closes it. On a prerendered page this module is fetched once
 * the page is interactive (islands/runtime.tsx) or by the footer's button (islands/delegates.ts);
 * the app imports it (src/app/App.tsx). The bar's own code (ConsentBar.tsx) comes only when it
 * first shows.
 */

/** The empty element PublicLayout leaves right after the main content, where the bar renders. */
export const CONSENT_SLOT_ID = 'privacy-choice';

export type AskReason = 'arrival' | 'draft' | 'settings';

const reasons = new Set<AskReason>();
let state: BarState = { open: false, settings: false, presses: 0 };
let opener: HTMLElement | null = null;
const listeners = new Set<() => void>();

function update(presses = state.presses): void {
  const next: BarState = { open: reasons.size > 0, settings: reasons.has('settings'), presses };
  if (next.open !== state.open || next.settings !== state.settings || next.presses !== state.presses) {
    state = next;
    listeners.forEach((listener) => listener());
  }
  if (state.open) void import('./ConsentBar').then((m) => m.mountConsentBar(consentBar, CONSENT_SLOT_ID)).catch(() => {});
}

export const consentBar: BarStore = {
  get: (): BarState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  /** What had the focus when the footer's button opened the bar: the focus goes back there. */
  opener: (): HTMLElement | null => opener,
};

/** Asks for a choice for `reason`, unless one was made. */
export function askForChoice(reason: Exclude<AskReason, 'settings'>): void {
  if (readConsent() || reasons.has(reason)) return;
  reasons.add(reason);
  update();
}

/** The reason to ask is gone (the draft was sent). */
export function withdrawAsk(reason: Exclude<AskReason, 'settings'>): void {
  if (!reasons.delete(reason)) return;
  update();
}

/** The footer's 'Настройки за поверителност': the bar again, whatever was chosen. */
export function openPrivacySettings(): void {
  opener = typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null;
  reasons.add('settings');
  update(state.presses + 1);
}

/** Closes the bar (a choice was made). */
export function closeConsentBar(): void {
  reasons.clear();
  update();
}

onConsentChange(() => closeConsentBar());

/**
 * Called on every public page once it is interactive (markPageReady: by the islands' runtime, or
 * the app), so no page waits for this module: keeps a consenting visitor's arrival as the first
 * touch (src/main.tsx noted it) and, when the browser is idle, removes what a visitor who never
 * consented may hold from before and asks when this page's arrival is worth keeping.
 */
export function startConsentBar(): void {
  keepArrival();
  const ask = () => {
    forgetWhatWasNotConsented();
    if (carriesSource(arrivalTouch())) askForChoice('arrival');
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(ask, { timeout: 2000 });
  else window.setTimeout(ask, 200);
}

/** Back to closed, with nothing asked (tests: the module outlives a page there). */
export function resetConsentBar(): void {
  opener = null;
  closeConsentBar();
}
