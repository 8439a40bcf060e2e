// What a sync left out of a feed, and why: events that could not be read or would have run away
// (a rule that repeats without end, an event of months) are skipped one by one, never the whole
// feed, and counted here by reason, with the start of the earliest one so the admin can find it.
// public.calendar_sync_store keeps the list with the feed's good sync; the calendar tab says it in
// Bulgarian (src/admin/calendar/feed-schema.ts, `skipReasonText`).
//
// Pure TypeScript, no Deno API.

export const SKIP_REASONS = [
  'unreadable',
  'no_start',
  'invalid_date',
  'invalid_zone',
  'end_before_start',
  'invalid_duration',
  'invalid_rule',
  'too_long',
  'too_many_occurrences',
  'endless_rule',
  'too_complex',
  'too_many_events',
  'too_many_blocks',
] as const;

export type SkipReason = (typeof SKIP_REASONS)[number];

export interface Skipped {
  reason: SkipReason;
  count: number;
  /** The earliest start among them, 'YYYY-MM-DD' as the feed wrote it; null when none had one. */
  first: string | null;
}

/** An event (or one part of a recurring one) cannot be used: it is skipped for `reason`. */
export class SkipEvent extends Error {
  constructor(readonly reason: SkipReason) {
    super(`skipped: ${reason}`);
    this.name = 'SkipEvent';
  }
}

export class Skips {
  private readonly byReason = new Map<SkipReason, Skipped>();

  add(reason: SkipReason, first: string | null, count = 1) {
    if (count <= 0) return;
    const seen = this.byReason.get(reason);
    if (!seen) {
      this.byReason.set(reason, { reason, count, first });
      return;
    }
    seen.count += count;
    if (first && (!seen.first || first < seen.first)) seen.first = first;
  }

  get total(): number {
    let n = 0;
    for (const s of this.byReason.values()) n += s.count;
    return n;
  }

  /** In the order of SKIP_REASONS. */
  list(): Skipped[] {
    return SKIP_REASONS.flatMap((r) => {
      const s = this.byReason.get(r);
      return s ? [{ ...s }] : [];
    });
  }
}

/** 'YYYY-MM-DD' of the raw DTSTART of an event's text or property value ('' or null if unreadable). */
export function rawDate(value: unknown): string | null {
  const m = typeof value === 'string' ? /^(\d{4})-?(\d{2})-?(\d{2})/.exec(value) : null;
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}
