// Wall-clock times in an IANA time zone, turned into instants with the runtime's own zone data
// (Intl): for floating times (the claim's zone), all-day events (local midnight) and a TZID that
// the feed names without describing it in a VTIMEZONE.
//
// Pure TypeScript, no Deno or Node API, so the tests import it too.

export interface WallTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Is `name` a time zone the runtime knows (an IANA name such as Europe/Sofia, or UTC)? */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    formatter(name);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
export function offsetAt(ms: number, zone: string): number {
  const parts: Record<string, string> = {};
  for (const p of formatter(zone).formatToParts(new Date(ms))) parts[p.type] = p.value;
  const year = parts.era === 'BC' || parts.era === 'B' ? 1 - Number(parts.year) : Number(parts.year);
  const local = Date.UTC(year, Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  // the instant's own milliseconds do not show in the parts
  return local - (ms - (((ms % 1000) + 1000) % 1000));
}

const HOUR = 3_600_000;

/**
 * The instant (milliseconds since 1970, UTC) of a wall-clock time in a zone, as RFC 5545 reads
 * it: a time that happens twice (the clocks go back) is the first of the two; a time that never
 * happens (the clocks go forward) is read with the offset from before the gap, so 03:30 on the
 * morning the clocks jump from 03:00 to 04:00 is 04:30.
 */
export function wallTimeToUtc(t: WallTime, zone: string): number {
  const asUtc = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  // a zone changes its offset at most once within a day or so: the offsets a day before and a
  // day after are the only two candidates
  const before = offsetAt(asUtc - 24 * HOUR, zone);
  const after = offsetAt(asUtc + 24 * HOUR, zone);
  const candidates = [asUtc - before, asUtc - after].filter((u, i) => offsetAt(u, zone) === (i === 0 ? before : after));
  if (candidates.length) return Math.min(...candidates);
  return asUtc - before;
}
