import { describe, expect, it } from 'vitest';
import { formatDateBg, toDate } from '@/shared/domain/dates';

describe('formatDateBg', () => {
  it('formats year, long month name and day for the Bulgarian locale', () => {
    expect(formatDateBg(new Date(2026, 10, 22))).toBe('22 ноември 2026 г.');
    expect(formatDateBg(new Date(2025, 0, 5))).toBe('5 януари 2025 г.');
  });

  it('reads a bare ISO date as that calendar day in any time zone', () => {
    expect(formatDateBg('2026-11-22')).toBe('22 ноември 2026 г.');
    expect(formatDateBg('2024-02-29')).toBe('29 февруари 2024 г.');
  });

  it('formats ISO timestamps from the database', () => {
    // Midday UTC is the same calendar day in every time zone from UTC-11 to UTC+11.
    expect(formatDateBg('2026-03-15T12:00:00Z')).toBe('15 март 2026 г.');
    expect(formatDateBg('2026-07-01T12:00:00.000+00:00')).toBe('1 юли 2026 г.');
  });

  it('accepts epoch milliseconds', () => {
    expect(formatDateBg(new Date(2026, 11, 31).getTime())).toBe('31 декември 2026 г.');
  });

  it('uses every Bulgarian month name', () => {
    const months = Array.from({ length: 12 }, (_, m) => formatDateBg(new Date(2026, m, 1)).split(' ')[1]);
    expect(months).toEqual([
      'януари', 'февруари', 'март', 'април', 'май', 'юни',
      'юли', 'август', 'септември', 'октомври', 'ноември', 'декември',
    ]);
  });

  it('gives an empty string for empty, null, undefined or invalid input', () => {
    expect(formatDateBg('')).toBe('');
    expect(formatDateBg('   ')).toBe('');
    expect(formatDateBg(null)).toBe('');
    expect(formatDateBg(undefined)).toBe('');
    expect(formatDateBg('not a date')).toBe('');
    expect(formatDateBg(new Date(Number.NaN))).toBe('');
  });
});

describe('toDate', () => {
  it('returns null for unusable input and a Date otherwise', () => {
    expect(toDate('')).toBeNull();
    expect(toDate('2026-13-45T00:00:00Z')).toBeNull();
    expect(toDate('2026-11-22')?.getDate()).toBe(22);
  });
});
