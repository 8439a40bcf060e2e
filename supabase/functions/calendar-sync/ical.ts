// ical.js, the one place it is imported (pinned to 2.2.1 in package.json and in this function's
// deno.json: the bound below relies on its insides), set up for feeds from strangers: a feed is
// split into its components first and each event is parsed on its own, so one that cannot be read
// is skipped and counted instead of failing the feed; each feed's own time zones; and a bound on
// the recurrence iterator.
import ICAL from 'ical.js';
import { FeedProblem, say } from './messages.ts';
import { rawDate, Skips } from './skipped.ts';
import { isTimeZone, wallTimeToUtc } from './zones.ts';

export { ICAL };
export type Component = InstanceType<typeof ICAL.Component>;
export type Time = InstanceType<typeof ICAL.Time>;
export type CalendarEvent = InstanceType<typeof ICAL.Event>;

/**
 * Steps of the recurrence iterator (the candidate times it tries, matching or not) for one event
 * and for a whole feed: a daily event since 2010 takes some 12,500 (about two a day, some 20–40
 * µs each), a rule such as FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30, which never matches, would take
 * forever. A first pass gives every recurring event FIRST_PASS_STEPS, so rules that run away
 * cannot spend the feed's steps before the ordinary ones are read; the events that needed more
 * get up to MAX_STEPS_PER_EVENT each from what is left. The feed's total stays well inside
 * hosted's 2 s of CPU per request.
 */
export const FIRST_PASS_STEPS = 5_000;
export const MAX_STEPS_PER_EVENT = 25_000;
export const MAX_STEPS_PER_FEED = 60_000;
/** The events of a feed read in full (those that may touch the window); more are skipped. */
export const MAX_EVENTS = 5000;
/** The longest event: anything longer is skipped (longer absences belong in the days off). */
export const MAX_EVENT_MS = 31 * 24 * 3_600_000;

export class TooManySteps extends Error {
  constructor(readonly wholeFeed: boolean) {
    super('too many steps of the recurrence iterator');
  }
}

const steps = { event: 0, feed: 0, eventLimit: MAX_STEPS_PER_EVENT };

/** Counts one step; throws TooManySteps past a limit. */
export function step() {
  if (++steps.feed > MAX_STEPS_PER_FEED) throw new TooManySteps(true);
  if (++steps.event > steps.eventLimit) throw new TooManySteps(false);
}

/** The steps the feed has taken so far. */
export const stepsTaken = () => steps.feed;

/** A new event (with its own limit of steps), or a new feed. */
export function resetSteps(scope: 'event' | 'feed', eventLimit = MAX_STEPS_PER_EVENT) {
  steps.event = 0;
  steps.eventLimit = eventLimit;
  if (scope === 'feed') steps.feed = 0;
}

