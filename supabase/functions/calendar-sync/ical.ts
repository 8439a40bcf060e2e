// ical.js, the one place it is imported (pinned: the bound below relies on its insides), set up for
// feeds from strangers: parsing that names only the kind of a fault, each feed's own time zones,
// and a bound on its recurrence iterator.
import ICAL from 'npm:ical.js@2.2.1';
import { FeedProblem, say } from './messages.ts';
import { isTimeZone, wallTimeToUtc } from './zones.ts';

export { ICAL };
export type Component = InstanceType<typeof ICAL.Component>;
export type Time = InstanceType<typeof ICAL.Time>;
export type CalendarEvent = InstanceType<typeof ICAL.Event>;

/**
 * Steps of the recurrence iterator (the candidate times it tries, matching or not) for one event
 * and for a whole feed: a daily event since 1990 takes some 13,000; a rule such as
 * FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30, which never matches, would take forever.
 */
export const MAX_STEPS_PER_EVENT = 25_000;
export const MAX_STEPS_PER_FEED = 100_000;

export class TooManySteps extends Error {
  constructor(readonly wholeFeed: boolean) {
    super('too many steps of the recurrence iterator');
  }
}

const steps = { event: 0, feed: 0 };

/** Counts one step; throws TooManySteps past a limit. */
export function step() {
  if (++steps.feed > MAX_STEPS_PER_FEED) throw new TooManySteps(true);
  if (++steps.event > MAX_STEPS_PER_EVENT) throw new TooManySteps(false);
}

export function resetSteps(scope: 'event' | 'feed') {
  steps.event = 0;
  if (scope === 'feed') steps.feed = 0;
}

// ical.js tries candidate times in a loop that ends only when one matches the rule, and a single
// next() may never return. Every try goes through check_contracting_rules, so counting those calls
// bounds the loop (the iterator is built inside RecurExpansion, out of reach otherwise).
const iteratorProto = ICAL.RecurIterator.prototype;
const checkRules = iteratorProto.check_contracting_rules;
iteratorProto.check_contracting_rules = function (this: typeof iteratorProto) {
  step();
  return checkRules.call(this);
};

/**
 * A zone the feed names by its IANA name without a VTIMEZONE for it: its offsets come from the
 * runtime's own zone data.
 */
class NamedZone extends ICAL.Timezone {
  constructor(readonly name: string) {
    super({ tzid: name });
  }
  override utcOffset(t: Time): number {
    const wall = { year: t.year, month: t.month, day: t.day, hour: t.hour, minute: t.minute, second: t.second };
    return (Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second) - wallTimeToUtc(wall, this.name)) / 1000;
  }
}

/** The feed's VCALENDARs (usually one). */
export function readCalendars(text: string): Component[] {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch (error) {
    // ical.js's message may quote the feed: only its kind is told
    const what = String((error as Error)?.message);
    if (/\b(BY[A-Z]+|FREQ|UNTIL|COUNT|INTERVAL|WKST|frequency|recur)/.test(what)) throw new FeedProblem(say.unreadable('правило за повторение (RRULE) е невалидно.'));
    if (/date|time|integer/i.test(what)) throw new FeedProblem(say.unreadable('дата или час не е валидна.'));
    throw new FeedProblem(say.unreadable('съдържанието не следва формата iCalendar.'));
  }
  // one VCALENDAR is one jCal array; several come as an array of them
  const list = (Array.isArray(parsed) && Array.isArray(parsed[0]) ? parsed : [parsed]) as unknown[];
  const calendars = list.map((jcal) => new ICAL.Component(jcal as [string, unknown[], unknown[]])).filter((c) => c.name === 'vcalendar');
  if (!calendars.length) throw new FeedProblem(say.unreadable('в него няма VCALENDAR.'));
  return calendars;
}

/**
 * Runs `read` with the feed's own zones known to ical.js, whose registry is global: its VTIMEZONEs,
 * and the IANA zones it names without describing them. Nothing of them is left after, and the
 * reading is synchronous, so feeds fetched side by side never see each other's zones.
 */
export function withZonesOf<T>(calendars: Component[], read: () => T): T {
  ICAL.TimezoneService.reset();
  try {
    for (const calendar of calendars) registerZones(calendar);
    return read();
  } finally {
    ICAL.TimezoneService.reset();
  }
}

function registerZones(calendar: Component) {
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
    try {
      const zone = new ICAL.Timezone(vtimezone);
      if (zone.tzid) ICAL.TimezoneService.register(zone);
    } catch {
      throw new FeedProblem(say.unreadable('описание на часова зона (VTIMEZONE) е невалидно.'));
    }
  }
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    for (const property of vevent.getAllProperties()) {
      const tzid = property.getParameter('tzid');
      const name = typeof tzid === 'string' ? tzid : null;
      if (name && !ICAL.TimezoneService.has(name) && !calendar.getTimeZoneByID(name) && isTimeZone(name)) {
        ICAL.TimezoneService.register(new NamedZone(name), name);
      }
    }
  }
}
