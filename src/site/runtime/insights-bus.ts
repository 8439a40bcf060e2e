/*
 * How the public site's parts report what a visitor did (issue 51) without importing the
 * measurement script: track('wizard_open') notes the event with the page's address and the time,
 * and hands it to the script (./insights.ts) once that has decided to run, or holds it until then.
 * The script is loaded when the browser is idle and decides what is sent (nothing from automation,
 * a signed-in admin or before a person's first interaction); a script that does not run connects a
 * sink that drops what was held. Nothing here is kept beyond the open page.
 */

/** The events the database accepts (api_definers.track; docs/insights.md). */
export type InsightName =
  | 'pageview'
  | 'wizard_open'
  | 'wizard_step_2'
  | 'wizard_step_3'
  | 'inquiry_sent'
  | 'booking_open'
  | 'booking_day'
  | 'booking_time'
  | 'booking_made'
  | 'newsletter_signup'
  | 'phone_click'
  | 'email_click';

/** One event as noted: its name, the page's address at that moment, the client's time (ms). */
export interface InsightEvent {
  n: InsightName;
  h: string;
  t: number;
}

/** At most this many events wait for the script: a page that never loads it holds no more. */
const HELD_MAX = 30;

let sink: ((event: InsightEvent) => void) | null = null;
let held: InsightEvent[] = [];

/** Notes that the visitor did `name` on this page: sent by the script once it runs (or dropped). */
export function track(name: InsightName): void {
  const event: InsightEvent = { n: name, h: location.href, t: Date.now() };
  if (sink) sink(event);
  else if (held.length < HELD_MAX) held.push(event);
}

/** The script takes the events over: those held so far, in order, then each as it comes. */
export function connectInsights(to: (event: InsightEvent) => void): void {
  sink = to;
  const waiting = held;
  held = [];
  waiting.forEach(to);
}

/** Back to nothing connected and nothing held (tests: the module outlives a page there). */
export function resetInsightsBus(): void {
  sink = null;
  held = [];
}
