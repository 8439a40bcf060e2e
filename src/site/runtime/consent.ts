/*
 * The visitor's choice about this device (issue 50; ePrivacy Art. 5(3)): before it, and after a
 * refusal, the public site keeps nothing in the browser's storage but this choice itself. With
 * it ('accepted'), the site keeps where the visit came from (runtime/first-touch.ts, 90 days) and
 * the inquiry wizard's draft (runtime/drafts.ts). The record says what was chosen, when, and under
 * which wording of the bar (CONSENT_VERSION): a choice made under another wording counts as none,
 * so the bar asks again. Reading never throws: a browser that refuses storage (private mode,
 * cookies blocked) keeps the choice in memory for the open page.
 */

/** What the public site may keep on the device, by key (docs/privacy.md "On the visitor's device"). */
export const DEVICE_KEYS = {
  /** The choice itself: kept whatever it is. */
  choice: 'privacy-choice',
  /** Where the visit came from (with consent only). */
  firstTouch: 'first-touch',
  /** The inquiry wizard's draft (with consent only; src/site/dialogs/inquiry/schema.ts). */
  inquiryDraft: 'contact-form',
} as const;

/** The keys kept only with consent: a refusal removes them. */
export const KEPT_WITH_CONSENT: readonly string[] = [DEVICE_KEYS.firstTouch, DEVICE_KEYS.inquiryDraft];

/** The bar's wording: raise it when the bar says something new, and every visitor is asked again. */
export const CONSENT_VERSION = 1;

export type ConsentChoice = 'accepted' | 'refused';

export interface ConsentRecord {
  choice: ConsentChoice;
  /** When (ISO 8601). */
  at: string;
  /** The wording's version the visitor answered. */
  version: number;
}

/** The browser's localStorage, or null where using it throws. */
export function deviceStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** The choice made on this page where storage refused to keep it. */
let inMemory: ConsentRecord | null = null;
const listeners = new Set<(record: ConsentRecord | null) => void>();

function parse(raw: string | null): ConsentRecord | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ConsentRecord> | null;
    if (!value || (value.choice !== 'accepted' && value.choice !== 'refused')) return null;
    if (typeof value.at !== 'string' || Number.isNaN(Date.parse(value.at)) || typeof value.version !== 'number') return null;
    return { choice: value.choice, at: value.at, version: value.version };
  } catch {
    return null;
  }
}

function stored(): ConsentRecord | null {
  try {
    return parse(deviceStorage()?.getItem(DEVICE_KEYS.choice) ?? null);
  } catch {
    return null;
  }
}

/** The visitor's choice under the current wording, or null when none was made (or under an older one). */
export function readConsent(): ConsentRecord | null {
  const record = stored() ?? inMemory;
  return record && record.version === CONSENT_VERSION ? record : null;
}

/** The visitor accepted: the site may keep the first touch and drafts on this device. */
export function hasConsent(): boolean {
  return readConsent()?.choice === 'accepted';
}

function removeKept(): void {
  const storage = deviceStorage();
  for (const key of KEPT_WITH_CONSENT) {
    try {
      storage?.removeItem(key);
    } catch {
      // nothing kept
    }
  }
}

/**
 * Records the visitor's choice and tells every listener (the first touch is kept at once on an
 * acceptance; the drafts follow). A refusal removes what was kept with an earlier acceptance.
 */
export function chooseConsent(choice: ConsentChoice, now = new Date()): ConsentRecord {
  const record: ConsentRecord = { choice, at: now.toISOString(), version: CONSENT_VERSION };
  // where storage refuses it, the choice is kept in memory: the site behaves as chosen until the page is left
  inMemory = record;
  try {
    const storage = deviceStorage();
    storage?.setItem(DEVICE_KEYS.choice, JSON.stringify(record));
    if (storage) inMemory = null;
  } catch {
    // kept in memory
  }
  if (choice === 'refused') removeKept();
  listeners.forEach((listener) => listener(record));
  return record;
}

/**
 * Called with the new choice whenever it changes, on this page or in another tab of the site (the
 * storage event); returns the unsubscribe. Islands and dialogs learn of it without a reload.
 */
export function onConsentChange(listener: (record: ConsentRecord | null) => void): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', fromAnotherTab);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', fromAnotherTab);
  };
}

function fromAnotherTab(event: StorageEvent): void {
  if (event.key !== DEVICE_KEYS.choice && event.key !== null) return;
  const record = readConsent();
  listeners.forEach((listener) => listener(record));
}

/**
 * What a visitor who never chose (or refused) may still hold from before the bar existed, or from
 * a tab that accepted and then refused: removed, never read. A choice of an older wording keeps
 * its data until the visitor answers the new one.
 */
export function forgetWhatWasNotConsented(): void {
  const record = stored() ?? inMemory;
  if (!record || record.choice === 'refused') removeKept();
}

/** Forgets the choice made in memory (tests: the module outlives a page there). */
export function resetConsentMemory(): void {
  inMemory = null;
}
