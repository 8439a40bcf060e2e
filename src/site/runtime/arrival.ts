import { CAMPAIGN_TAGS, CLICK_IDS, PATH_MAX_LENGTH, TAG_MAX_LENGTH, validFirstTouch, type FirstTouch } from '@/shared/domain/first-touch';

/*
 * Where this page's visit came from (its arrival): the campaign tags of the address, whether it
 * carried an ad network's click id, the other site that linked here and the page it landed on
 * (shared/domain/first-touch.ts). Noted in memory by src/main.tsx before anything else loads,
 * so the app's own navigation cannot lose it; nothing here touches the browser's storage, so
 * every page's entry carries it. Keeping it beyond the page, with consent: ./first-touch.ts.
 */

/**
 * Addresses that are no visitor's first touch: the private links of e-mails (a booking, the
 * newsletter, a data request's confirmation), the admin's pages.
 */
const NOT_A_VISIT = /^\/(booking\/|newsletter\/|lichni-danni\/potvardi\/|blog-admin(\/|$)|work-admin(\/|$)|login(\/|$))/;

/** Whether a page at `pathname` is a visit (neither an e-mail's private link nor an admin's page): measured too (./insights-loader.ts). */
export const isVisitPath = (pathname: string): boolean => !NOT_A_VISIT.test(pathname);

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

/** This page's arrival (noteArrival), in memory only. */
let arrival: FirstTouch | null = null;

/** On a page's load (src/main.tsx, before anything else): notes where this visit came from, in memory. */
export function noteArrival(now = new Date()): void {
  arrival = touchOf(window.location.href, document.referrer, now);
}

/** Whether a touch says where the visit came from (a campaign tag, a click id, another site): a source worth keeping. */
export function carriesSource(touch: FirstTouch | null | undefined): boolean {
  return !!touch && Object.keys(touch).some((key) => key !== 'landing_path' && key !== 'at');
}

/** The touch of this page's arrival, as noted when it loaded; null when none was (or it is no visit). */
export function arrivalTouch(): FirstTouch | null {
  return arrival;
}

/** Forgets this page's arrival (the database refused it). */
export function forgetArrival(): void {
  arrival = null;
}

