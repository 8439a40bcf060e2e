// The retention kinds and their words (src/shared/domain/retention.ts), which the panel and the
// privacy notice share; tests/backend/retention.ts holds the database to the same table.
import { describe, expect, it } from 'vitest';
import { shownAddress } from '@/admin/subscribers/words';
import { formatRetention, MAX_RETENTION_DAYS, RETENTION_KINDS, retentionKind, retentionProblem, splitRetention } from '@/shared/domain/retention';

describe('retention', () => {
  it('says a period in the largest whole unit: days under a year, then years, else months', () => {
    expect([1, 2, 7, 30, 90, 364].map(formatRetention)).toEqual(['1 ден', '2 дни', '7 дни', '30 дни', '90 дни', '364 дни']);
    expect([365, 730, 1095, 3650].map(formatRetention)).toEqual(['1 година', '2 години', '3 години', '10 години']);
    expect([540, 720, 400].map(formatRetention)).toEqual(['18 месеца', '24 месеца', '400 дни']);
    expect(splitRetention(720)).toEqual({ amount: 24, unit: 'months' });
  });

  it('has the nine kinds of the issues (the ninth: the raw measurement events), each with a default within its bounds and none over ten years', () => {
    expect(RETENTION_KINDS.map((k) => k.kind)).toEqual([
      'leads_closed', 'bookings_past', 'mail_bodies', 'network_hashes',
      'subscribers_unconfirmed', 'subscribers_unsubscribed', 'data_requests', 'audit_events', 'insight_events',
    ]);
    for (const k of RETENTION_KINDS) {
      expect(k.minDays, k.kind).toBeGreaterThanOrEqual(1);
      expect(k.maxDays, k.kind).toBe(MAX_RETENTION_DAYS);
      expect(retentionProblem(k, k.defaultDays), k.kind).toBeNull();
      expect(k.minReason.length, k.kind).toBeGreaterThan(10);
    }
    expect(Object.fromEntries(RETENTION_KINDS.map((k) => [k.kind, k.defaultDays]))).toEqual({
      leads_closed: 730, bookings_past: 730, mail_bodies: 90, network_hashes: 30,
      subscribers_unconfirmed: 30, subscribers_unsubscribed: 30, data_requests: 1095, audit_events: 365, insight_events: 30,
    });
    expect(retentionKind('subscribers_unsubscribed')?.outcome).toBe('anonymised');
  });

  it('refuses under the minimum, over ten years and a fraction, in Bulgarian', () => {
    const leads = retentionKind('leads_closed')!;
    expect(retentionProblem(leads, 89)).toBe('Най-краткият срок за „Загубени и неотговорени запитвания“ е 90 дни.');
    expect(retentionProblem(leads, 3651)).toBe('Най-дългият срок е 10 години.');
    expect(retentionProblem(leads, 90.5)).toBe('Въведете цяло число.');
    expect(retentionProblem(leads, Number.NaN)).toBe('Въведете цяло число.');
    expect(retentionProblem(leads, 90)).toBeNull();
  });

  it("shows an unsubscribed address that became a keyed hash as anonymised in the subscribers' list", () => {
    expect(shownAddress(`hmac:${'a'.repeat(64)}`)).toBe('Анонимизиран адрес');
    expect(shownAddress('ivan@example.com')).toBe('ivan@example.com');
  });
});
