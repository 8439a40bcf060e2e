// An iCalendar feed (RFC 5545) → the busy periods in the sync window, with ical.js.
//
// Each VEVENT is busy from its start to its end, unless it is cancelled, free (TRANSP:TRANSPARENT,
// or Outlook's X-MICROSOFT-CDO-BUSYSTATUS:FREE) or an invitation its owner has not accepted
// (owners.ts: their ATTENDEE line says NEEDS-ACTION or DECLINED); a recurring one (RRULE, RDATE,
// EXDATE) once per occurrence in the window, an occurrence that has its own VEVENT
// (RECURRENCE-ID) as that VEVENT says. Times in a zone the feed describes (VTIMEZONE) follow that
// description; a TZID it only names is read as the IANA zone of that name (an unknown name: as a
// floating time); floating times and all-day dates are the sync's own zone (the consultant's).
//
// One event's trouble is its own: an event that cannot be read, ends before it starts, lasts
// longer than 31 days, repeats more than MAX_OCCURRENCES_PER_EVENT times in the window or whose
// rule runs away is skipped (the whole series, never a part of it) and counted by reason
// (skipped.ts), and the rest of the feed is stored. Bounded: at most maxBlocks busy periods are
// kept (the earliest; the rest are counted), and a rule that repeats without end or never matches
// stops at the iterator's step limits (ical.ts) instead of hanging the function: every recurring
// event is first read with a small budget of steps, and only those that need more share what the
// feed has left, those that were finding occurrences first, so a few runaway rules cannot crowd
// out the ordinary ones.
import { FIRST_PASS_STEPS, ICAL, MAX_EVENT_MS, MAX_STEPS_PER_EVENT, readFeed, resetSteps, step, TooManySteps, withZonesOf, type CalendarEvent, type Component, type Time } from './ical.ts';
import { notAccepted, ownerAddresses } from './owners.ts';
import { rawDate, SkipEvent, type Skipped, type SkipReason } from './skipped.ts';
import { wallTimeToUtc } from './zones.ts';

export interface SyncWindow {
  /** The window, [from, to), in milliseconds since 1970. */
  from: number;
  to: number;
  /** The consultant's IANA zone: floating times and all-day dates are read in it. */
  timeZone: string;
  /** At most this many busy periods per feed are kept (the earliest). */
  maxBlocks: number;
  /** What is known of the owner's address (owners.ts): the admin's, the one in Google's address. */
  owners?: (string | null | undefined)[];
}

export interface Block {
  start: string;
  end: string;
}

export interface Reading {
  blocks: Block[];
  /** What was left out, by reason; empty when nothing was. */
  skipped: Skipped[];
}

/** Occurrences of one event inside the window. */
export const MAX_OCCURRENCES_PER_EVENT = 2000;

/** The busy periods of a feed in the window, sorted, overlapping ones merged, and what was skipped. */
export function busyBlocks(text: string, window: SyncWindow): Reading {
  const feed = readFeed(text, window);
  const { skips } = feed;
  resetSteps('feed');
  const owners = ownerAddresses(window.owners ?? [], feed.names, feed.calendars);
  const found = withZonesOf(feed, () => {
    const blocks: [number, number][] = [];
    const deferred: { series: Series; progress: number }[] = [];
    /** One series, all of it or none (skipped and counted); false if it needs more steps than `limit`. */
    const read = (series: Series, limit: number, last: boolean): boolean => {
      const own: [number, number][] = [];
      const progress = { occurrences: 0 };
      try {
        busyOfSeries(series, window, owners, limit, (start, end) => own.push([start, end]), progress);
      } catch (error) {
        if (error instanceof TooManySteps && !error.wholeFeed && !last) {
          deferred.push({ series, progress: progress.occurrences });
          return false;
        }
        const reason: SkipReason | null =
          error instanceof SkipEvent ? error.reason : error instanceof TooManySteps ? (error.wholeFeed ? 'too_complex' : 'endless_rule') : null;
        if (!reason) throw error;
        skips.add(reason, dateOf(series.master ?? series.overrides[0]));
        return true;
      }
      for (const b of own) blocks.push(b);
      return true;
    };
    for (const calendar of feed.calendars) {
      for (const series of seriesOf(calendar, skips.add.bind(skips))) read(series, FIRST_PASS_STEPS, false);
    }
    // the rules that were finding occurrences first; one that found none in all its steps last
    deferred.sort((a, b) => b.progress - a.progress);
    for (const { series } of deferred) read(series, MAX_STEPS_PER_EVENT, true);
    return blocks;
  });
  const merged = merge(found);
  if (merged.length > window.maxBlocks) {
    skips.add('too_many_blocks', new Date(merged[window.maxBlocks][0]).toISOString().slice(0, 10), merged.length - window.maxBlocks);
    merged.length = window.maxBlocks;
  }
  return {
    blocks: merged.map(([start, end]) => ({ start: new Date(start).toISOString(), end: new Date(end).toISOString() })),
    skipped: skips.list(),
  };
}

