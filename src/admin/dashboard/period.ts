/*
 * The dashboard's periods, free of React: days are calendar days in Sofia ('2026-11-29'), as the
 * database counts them (its insights_* functions take `from_day` and `to_day`, both inclusive).
 * The period chosen lives in the panel's query string (`?dashboard.period=month&dashboard.month=2026-10`),
 * so a refresh, a shared link and Back keep it.
 */

/** The clock the days are counted on: the business's, as the database's rollups use it. */
export const DASHBOARD_ZONE = 'Europe/Sofia';

/** The longest custom period: a year and a day, so that a leap year's whole year fits. */
export const MAX_PERIOD_DAYS = 366;

/** How many calendar months the month picker offers, this one first. */
export const MONTHS_OFFERED = 24;

export const PERIOD_KINDS = ['today', '7d', '30d', 'month', 'custom'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

/** What the admin picked: a fixed length back from today, a calendar month, or their own days. */
export type PeriodChoice =
  | { kind: 'today' | '7d' | '30d' }
  | { kind: 'month'; month: string }
  | { kind: 'custom'; from: string; to: string };

/** An inclusive range of days, as the database's functions take it. */
export interface DayRange {
  from: string;
  to: string;
}

export const DEFAULT_PERIOD: PeriodChoice = { kind: '7d' };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Noon UTC of a day: arithmetic on it never crosses a day boundary. */
function noonOf(day: string): number {
  return Date.parse(`${day}T12:00:00Z`);
}

/** Whether `value` is a real calendar day written 'YYYY-MM-DD' (not '2026-02-30'). */
export function isDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const date = new Date(noonOf(value));
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Whether `value` is a month written 'YYYY-MM'. */
export function isMonth(value: string): boolean {
  const match = MONTH.exec(value);
  return !!match && Number(match[2]) >= 1 && Number(match[2]) <= 12;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today in Sofia (or in `zone`), 'YYYY-MM-DD'. */
export function todayIn(zone: string = DASHBOARD_ZONE, now: Date = new Date()): string {
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(zone, format);
  }
  // en-CA writes the ISO order; the parts are read rather than trusting the separator
  const parts = format.formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** `day` moved by `days` (negative: back). */
export function addDays(day: string, days: number): string {
  return new Date(noonOf(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** How many days `range` holds, both ends counted. */
export function daysIn(range: DayRange): number {
  return Math.round((noonOf(range.to) - noonOf(range.from)) / DAY_MS) + 1;
}

/** The last day of a month 'YYYY-MM'. */
function lastDayOf(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m, 0, 12)).toISOString().slice(0, 10);
}

/** The months the picker offers, this one first: 'YYYY-MM'. */
export function recentMonths(today: string, count: number = MONTHS_OFFERED): string[] {
  const [year, month] = today.split('-').map(Number);
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(year, month - 1 - i, 1, 12));
    return date.toISOString().slice(0, 7);
  });
}

/**
 * The days a choice covers. The fixed lengths end today ('7 дни' is today and the six days before);
 * a month is its first to its last day, or to today while it is the current one (no days to come).
 */
export function rangeOf(choice: PeriodChoice, today: string): DayRange {
  switch (choice.kind) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case 'month': {
      const last = lastDayOf(choice.month);
      return { from: `${choice.month}-01`, to: last < today ? last : today };
    }
    case 'custom':
      return { from: choice.from, to: choice.to };
  }
}

/** The period the comparison is with: as many days, just before `range` (as the database computes `previous`). */
export function previousRange(range: DayRange): DayRange {
  const length = daysIn(range);
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

export type RangeField = 'from' | 'to';

/** What is wrong with a custom period, on the field to fix, in Bulgarian; null when it can be shown. */
export function customRangeProblem(from: string, to: string, today: string): { field: RangeField; message: string } | null {
  if (!from) return { field: 'from', message: 'Изберете началната дата.' };
  if (!isDay(from)) return { field: 'from', message: 'Въведете началната дата като ден, месец и година.' };
  if (!to) return { field: 'to', message: 'Изберете крайната дата.' };
  if (!isDay(to)) return { field: 'to', message: 'Въведете крайната дата като ден, месец и година.' };
  if (from > today) return { field: 'from', message: 'Началната дата не може да е в бъдещето.' };
  if (to > today) return { field: 'to', message: 'Крайната дата не може да е в бъдещето.' };
  if (from > to) return { field: 'to', message: 'Крайната дата не може да е преди началната.' };
  if (daysIn({ from, to }) > MAX_PERIOD_DAYS) return { field: 'to', message: `Периодът може да е най-много ${MAX_PERIOD_DAYS} дни.` };
  return null;
}

const SCOPE = 'dashboard';
const key = (name: string) => `${SCOPE}.${name}`;

/** The period the address names; anything unknown, malformed or out of bounds reads as the default. */
export function readPeriod(params: URLSearchParams, today: string): PeriodChoice {
  const kind = params.get(key('period')) ?? '';
  if (kind === 'today' || kind === '7d' || kind === '30d') return { kind };
  if (kind === 'month') {
    const month = params.get(key('month')) ?? '';
    return isMonth(month) && recentMonths(today).includes(month) ? { kind, month } : DEFAULT_PERIOD;
  }
  if (kind === 'custom') {
    const from = params.get(key('from')) ?? '';
    const to = params.get(key('to')) ?? '';
    return customRangeProblem(from, to, today) ? DEFAULT_PERIOD : { kind, from, to };
  }
  return DEFAULT_PERIOD;
}

/** The address with the period written into it: the default left out, other parameters kept. */
export function writePeriod(params: URLSearchParams, choice: PeriodChoice): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of ['period', 'month', 'from', 'to']) next.delete(key(name));
  if (choice.kind === DEFAULT_PERIOD.kind) return next;
  next.set(key('period'), choice.kind);
  if (choice.kind === 'month') next.set(key('month'), choice.month);
  if (choice.kind === 'custom') {
    next.set(key('from'), choice.from);
    next.set(key('to'), choice.to);
  }
  return next;
}
