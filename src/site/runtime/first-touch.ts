import { validFirstTouch, type FirstTouch } from '@/shared/domain/first-touch';
import { arrivalTouch, forgetArrival, noteArrival } from './arrival';
import { DEVICE_KEYS, deviceStorage, hasConsent, onConsentChange } from './consent';

export { arrivalTouch, carriesSource, touchOf } from './arrival';

/*
 * The first touch: where the visit came from on its first page (./arrival.ts), kept in this
 * browser with the visitor's consent (./consent.ts) for 90 days and not replaced by later visits,
 * so a visitor who came from a campaign, read three pages and wrote the next week is still counted
 * to the campaign; one who accepts on the page they landed on keeps that page's touch then.
 * Without consent nothing is kept: the arrival lives in memory for the open page only, and the
 * inquiry and booking dialogs send it (dialogs/first-touch.ts), so a form still carries the
 * campaign of the page it is sent from. The privacy bar's module (consent/bar.ts) keeps a
 * consenting visitor's arrival once the page is interactive.
 */

const KEY = DEVICE_KEYS.firstTouch;

/** The kept first touch, if the visitor consented and one was kept in the last 90 days. */
export function readFirstTouch(now = new Date()): FirstTouch | null {
  if (!hasConsent()) return null;
  try {
    return validFirstTouch(JSON.parse(deviceStorage()?.getItem(KEY) ?? 'null'), now);
  } catch {
    return null;
  }
}

/** Keeps this page's arrival as the first touch, with consent and unless one is kept already. */
export function keepArrival(now = new Date()): void {
  const arrival = arrivalTouch();
  if (!arrival || !hasConsent() || readFirstTouch(now)) return;
  try {
    deviceStorage()?.setItem(KEY, JSON.stringify(arrival));
  } catch {
    // a full or refused storage: the visit is not attributed beyond this page
  }
}

/** A page's load: notes this visit's arrival, and keeps it as the first touch if the visitor consented and none is kept. */
export function keepFirstTouch(now = new Date()): void {
  noteArrival(now);
  keepArrival(now);
}

// an acceptance on this page keeps this page's arrival at once
onConsentChange((record) => {
  if (record?.choice === 'accepted') keepArrival(new Date());
});

/** Forgets the first touch, kept and noted (the database refused it: the next message goes without). */
export function forgetFirstTouch(): void {
  forgetArrival();
  try {
    deviceStorage()?.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
