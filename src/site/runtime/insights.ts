import { hasStoredSession } from '@/shared/db/session-key';
import { CAMPAIGN_TAGS, PATH_MAX_LENGTH, TAG_MAX_LENGTH } from '@/shared/domain/first-touch';
import { connectInsights, track, type InsightEvent, type InsightName } from './insights-bus';

/*
 * The site's own measurement (issue 51; docs/insights.md): one small POST to the database per
 * event (api_definers.track), with the page's path, the other site that linked here, the address's
 * campaign tags, the device class and the browser family. No cookie, no storage, no identifier:
 * the database counts a visitor by a keyed hash of the network and the browser with a salt of the
 * day. Fetched when the browser is idle (./insights-loader.ts), it sends nothing for automation
 * (navigator.webdriver), a known bot's user agent, or a browser where staff are signed in (the
 * admin's session key is read, never written), and nothing before a person's first interaction.
 *
 * A page view counts once a person has interacted with the page: a press, the pointer moved to
 * another place, a key, the wheel, a touch or a click (a screen reader's too). Only the browser's
 * own events count (isTrusted), never one a script made. Scrolling itself is no sign: a page
 * scrolls by itself to an anchor or to where the reader left it; a person's scroll comes with the
 * wheel, a touch or a key. A page loaded by a script and left untouched sends nothing.
 *
 * Small on purpose (at most 1.5 kB gzip with what it imports: tests/build/insights-size.test.ts):
 * the project's address and public key are read from the build's settings as src/shared/db/config.ts
 * reads them, without that module's message for a build that lacks them (a chunk of its own).
 */

/**
 * User agents of crawlers, link previews and audits that run a page's scripts (PageSpeed and
 * GTmetrix run Lighthouse; a headless browser says so). Automation says so too (webdriver); those
 * that never run a script (curl, say) never get here; the database has a list of its own.
 */
export const BOT_AGENT = /bot|crawl|spider|headless|lighthouse|inspect|preview/i;

export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

/** The device class from the viewport's width in CSS pixels (Tailwind's sm and lg breakpoints). */
export const deviceClass = (width: number): DeviceClass => (width < 640 ? 'mobile' : width < 1024 ? 'tablet' : 'desktop');

/** Families by their user agent's token, the more specific first (Edge and Opera say Chrome too; Chrome says Safari). */
const FAMILIES: [string, RegExp][] = [
  ['samsung', /SamsungBrowser/],
  ['opera', /OPR\/|Opera/],
  ['edge', /Edg/],
  ['firefox', /Firefox|FxiOS/],
  ['chrome', /Chrome|CriOS/],
  ['safari', /Safari/],
];

/** The browser's family: chrome, firefox, safari, edge, opera, samsung or other. */
export const browserFamily = (agent: string): string => FAMILIES.find(([, token]) => token.test(agent))?.[0] ?? 'other';

/** What the database is sent for one event (api_definers.track's `e`). */
export interface InsightPayload {
  n: InsightName;
  /** The path, without the query. */
  p: string;
  /** The host of the other site that linked here. */
  r?: string;
  /** The address's campaign tags. */
  u?: Record<string, string>;
  d: DeviceClass;
  b: string;
  t: number;
}

/** The payload of `event` in a browser whose viewport is `width` wide, reached from `referrer`. */
export function payloadOf(event: InsightEvent, referrer: string, width: number, agent: string): InsightPayload {
  const url = new URL(event.h);
  const payload: InsightPayload = { n: event.n, p: url.pathname.slice(0, PATH_MAX_LENGTH), d: deviceClass(width), b: browserFamily(agent), t: event.t };
  try {
    // a web address's host is in lower case; one the database would not take as a host (an
    // address in brackets, say) is left out
    const host = referrer && new URL(referrer).hostname;
    if (host && host !== url.hostname && /^[a-z0-9.-]{1,120}$/.test(host)) payload.r = host;
  } catch {
    // no referrer worth sending
  }
  const tags: Record<string, string> = {};
  for (const tag of CAMPAIGN_TAGS) {
    // eslint-disable-next-line no-control-regex -- control characters are dropped
    const value = url.searchParams.get(tag)?.replace(/[\0-\x1f\x7f-\x9f]/g, '').trim().slice(0, TAG_MAX_LENGTH);
    if (value) tags[tag] = value;
  }
  if (Object.keys(tags).length) payload.u = tags;
  return payload;
}

/** Whether this browser is one the site does not count: automation, a bot, or staff signed in. */
export function notCounted(nav: Pick<Navigator, 'webdriver' | 'userAgent'>): boolean {
  return nav.webdriver || BOT_AGENT.test(nav.userAgent) || hasStoredSession();
}

const SIGNS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'click'];

/** Settles at the first interaction of a person with `target` (the window). */
export function firstInteraction(target: Pick<EventTarget, 'addEventListener'> = window): Promise<void> {
  return new Promise((resolve) => {
    const done = new AbortController();
    let at: string | undefined;
    const on = (event: Event) => {
      if (!event.isTrusted) return;
      // the browser moves a still pointer by itself (after a layout, and under automation at the
      // page's load): a move counts once the pointer is somewhere else than it was
      if (event.type === 'pointermove') {
        const was = at;
        at = `${(event as PointerEvent).clientX} ${(event as PointerEvent).clientY}`;
        if (!was || was === at) return;
      }
      done.abort();
      resolve();
    };
    for (const type of SIGNS) target.addEventListener(type, on, { capture: true, passive: true, signal: done.signal });
  });
}

/** Measures this page (the loader calls it once the browser is idle). */
export function startInsights(): void {
  runInsights(firstInteraction());
}

/**
 * Measures this page from the moment `touched` settles: the page's view, then every event the
 * site's parts track. A press on a phone or e-mail link is heard on `root` (the document).
 */
export function runInsights(touched: Promise<unknown>, root: Pick<Node, 'addEventListener'> = document): void {
  const page: InsightEvent = { n: 'pageview', h: location.href, t: 0 };
  const url = import.meta.env.VITE_SUPABASE_URL;
  const key = import.meta.env.VITE_SUPABASE_ANON_KEY;
  if (notCounted(navigator) || !url || !key) return connectInsights(() => {});
  const send = (event: InsightEvent) =>
    void fetch(`${url.replace(/\/$/, '')}/rest/v1/rpc/track`, {
      method: 'POST',
      keepalive: true,
      headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ e: payloadOf(event, document.referrer, innerWidth, navigator.userAgent) }),
    }).catch(() => {});
  // a press on the phone number or the e-mail address, wherever the page shows one
  root.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.('a[href^="tel:"],a[href^="mailto:"]');
      if (link) track(link.getAttribute('href')!.startsWith('tel:') ? 'phone_click' : 'email_click');
    },
    true,
  );
  void touched.then(() => {
    send({ ...page, t: Date.now() });
    connectInsights(send);
  });
}
