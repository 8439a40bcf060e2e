/*
 * The dashboard's numbers and days as a Bulgarian reader writes them: '12 345', '12,5%',
 * '1234,50 €', '1 ноември 2026 г.', and the change against the previous period ('↑ 12,5%').
 */
import type { DayRange } from './period';

const count = new Intl.NumberFormat('bg-BG');
const share = new Intl.NumberFormat('bg-BG', { style: 'percent', maximumFractionDigits: 1 });
const eur = new Intl.NumberFormat('bg-BG', { style: 'currency', currency: 'EUR' });
// days are calendar days: written at noon UTC and read in UTC, they never move across midnight
const dayLong = new Intl.DateTimeFormat('bg-BG', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
const dayShort = new Intl.DateTimeFormat('bg-BG', { timeZone: 'UTC', day: 'numeric', month: 'numeric' });
const monthLong = new Intl.DateTimeFormat('bg-BG', { timeZone: 'UTC', month: 'long', year: 'numeric' });

const at = (day: string) => new Date(`${day}T12:00:00Z`);

/** A count: '1234', '12 345'. */
export const formatCount = (value: number): string => count.format(value);

/** A fraction as a percentage: 0.125 → '12,5%'. */
export const formatShare = (fraction: number): string => share.format(fraction);

/** An amount in euro: '1234,50 €'. */
export const formatEur = (value: number): string => eur.format(value);

/** A day in full: '1 ноември 2026 г.'. */
export const formatDay = (day: string): string => dayLong.format(at(day));

/** A day on a chart's axis: '1.11'. */
export const formatDayShort = (day: string): string => dayShort.format(at(day));

/** A month as the picker names it: 'ноември 2026 г.'. */
export const formatMonth = (month: string): string => monthLong.format(at(`${month}-01`));

/** A range of days: '1 ноември 2026 г.' for one day, else '1 ноември 2026 г. – 7 ноември 2026 г.'. */
export function formatRange(range: DayRange): string {
  return range.from === range.to ? formatDay(range.from) : `${formatDay(range.from)} – ${formatDay(range.to)}`;
}

/** How a figure moved against the previous period. */
export type Change =
  | { direction: 'up' | 'down'; fraction: number }
  | { direction: 'same' }
  // nothing before to compare with: any figure now is new
  | { direction: 'new' };

export function changeOf(current: number, previous: number): Change {
  if (current === previous) return { direction: 'same' };
  if (previous === 0) return { direction: 'new' };
  const fraction = Math.abs(current - previous) / previous;
  return { direction: current > previous ? 'up' : 'down', fraction };
}

/** The change as the card shows it ('↑ 12,5%') and as a screen reader says it. */
export function changeText(change: Change): { shown: string; spoken: string } {
  switch (change.direction) {
    case 'up':
      return { shown: `↑ ${formatShare(change.fraction)}`, spoken: `ръст с ${formatShare(change.fraction)} спрямо предходния период` };
    case 'down':
      return { shown: `↓ ${formatShare(change.fraction)}`, spoken: `спад с ${formatShare(change.fraction)} спрямо предходния период` };
    case 'same':
      return { shown: `= ${formatShare(0)}`, spoken: 'без промяна спрямо предходния период' };
    case 'new':
      return { shown: '↑ ново', spoken: 'в предходния период няма данни за сравнение' };
  }
}
