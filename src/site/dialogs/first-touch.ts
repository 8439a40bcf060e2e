import { hintOf } from '@/shared/db/errors';
import { arrivalTouch, forgetFirstTouch, readFirstTouch } from '@/site/runtime/first-touch';
import type { FirstTouch } from '@/shared/domain/first-touch';

/*
 * The first touch as the inquiry and booking dialogs send it with their row: the one kept in
 * this browser with the visitor's consent, else this page's own arrival (its campaign, click id
 * or referring site, noted in memory when the page loaded), so a form sent without consent still
 * carries the campaign of the page it is sent from. And the database's refusal of one that is not
 * valid (a browser's storage edited by hand): the touch is forgotten, so sending again goes
 * through without it, and the form says so in the database's words, keeping every value.
 */

/** The database refused the first touch (hint first_touch_invalid); `message` is its Bulgarian sentence. */
export class FirstTouchRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FirstTouchRefusedError';
  }
}

/** What a row carries of the visit's first touch: the kept one, else this page's arrival; nothing when neither is. */
export function firstTouchField(): { first_touch?: FirstTouch } {
  const touch = readFirstTouch() ?? arrivalTouch();
  return touch ? { first_touch: touch } : {};
}

/** Throws FirstTouchRefusedError (and forgets the kept touch) when `error` refused the first touch. */
export function throwIfFirstTouchRefused(error: unknown): void {
  if (hintOf(error) !== 'first_touch_invalid') return;
  forgetFirstTouch();
  const message = typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : '';
  throw new FirstTouchRefusedError(message || 'Опитайте отново.');
}