// ical.js tries candidate times in a loop that ends only when one matches the rule, and a single
// next() may never return. Every try goes through check_contracting_rules, so counting those calls
// bounds the loop (the iterator is built inside RecurExpansion, out of reach otherwise).
const iteratorProto = ICAL.RecurIterator.prototype as unknown as { check_contracting_rules: () => boolean };
const checkRules = iteratorProto.check_contracting_rules;
iteratorProto.check_contracting_rules = function (this: unknown) {
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

export interface Feed {
  /** The feed's VCALENDARs (usually one), holding only the events and zones that could be read. */
  calendars: Component[];
  /** What was left out so far, and why. */
  skips: Skips;
  /** The calendars' names (X-WR-CALNAME), as the feed gives them. */
  names: string[];
}

/** Where the sync looks: events that cannot touch [from, to) are not read in full. */
export interface Span {
  from: number;
  to: number;
}

interface Block {
  name: string;
  lines: string[];
  /** Its END never came, or came for another component. */
  broken: boolean;
}

/** Components that exist only at the top of a VCALENDAR: one of them inside a block ends that block. */
const TOP_LEVEL = new Set(['VEVENT', 'VTODO', 'VJOURNAL', 'VFREEBUSY', 'VTIMEZONE']);
const DAY = 24 * 3_600_000;

/**
 * The feed, component by component: each VEVENT and VTIMEZONE is parsed on its own, and one that
 * cannot be read is skipped (and counted) rather than failing the feed. A one-off event whose
 * start lies far outside `span` is left out unread (a calendar keeps years of past meetings).
 * Only a text with no VCALENDAR at all is a FeedProblem.
 */
export function readFeed(text: string, span: Span): Feed {
  const skips = new Skips();
  const calendars: Component[] = [];
  const names: string[] = [];
  let header: string[] | null = null;
  let children: Block[] = [];
  let block: (Block & { open: string[] }) | null = null;
  let read = 0;

  const finish = () => {
    if (block) {
      block.broken = true;
      children.push(block);
      block = null;
    }
    const calendar = parseHeader(header ?? []);
    for (const name of calendar.getAllProperties('x-wr-calname')) names.push(String(name.getFirstValue() ?? ''));
    for (const child of children) {
      const component = readChild(child, span, skips, () => ++read);
      if (component) calendar.addSubcomponent(component);
    }
    calendars.push(calendar);
    header = null;
    children = [];
  };

  for (const physical of text.split(/\r\n|\n|\r/)) {
    const line = physical.replace(/^\uFEFF/, '');
    const continued = /^[ \t]/.test(line);
    const begin = continued ? null : /^BEGIN:([A-Za-z0-9-]+)\s*$/.exec(line)?.[1].toUpperCase();
    const end = continued ? null : /^END:([A-Za-z0-9-]+)\s*$/.exec(line)?.[1].toUpperCase();
    if (header === null) {
      if (begin === 'VCALENDAR') header = [];
      continue;
    }
    if (block) {
      if (begin && TOP_LEVEL.has(begin)) {
        // the block before never ended: it is broken, and this one starts afresh
        block.broken = true;
        children.push(block);
        block = null;
      } else if (end === 'VCALENDAR') {
        finish();
        continue;
      } else {
        block.lines.push(line);
        if (begin) block.open.push(begin);
        else if (end) {
          if (end === block.open[block.open.length - 1]) block.open.pop();
          else if (end === block.name) {
            block.broken = true;
            block.open = [];
          }
          if (!block.open.length) {
            children.push(block);
            block = null;
          }
        }
        continue;
      }
    }
    if (begin) block = { name: begin, lines: [line], broken: false, open: [begin] };
    else if (end === 'VCALENDAR') finish();
    else header.push(line);
  }
  if (header !== null) finish();
  if (!calendars.length) throw new FeedProblem(say.unreadable('в него няма VCALENDAR.'));
  return { calendars, skips, names };
}

function parseHeader(lines: string[]): Component {
  try {
    const jcal = ICAL.parse(['BEGIN:VCALENDAR', ...lines, 'END:VCALENDAR'].join('\r\n'));
    const one = (Array.isArray(jcal) && Array.isArray(jcal[0]) ? jcal[0] : jcal) as [string, unknown[], unknown[]];
    return new ICAL.Component([one[0], one[1], []]);
  } catch {
    // the calendar's own properties (its name, a default zone) are a nicety: without them, the events
    return new ICAL.Component(['vcalendar', [], []]);
  }
}

const field = (lines: string[], name: string) => {
  const re = new RegExp(`^${name}(;[^:]*)?:(.*)$`, 'i');
  for (const line of lines) {
    const m = re.exec(line);
    if (m) return m[2].trim();
  }
  return null;
};

/** One component of the calendar, parsed, or null when it is left out (counted if skipped). */
function readChild(block: Block, span: Span, skips: Skips, count: () => number): Component | null {
  if (block.name === 'VTIMEZONE') {
    const zone = block.broken ? null : parse(block);
    if (!zone) skips.add('invalid_zone', null);
    return zone;
  }
  if (block.name !== 'VEVENT') return null;
  const start = rawDate(field(block.lines, 'DTSTART'));
  if (block.broken) {
    skips.add('unreadable', start);
    return null;
  }
  if (start && !block.lines.some((l) => /^(RRULE|RDATE|EXRULE|RECURRENCE-ID)[;:]/i.test(l))) {
    // a one-off event that cannot reach the window, however long it may be (margins for zones)
    const day = Date.parse(`${start}T00:00:00Z`);
    if (day > span.to + 2 * DAY || day < span.from - MAX_EVENT_MS - 2 * DAY) return null;
  }
  if (count() > MAX_EVENTS) {
    skips.add('too_many_events', start);
    return null;
  }
  try {
    return new ICAL.Component(ICAL.parse(block.lines.join('\r\n')) as [string, unknown[], unknown[]]);
  } catch (error) {
    // ical.js's message may quote the feed: only its kind is kept
    const what = String((error as Error)?.message);
    skips.add(
      /\b(BY[A-Z]+|FREQ|UNTIL|COUNT|INTERVAL|WKST|frequency|recur)/.test(what) ? 'invalid_rule' : /date|time|integer|duration/i.test(what) ? 'invalid_date' : 'unreadable',
      start,
    );
    return null;
  }
}

function parse(block: Block): Component | null {
  try {
    return new ICAL.Component(ICAL.parse(block.lines.join('\r\n')) as [string, unknown[], unknown[]]);
  } catch {
    return null;
  }
}

/**
 * Runs `read` with the feed's own zones known to ical.js, whose registry is global: its VTIMEZONEs,
 * and the IANA zones it names without describing them. Nothing of them is left after, and the
 * reading is synchronous, so feeds fetched side by side never see each other's zones.
 */
export function withZonesOf<T>(feed: Feed, read: () => T): T {
  ICAL.TimezoneService.reset();
  try {
    for (const calendar of feed.calendars) registerZones(calendar, feed.skips);
    return read();
  } finally {
    ICAL.TimezoneService.reset();
  }
}

function registerZones(calendar: Component, skips: Skips) {
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
    try {
      const zone = new ICAL.Timezone(vtimezone);
      if (zone.tzid) ICAL.TimezoneService.register(zone);
    } catch {
      // its events are read by the zone's IANA name if it has one (below), else as local times
      skips.add('invalid_zone', null);
    }
  }
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    for (const property of vevent.getAllProperties()) {
      const tzid = property.getParameter('tzid');
      const name = typeof tzid === 'string' ? tzid : null;
      if (name && !ICAL.TimezoneService.has(name) && isTimeZone(name)) {
        ICAL.TimezoneService.register(new NamedZone(name), name);
      }
    }
  }
}
