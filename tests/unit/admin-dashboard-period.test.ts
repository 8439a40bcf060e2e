// The dashboard's days, free of React: today on Sofia's clock, the ranges of each period, the period
// before, the custom range's checks, the address's period read back whatever it holds, and the
// database's answers read, or refused when they are not what the functions promise.
import { describe, expect, it } from 'vitest';
import { customRangeProblem, previousRange, rangeOf, readPeriod, recentMonths, todayIn, writePeriod } from '@/admin/dashboard/period';
import { readFunnels, readNewsletter, readSummary, UnexpectedAnswerError } from '@/admin/dashboard/shapes';
import { changeOf } from '@/admin/dashboard/format';

describe('the days', () => {
  it("today is Sofia's: 22:30 UTC on 29 November is already the 30th there, 21:30 UTC in July the next day too", () => {
    expect(todayIn('Europe/Sofia', new Date('2026-11-29T21:59:00Z'))).toBe('2026-11-29');
    expect(todayIn('Europe/Sofia', new Date('2026-11-29T22:30:00Z'))).toBe('2026-11-30');
    expect(todayIn('Europe/Sofia', new Date('2026-07-14T21:30:00Z'))).toBe('2026-07-15');
  });

  it('each period ends today; a month is whole, or up to today while it runs; the comparison is as long, just before', () => {
    const today = '2026-03-01';
    expect(rangeOf({ kind: 'today' }, today)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(rangeOf({ kind: '7d' }, today)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(rangeOf({ kind: '30d' }, today)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(rangeOf({ kind: 'month', month: '2026-02' }, today)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(rangeOf({ kind: 'month', month: '2024-02' }, today)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(rangeOf({ kind: 'month', month: '2026-03' }, today)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(previousRange({ from: '2026-03-01', to: '2026-03-01' })).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(previousRange({ from: '2026-02-01', to: '2026-02-28' })).toEqual({ from: '2026-01-04', to: '2026-01-31' });
    // across the clock change of 29 March: days, not hours
    expect(rangeOf({ kind: '7d' }, '2026-03-31')).toEqual({ from: '2026-03-25', to: '2026-03-31' });
  });

  it('the month picker offers this month and the 23 before it, across the year', () => {
    const months = recentMonths('2026-02-15');
    expect(months).toHaveLength(24);
    expect(months.slice(0, 3)).toEqual(['2026-02', '2026-01', '2025-12']);
    expect(months.at(-1)).toBe('2024-03');
  });

  it('a custom range: both days, real ones, in order, not to come, at most 366 days', () => {
    const today = '2026-11-29';
    expect(customRangeProblem('2026-02-30', '2026-03-01', today)?.field).toBe('from');
    expect(customRangeProblem('2026-12-01', '2026-12-02', today)).toEqual({ field: 'from', message: 'Началната дата не може да е в бъдещето.' });
    expect(customRangeProblem('2025-11-28', '2026-11-29', today)).toEqual({ field: 'to', message: 'Периодът може да е най-много 366 дни.' });
    expect(customRangeProblem('2025-11-29', '2026-11-29', today)).toBeNull();
    expect(customRangeProblem('2026-11-29', '2026-11-29', today)).toBeNull();
  });

  it('the address holds the period; anything it cannot be reads as 7 days', () => {
    const today = '2026-11-29';
    const read = (query: string) => readPeriod(new URLSearchParams(query), today);
    expect(read('')).toEqual({ kind: '7d' });
    expect(read('dashboard.period=30d')).toEqual({ kind: '30d' });
    expect(read('dashboard.period=month&dashboard.month=2026-10')).toEqual({ kind: 'month', month: '2026-10' });
    for (const bad of ['dashboard.period=year', 'dashboard.period=month&dashboard.month=2019-01', 'dashboard.period=month&dashboard.month=2026-13', 'dashboard.period=custom&dashboard.from=2026-11-10&dashboard.to=2026-11-01', 'dashboard.period=custom&dashboard.from=x']) {
      expect(read(bad), bad).toEqual({ kind: '7d' });
    }
    const written = writePeriod(new URLSearchParams('posts.q=a&dashboard.month=2026-01'), { kind: 'custom', from: '2026-11-01', to: '2026-11-15' });
    expect(written.toString()).toBe('posts.q=a&dashboard.period=custom&dashboard.from=2026-11-01&dashboard.to=2026-11-15');
    expect(writePeriod(written, { kind: '7d' }).toString()).toBe('posts.q=a');
  });

  it('a change against nothing is new, against the same figure none', () => {
    expect(changeOf(5, 0)).toEqual({ direction: 'new' });
    expect(changeOf(0, 0)).toEqual({ direction: 'same' });
    expect(changeOf(0, 4)).toEqual({ direction: 'down', fraction: 1 });
    expect(changeOf(150, 100)).toEqual({ direction: 'up', fraction: 0.5 });
  });
});

describe("the database's answers", () => {
  const range = { from: '2026-11-01', to: '2026-11-03' };
  const totals = { visitors: 3, pageviews: '7', inquiries: 0, bookings: 0, signups: 1 };

  it('a summary has every day of the range in order, the missing ones as zeros; a numeric may come as text', () => {
    const summary = readSummary({ ...totals, days: [{ day: '2026-11-03', visitors: 1, pageviews: 2 }, { day: '2026-11-01', visitors: 2, pageviews: 5 }], previous: totals }, range);
    expect(summary.pageviews).toBe(7);
    expect(summary.days).toEqual([
      { day: '2026-11-01', visitors: 2, pageviews: 5 },
      { day: '2026-11-02', visitors: 0, pageviews: 0 },
      { day: '2026-11-03', visitors: 1, pageviews: 2 },
    ]);
  });

  it('a newsletter day left out keeps the total before it; a funnel step left out was reached by nobody', () => {
    expect(readNewsletter({ days: [{ day: '2026-11-01', confirmed: 10, unsubscribed: 1 }] }, range).map((d) => [d.confirmed, d.unsubscribed])).toEqual([
      [10, 1],
      [10, 0],
      [10, 0],
    ]);
    expect(readFunnels({ wizard: [{ step: 'wizard_open', visitors: 4 }], booking: [] }).wizard.map((s) => s.visitors)).toEqual([4, 0, 0, 0]);
  });

  it('an answer of another shape is refused, never drawn as zeros', () => {
    expect(() => readSummary({ ...totals, visitors: null, days: [], previous: totals }, range)).toThrow(UnexpectedAnswerError);
    expect(() => readSummary({ ...totals, days: [], previous: null }, range)).toThrow(UnexpectedAnswerError);
    expect(() => readFunnels(null)).toThrow(UnexpectedAnswerError);
    expect(() => readNewsletter({ days: [{ day: '2026-11-01', confirmed: 'many', unsubscribed: 0 }] }, range)).toThrow(UnexpectedAnswerError);
  });
});
