// An iCalendar feed (RFC 5545) → the busy periods in the sync window, with ical.js.
//
// Each VEVENT that is neither cancelled nor free (TRANSP:TRANSPARENT) is busy from its start to
// its end; a recurring one (RRULE, RDATE, EXDATE) once per occurrence in the window, an occurrence
// that has its own VEVENT (RECURRENCE-ID) as that VEVENT says. Times in a zone the feed describes
// (VTIMEZONE) follow that description; a TZID it only names is read as the IANA zone of that
// name (an unknown name: as a floating time); floating times and all-day dates are the sync's own
// zone (the consultant's).
//
// All or nothing: an event that cannot be read fails the whole feed (FeedProblem), so a feed is
// never stored in part. Bounded: at most MAX_OCCURRENCES_PER_EVENT occurrences of an event in the
// window and maxBlocks in all, and a rule that repeats without end or never matches stops at the
// iterator's step limits (ical.ts) instead of hanging the function.
import { ICAL, readCalendars, resetSteps, step, TooManySteps, withZonesOf, type CalendarEvent, type Component, type Time } from './ical.ts';
import { FeedProblem, say } from './messages.ts';
import { wallTimeToUtc } from './zones.ts';

export interface SyncWindow {
  /** The window, [from, to), in milliseconds since 1970. */
  from: number;
  to: number;
  /** The consultant's IANA zone: floating times and all-day dates are read in it. */
  timeZone: string;
  /** At most this many busy periods per feed; more fails the feed. */
  maxBlocks: number;
}

export interface Block {
  start: string;
  end: string;
}

/** Occurrences of one event inside the window. */
export const MAX_OCCURRENCES_PER_EVENT = 2000;

/** The busy periods of a feed in the window, sorted, overlapping ones merged. */
export function busyBlocks(text: string, window: SyncWindow): Block[] {
  const calendars = readCalendars(text);
  resetSteps('feed');
  try {
    const found = withZonesOf(calendars, () => {
      const blocks: [number, number][] = [];
      const add = (start: number, end: number) => {
        if (blocks.length >= window.maxBlocks) throw new FeedProblem(say.tooManyBlocks(window.maxBlocks));
        blocks.push([start, end]);
      };
      for (const calendar of calendars) for (const series of seriesOf(calendar)) busyOfSeries(series, window, add);
      return blocks;
    });
    return merge(found).map(([start, end]) => ({ start: new Date(start).toISOString(), end: new Date(end).toISOString() }));
  } catch (error) {
    if (error instanceof TooManySteps) throw new FeedProblem(say.tooComplex());
    throw error;
  }
}

/** One event and the VEVENTs that change its occurrences (same UID, with a RECURRENCE-ID). */
interface Series {
  master: Component | null;
  overrides: Component[];
}

/** The calendar's VEVENTs by UID; a VEVENT without a UID is a series of its own. */
function seriesOf(calendar: Component): Series[] {
  const byUid = new Map<string, Series>();
  const all: Series[] = [];
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const uid = String(vevent.getFirstPropertyValue('uid') ?? '');
    const isOverride = vevent.hasProperty('recurrence-id');
    let series = uid ? byUid.get(uid) : undefined;
    if (!series || (!isOverride && series.master)) {
      series = { master: null, overrides: [] };
      all.push(series);
      if (uid && !byUid.has(uid)) byUid.set(uid, series);
    }
    if (isOverride) series.overrides.push(vevent);
    else series.master = vevent;
  }
  for (const series of all) series.overrides = newestOverrides(series.overrides);
  return all;
}

/** Of several VEVENTs for the same occurrence, the one with the highest SEQUENCE (the later one on a tie). */
function newestOverrides(overrides: Component[]): Component[] {
  const byId = new Map<string, Component>();
  for (const vevent of overrides) {
    const id = readTime(vevent, 'recurrence-id').toUnixTime().toString();
    const seen = byId.get(id);
    if (!seen || sequence(vevent) >= sequence(seen)) byId.set(id, vevent);
  }
  return [...byId.values()];
}

const sequence = (vevent: Component) => Number(vevent.getFirstPropertyValue('sequence') ?? 0) || 0;

function isFree(vevent: Component): boolean {
  const status = String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase();
  const transp = String(vevent.getFirstPropertyValue('transp') ?? '').toUpperCase();
  return status === 'CANCELLED' || transp === 'TRANSPARENT';
}

function busyOfSeries(series: Series, window: SyncWindow, add: (start: number, end: number) => void) {
  resetSteps('event');
  // every VEVENT is read through, in the window or not: a broken one fails the feed
  for (const vevent of [series.master, ...series.overrides]) if (vevent) checkEvent(vevent, window.timeZone);
  // an override is an event of its own: its own time, status and transparency, wherever its
  // occurrence was (moved into the window or out of it); without a master, it is all there is
  for (const vevent of series.overrides) {
    if (isFree(vevent)) continue;
    const [start, end] = spanOf(vevent, readTime(vevent, 'dtstart'), endOf(vevent), window.timeZone);
    if (start < window.to && end > window.from && end > start) add(start, end);
  }
  if (!series.master) return;
  const master = series.master;
  const event = guard(master, 'промените в отделни повторения не могат да бъдат свързани с него', () => new ICAL.Event(master, { strictExceptions: true, exceptions: series.overrides }));
  // a free series stays free, unless an override from some date on (RANGE=THISANDFUTURE) changes that
  if (isFree(master) && !event.rangeExceptions.length) return;
  try {
    expand(event, master, window, add);
  } catch (error) {
    if (error instanceof TooManySteps && !error.wholeFeed) throw new FeedProblem(say.endlessRule(dateOf(master)));
    throw error;
  }
}

