/*
 * Form drafts in localStorage (the admin's post editor keeps one; the public site's forms keep
 * theirs here only with the visitor's consent, through src/site/runtime/drafts.ts). Every failure —
 * storage unavailable (private mode, quota), corrupt JSON, a value of the wrong shape — is
 * logged and ignored: a lost draft must never break the form.
 */

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null; // Accessing localStorage itself can throw when cookies are blocked.
  }
}

/**
 * Reads a draft. Returns null when there is none, when it cannot be parsed, or when `isValid`
 * rejects it (pass a guard to avoid trusting whatever an older version of the form stored).
 */
export function loadDraft<T>(key: string, isValid?: (value: unknown) => value is T): T | null {
  const store = storage();
  if (!store) return null;
  try {
    const raw = store.getItem(key);
    if (raw === null) return null;
    const value: unknown = JSON.parse(raw);
    if (isValid && !isValid(value)) {
      console.warn(`[drafts] ignoring draft "${key}" of unexpected shape`);
      return null;
    }
    return value as T;
  } catch (error) {
    console.error(`[drafts] could not read draft "${key}"`, error);
    return null;
  }
}

/** Saves a draft as JSON. Failures (quota, disabled storage) are logged and ignored. */
export function saveDraft<T>(key: string, value: T): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.error(`[drafts] could not save draft "${key}"`, error);
  }
}

/** Removes a draft (after a successful submit). */
export function removeDraft(key: string): void {
  const store = storage();
  if (!store) return;
  try {
    store.removeItem(key);
  } catch (error) {
    console.error(`[drafts] could not remove draft "${key}"`, error);
  }
}
