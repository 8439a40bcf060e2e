// When the calendar tab waits closely for a feed's sync (src/admin/calendar/feeds-api.ts isSyncing): asked
// lately and not answered by a good read or an error since.
import { describe, expect, it } from 'vitest';
import { isSyncing, type CalendarFeed } from '@/admin/calendar/feeds-api';

const NOW = Date.parse('2026-11-27T10:00:00Z');
const feed = (over: Partial<CalendarFeed>): CalendarFeed => ({
  id: 'f', label: 'Личен', url_hint: 'https://x.example/…', is_active: true, created_at: '2026-11-27T09:00:00Z',
  last_attempt_at: null, last_synced_at: null, last_error: null, last_error_at: null, busy_count: 0, stale: false, owner_email: null, skipped: [],
  ...over,
});

describe('isSyncing', () => {
  it('is true from the ask until the answer, for two minutes at most', () => {
    expect(isSyncing(feed({ last_attempt_at: '2026-11-27T09:59:50Z' }), NOW)).toBe(true);
    expect(isSyncing(feed({ last_attempt_at: '2026-11-27T09:59:50Z', last_synced_at: '2026-11-27T09:30:00Z' }), NOW)).toBe(true);
    expect(isSyncing(feed({ last_attempt_at: '2026-11-27T09:57:00Z' }), NOW)).toBe(false);
  });

  it('is false once a good read or an error answered, and for a feed switched off or never asked', () => {
    expect(isSyncing(feed({ last_attempt_at: '2026-11-27T09:59:50Z', last_synced_at: '2026-11-27T09:59:55Z' }), NOW)).toBe(false);
    expect(isSyncing(feed({ last_attempt_at: '2026-11-27T09:59:50Z', last_error_at: '2026-11-27T09:59:52Z' }), NOW)).toBe(false);
    expect(isSyncing(feed({ last_attempt_at: '2026-11-27T09:59:50Z', is_active: false }), NOW)).toBe(false);
    expect(isSyncing(feed({}), NOW)).toBe(false);
  });
});