/** The busy occurrences of a series in the window, in order, until the window ends. */
function expand(event: CalendarEvent, master: Component, window: SyncWindow, add: (start: number, end: number) => void) {
  const expansion = guard(master, 'правилото за повторение (RRULE) е невалидно', () => event.iterator());
  let inWindow = 0;
  for (;;) {
    step();
    const occurrence = guard(master, 'правилото за повторение (RRULE) е невалидно', () => expansion.next());
    if (!occurrence || guard(master, 'часовата му зона (TZID) не може да бъде прочетена', () => instantOf(occurrence, window.timeZone)) >= window.to) return;
    const details = event.getOccurrenceDetails(occurrence);
    // an occurrence with its own VEVENT was counted with the overrides
    if (details.item !== event && details.item.recurrenceId.compare(occurrence) === 0) continue;
    if (isFree(details.item.component)) continue;
    const [start, end] = spanOf(master, details.startDate, details.endDate, window.timeZone);
    if (start >= window.to || end <= window.from || end === start) continue;
    if (++inWindow > MAX_OCCURRENCES_PER_EVENT) throw new FeedProblem(say.tooManyOccurrences(MAX_OCCURRENCES_PER_EVENT, dateOf(master)));
    add(start, end);
  }
}

/** Reads what the rest relies on, so a broken VEVENT fails the feed wherever it is. */
function checkEvent(vevent: Component, zone: string) {
  const start = readTime(vevent, 'dtstart');
  spanOf(vevent, start, endOf(vevent), zone);
  if (vevent.hasProperty('recurrence-id')) readTime(vevent, 'recurrence-id');
}

function endOf(vevent: Component): Time {
  if (vevent.hasProperty('dtend')) return readTime(vevent, 'dtend');
  const start = readTime(vevent, 'dtstart');
  return guard(vevent, 'продължителността (DURATION) е невалидна', () => new ICAL.Event(vevent, { exceptions: [] }).endDate ?? start);
}

function readTime(vevent: Component, name: 'dtstart' | 'dtend' | 'recurrence-id'): Time {
  const label = { dtstart: 'началото (DTSTART)', dtend: 'краят (DTEND)', 'recurrence-id': 'повторението, което променя (RECURRENCE-ID)' }[name];
  if (!vevent.hasProperty(name)) throw new FeedProblem(say.brokenEvent(`липсва ${label}`, ''));
  const value = guard(vevent, `${label} не е валидна дата`, () => vevent.getFirstPropertyValue(name));
  if (!(value instanceof ICAL.Time) || !Number.isFinite(value.toUnixTime())) {
    throw new FeedProblem(say.brokenEvent(`${label} не е валидна дата`, dateOf(vevent)));
  }
  return value;
}

/** An event's or an occurrence's start and end as instants; an end before the start breaks it. */
function spanOf(vevent: Component, start: Time, end: Time, zone: string): [number, number] {
  // a VTIMEZONE is only read when a time in it is: a broken one shows here
  const [from, to] = guard(vevent, 'часовата му зона (TZID) не може да бъде прочетена', () => [instantOf(start, zone), instantOf(end, zone)]);
  if (!Number.isFinite(from) || !Number.isFinite(to)) throw new FeedProblem(say.brokenEvent('датата не може да бъде прочетена', dateOf(vevent)));
  if (to < from) throw new FeedProblem(say.brokenEvent('краят е преди началото', dateOf(vevent)));
  return [from, to];
}

/**
 * The instant of a time: UTC as it is, a described or named zone through ical.js, a floating time
 * and a date (local midnight) in the sync's zone.
 */
function instantOf(t: Time, zone: string): number {
  if (!t.isDate && t.zone && t.zone !== ICAL.Timezone.localTimezone) return t.toUnixTime() * 1000;
  const wall = t.isDate ? { year: t.year, month: t.month, day: t.day, hour: 0, minute: 0, second: 0 } : t;
  return wallTimeToUtc({ year: wall.year, month: wall.month, day: wall.day, hour: wall.hour, minute: wall.minute, second: wall.second }, zone);
}

/** Runs a step of ical.js on an event; what it throws fails the feed, naming what broke. */
function guard<T>(vevent: Component, what: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof FeedProblem || error instanceof TooManySteps) throw error;
    throw new FeedProblem(say.brokenEvent(what, dateOf(vevent)));
  }
}

/** "12.12.2026 г.", from the raw DTSTART, so the admin can find the event; nothing else of it ('' if unreadable). */
function dateOf(vevent: Component): string {
  const raw = vevent.getFirstProperty('dtstart')?.jCal?.[3];
  const m = typeof raw === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(raw) : null;
  return m ? `${m[3]}.${m[2]}.${m[1]} г.` : '';
}

/** Sorted, with overlapping and touching periods joined. */
function merge(blocks: [number, number][]): [number, number][] {
  const sorted = [...blocks].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = out[out.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}