/** One event and the VEVENTs that change its occurrences (same UID, with a RECURRENCE-ID). */
interface Series {
  master: Component | null;
  overrides: Component[];
}

/**
 * The calendar's VEVENTs by UID; a VEVENT without a UID is a series of its own. An override whose
 * RECURRENCE-ID cannot be read is skipped on its own (its occurrence stays as the series has it).
 */
function seriesOf(calendar: Component, skip: (reason: SkipReason, first: string | null) => void): Series[] {
  const byUid = new Map<string, Series>();
  const all: Series[] = [];
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const uid = String(vevent.getFirstPropertyValue('uid') ?? '');
    const isOverride = vevent.hasProperty('recurrence-id');
    if (isOverride) {
      try {
        readTime(vevent, 'recurrence-id');
      } catch (error) {
        if (!(error instanceof SkipEvent)) throw error;
        skip(error.reason, dateOf(vevent));
        continue;
      }
    }
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

/** Not busy: cancelled, free (RFC 5545 or Outlook's own flag), or an invitation the owner has not accepted. */
function isFree(vevent: Component, owners: Set<string>): boolean {
  const status = String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase();
  const transp = String(vevent.getFirstPropertyValue('transp') ?? '').toUpperCase();
  const outlook = String(vevent.getFirstPropertyValue('x-microsoft-cdo-busystatus') ?? '').toUpperCase();
  return status === 'CANCELLED' || transp === 'TRANSPARENT' || outlook === 'FREE' || notAccepted(vevent, owners);
}

function busyOfSeries(
  series: Series,
  window: SyncWindow,
  owners: Set<string>,
  stepLimit: number,
  add: (start: number, end: number) => void,
  progress: { occurrences: number },
) {
  resetSteps('event', stepLimit);
  // every VEVENT of the series is read through, in the window or not: a broken one skips the series
  for (const vevent of [series.master, ...series.overrides]) if (vevent) checkEvent(vevent, window.timeZone);
  // an override is an event of its own: its own time, status and transparency, wherever its
  // occurrence was (moved into the window or out of it); without a master, it is all there is
  for (const vevent of series.overrides) {
    if (isFree(vevent, owners)) continue;
    const [start, end] = spanOf(readTime(vevent, 'dtstart'), endOf(vevent), window.timeZone);
    if (start < window.to && end > window.from && end > start) add(start, end);
  }
  if (!series.master) return;
  const master = series.master;
  const event = guard('unreadable', () => new ICAL.Event(master, { strictExceptions: true, exceptions: series.overrides }));
  // a free series stays free, unless an override from some date on (RANGE=THISANDFUTURE) changes that
  if (isFree(master, owners) && !event.rangeExceptions.length) return;
  // a one-off event is its own only occurrence: no iterator, and none of the feed's steps
  if (!master.hasProperty('rrule') && !master.hasProperty('rdate') && !series.overrides.length) {
    const [start, end] = spanOf(readTime(master, 'dtstart'), endOf(master), window.timeZone);
    if (start < window.to && end > window.from && end > start) add(start, end);
    return;
  }
  expand(event, window, owners, add, progress);
}

/** The busy occurrences of a series in the window, in order, until the window ends. */
function expand(
  event: CalendarEvent,
  window: SyncWindow,
  owners: Set<string>,
  add: (start: number, end: number) => void,
  progress: { occurrences: number },
) {
  const expansion = guard('invalid_rule', () => event.iterator());
  let inWindow = 0;
  for (;;) {
    step();
    const occurrence = guard('invalid_rule', () => expansion.next());
    if (!occurrence) return;
    progress.occurrences++;
    const at = guard('invalid_zone', () => instantOf(occurrence, window.timeZone));
    if (at >= window.to) return;
    // long before the window: it cannot reach it (no occurrence lasts longer than MAX_EVENT_MS)
    if (at < window.from - MAX_EVENT_MS) continue;
    const details = guard('unreadable', () => event.getOccurrenceDetails(occurrence));
    // an occurrence with its own VEVENT was counted with the overrides
    if (details.item !== event && details.item.recurrenceId.compare(occurrence) === 0) continue;
    if (isFree(details.item.component, owners)) continue;
    const [start, end] = spanOf(details.startDate, details.endDate, window.timeZone);
    if (start >= window.to || end <= window.from || end === start) continue;
    if (++inWindow > MAX_OCCURRENCES_PER_EVENT) throw new SkipEvent('too_many_occurrences');
    add(start, end);
  }
}

/** Reads what the rest relies on, so a broken VEVENT is skipped wherever it is. */
function checkEvent(vevent: Component, zone: string) {
  const start = readTime(vevent, 'dtstart');
  spanOf(start, endOf(vevent), zone);
  if (vevent.hasProperty('recurrence-id')) readTime(vevent, 'recurrence-id');
}

function endOf(vevent: Component): Time {
  if (vevent.hasProperty('dtend')) return readTime(vevent, 'dtend');
  const start = readTime(vevent, 'dtstart');
  return guard('invalid_duration', () => {
    const end = new ICAL.Event(vevent, { exceptions: [] }).endDate ?? start;
    if (!(end instanceof ICAL.Time) || !Number.isFinite(end.toUnixTime())) throw new Error('no end');
    return end;
  });
}

function readTime(vevent: Component, name: 'dtstart' | 'dtend' | 'recurrence-id'): Time {
  if (!vevent.hasProperty(name)) throw new SkipEvent(name === 'dtstart' ? 'no_start' : 'invalid_date');
  const value = guard('invalid_date', () => vevent.getFirstPropertyValue(name));
  if (!(value instanceof ICAL.Time) || !Number.isFinite(value.toUnixTime())) throw new SkipEvent('invalid_date');
  return value;
}

/** An event's or an occurrence's start and end as instants; an end before the start, or months after it, skips it. */
function spanOf(start: Time, end: Time, zone: string): [number, number] {
  // a VTIMEZONE is only read when a time in it is: a broken one shows here
  const [from, to] = guard('invalid_zone', () => [instantOf(start, zone), instantOf(end, zone)]);
  if (!Number.isFinite(from) || !Number.isFinite(to)) throw new SkipEvent('invalid_date');
  if (to < from) throw new SkipEvent('end_before_start');
  if (to - from > MAX_EVENT_MS) throw new SkipEvent('too_long');
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

/** Runs a step of ical.js; what it throws skips the event for `reason`. */
function guard<T>(reason: SkipReason, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof SkipEvent || error instanceof TooManySteps) throw error;
    throw new SkipEvent(reason);
  }
}

/** 'YYYY-MM-DD' from the raw DTSTART, so the admin can find the event; nothing else of it. */
function dateOf(vevent: Component | undefined): string | null {
  return rawDate(vevent?.getFirstProperty('dtstart')?.jCal?.[3]);
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
