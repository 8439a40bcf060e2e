import { CAMPAIGN_TAGS, CLICK_IDS, PATH_MAX_LENGTH, TAG_MAX_LENGTH, validFirstTouch, type FirstTouch } from '@/shared/domain/first-touch';

/*
 * Keeps, in this browser, where the visit came from on its first page: the campaign tags of the
 * address, whether it carried an ad network's click id, the other site that linked here and the
 * page it landed on (shared/domain/first-touch.ts). Kept 90 days and not replaced by later visits
 * (first touch), so a visitor who came from a campaign, read three pages and wrote the next week
 * is still counted to the campaign. src/main.tsx keeps it before anything else loads; the inquiry
 * and booking dialogs send it with their row.
 */

const KEY = 'first-touch';
/** Addresses that are no visitor's first touch: the private links of e-mails (a booking, the newsletter), the admin's pages. */
const NOT_A_VISIT = /^\/(booking\/|newsletter\/|blog-admin(\/|$)|work-admin(\/|$)|login(\/|$))/;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

// eslint-disable-next-line no-control-regex -- control characters are dropped
const tidy = (value: string) => value.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim().slice(0, TAG_MAX_LENGTH);

/** The first touch of a visit to `href` from `referrer` at `now`, or null for an address that is none (NOT_A_VISIT). */
export function touchOf(href: string, referrer: string, now: Date): FirstTouch | null {
  const url = new URL(href);
  if (NOT_A_VISIT.test(url.pathname)) return null;
  const touch: FirstTouch = { landing_path: url.pathname.slice(0, PATH_MAX_LENGTH), at: now.toISOString() };
  for (const tag of CAMPAIGN_TAGS) {
    const value = tidy(url.searchParams.get(tag) ?? '');
    if (value) touch[tag] = value;
  }
  for (const id of CLICK_IDS) if (url.searchParams.has(id)) touch[id] = true;
  try {
    const from = referrer ? new URL(referrer).hostname.toLowerCase() : '';
    if (from && from !== url.hostname.toLowerCase()) touch.referrer = from;
  } catch {
    // no referrer worth keeping
  }
  return validFirstTouch(touch, now);
}

/** The kept first touch, if one was kept in the last 90 days. */
export function readFirstTouch(now = new Date()): FirstTouch | null {
  try {
    return validFirstTouch(JSON.parse(storage()?.getItem(KEY) ?? 'null'), now);
  } catch {
    return null;
  }
}

/** On a page's load: keeps this visit's first touch unless one is kept already. */
export function keepFirstTouch(now = new Date()): void {
  if (readFirstTouch(now)) return;
  const touch = touchOf(window.location.href, document.referrer, now);
  try {
    if (touch) storage()?.setItem(KEY, JSON.stringify(touch));
  } catch {
    // a full or refused storage: the visit is not attributed
  }
}

/** Forgets the kept first touch (the database refused it: the next message goes without). */
export function forgetFirstTouch(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
