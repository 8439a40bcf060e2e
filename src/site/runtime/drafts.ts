import { loadDraft as loadKept, removeDraft as removeKept, saveDraft as keep } from '@/shared/forms/drafts';
import { askForChoice, withdrawAsk } from '@/site/consent/bar';
import { hasConsent, onConsentChange, readConsent } from './consent';

/*
 * The public forms' drafts (the inquiry wizard keeps one), with the visitor's consent only
 * (runtime/consent.ts). Every draft lives in memory for the open page, so closing and reopening
 * a dialog, or moving between the app's pages, loses nothing typed; with consent it is also kept
 * in localStorage (shared/forms/drafts.ts) and comes back on a later visit. A visitor who starts a
 * draft before choosing is asked by the bar (consent/bar.ts); accepting keeps the drafts of this
 * page at once, refusing removes the kept ones (consent.ts) and leaves those in memory.
 */

/** This page's drafts, as JSON: the same values a kept draft gives back. */
const memory = new Map<string, string>();

/** The draft under `key`: this page's, else (with consent) the one kept from an earlier visit. */
export function loadDraft<T>(key: string, isValid?: (value: unknown) => value is T): T | null {
  const json = memory.get(key);
  if (json !== undefined) {
    const value: unknown = JSON.parse(json);
    return !isValid || isValid(value) ? (value as T) : null;
  }
  return hasConsent() ? loadKept<T>(key, isValid) : null;
}

/** Saves a draft: in memory, and in the browser's storage with consent; before any choice, the bar asks. */
export function saveDraft<T>(key: string, value: T): void {
  memory.set(key, JSON.stringify(value));
  if (hasConsent()) keep(key, value);
  else if (!readConsent()) askForChoice('draft');
}

/** Removes a draft (after a successful send), wherever it is. */
export function removeDraft(key: string): void {
  memory.delete(key);
  if (hasConsent()) removeKept(key);
  if (memory.size === 0) withdrawAsk('draft');
}

// accepted on this page: what was typed before is kept from now on
onConsentChange((record) => {
  if (record?.choice === 'accepted') memory.forEach((json, key) => keep(key, JSON.parse(json)));
});

/** Forgets the drafts in memory (tests: the module outlives a page there). */
export function forgetDraftsInMemory(): void {
  memory.clear();
}
