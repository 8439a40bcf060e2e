/*
 * What the database's dashboard functions answer (jsonb, migration 20261129001100_insights.sql),
 * read into plain types, free of React. An answer of another shape is an error the section shows,
 * never a chart of made-up zeros; a day the answer leaves out is a day with nothing (the chart and
 * its table then have every day of the period).
 */
import { addDays, daysIn, type DayRange } from './period';

export interface Totals {
  visitors: number;
  pageviews: number;
  inquiries: number;
  bookings: number;
  signups: number;
}

export interface TrafficDay {
  day: string;
  visitors: number;
  pageviews: number;
}

/** insights_summary: the period's totals, each day's visitors and page views, and the totals of the period before. */
export interface Summary extends Totals {
  days: TrafficDay[];
  previous: Totals;
}

export const TOP_DIMENSIONS = ['page', 'post', 'source', 'campaign'] as const;
export type TopDimension = (typeof TOP_DIMENSIONS)[number];

/** insights_top: one page, post, source or campaign, by visitors. */
export interface TopRow {
  key: string;
  visitors: number;
  pageviews: number;
}

export const WIZARD_STEPS = ['wizard_open', 'wizard_step_2', 'wizard_step_3', 'inquiry_sent'] as const;
export const BOOKING_STEPS = ['booking_open', 'booking_day', 'booking_time', 'booking_made'] as const;

export interface FunnelStep {
  step: string;
  visitors: number;
}

/** insights_funnels: the visitors who reached each step, in the steps' order. */
export interface Funnels {
  wizard: FunnelStep[];
  booking: FunnelStep[];
}

/** insights_attribution: a source and campaign with its visitors and what its leads became. */
export interface AttributionRow {
  source: string;
  campaign: string | null;
  visitors: number;
  inquiries: number;
  bookings: number;
  /** (inquiries + bookings) / visitors as a fraction, 0.05 for 5%; null without visitors (leads only). */
  conversion: number | null;
  won: number;
  wonEur: number;
}

export interface NewsletterDay {
  day: string;
  /** Confirmed subscribers at the end of the day. */
  confirmed: number;
  /** Unsubscribed that day. */
  unsubscribed: number;
}

/** The database answered something the dashboard cannot read. */
export class UnexpectedAnswerError extends Error {
  constructor(what: string) {
    super(`Неочакван отговор на сървъра (${what}).`);
    this.name = 'UnexpectedAnswerError';
  }
}

type Fields = Record<string, unknown>;

function fields(value: unknown, what: string): Fields {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new UnexpectedAnswerError(what);
  return value as Fields;
}

function list(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new UnexpectedAnswerError(what);
  return value;
}

/** A count or an amount; jsonb numbers come as numbers, a numeric as its text. */
function num(value: unknown, what: string): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) throw new UnexpectedAnswerError(what);
  return n;
}

function text(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new UnexpectedAnswerError(what);
  return value;
}

function totals(value: unknown, what: string): Totals {
  const f = fields(value, what);
  return {
    visitors: num(f.visitors, `${what}.visitors`),
    pageviews: num(f.pageviews, `${what}.pageviews`),
    inquiries: num(f.inquiries, `${what}.inquiries`),
    bookings: num(f.bookings, `${what}.bookings`),
    signups: num(f.signups, `${what}.signups`),
  };
}

/** Every day of `range` in order, each the answer's or `empty(day)` where it has none. */
function everyDay<T extends { day: string }>(range: DayRange, rows: T[], empty: (day: string, before: T | undefined) => T): T[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const days: T[] = [];
  for (let i = 0; i < daysIn(range); i++) {
    const day = addDays(range.from, i);
    days.push(byDay.get(day) ?? empty(day, days.at(-1)));
  }
  return days;
}

export function readSummary(value: unknown, range: DayRange): Summary {
  const f = fields(value, 'summary');
  const days = list(f.days, 'summary.days').map((d) => {
    const day = fields(d, 'summary.days[]');
    return { day: text(day.day, 'summary.days[].day'), visitors: num(day.visitors, 'summary.days[].visitors'), pageviews: num(day.pageviews, 'summary.days[].pageviews') };
  });
  return {
    ...totals(f, 'summary'),
    days: everyDay(range, days, (day) => ({ day, visitors: 0, pageviews: 0 })),
    previous: totals(f.previous, 'summary.previous'),
  };
}

export function readTop(value: unknown): TopRow[] {
  return list(value, 'top').map((r) => {
    const row = fields(r, 'top[]');
    return { key: text(row.key, 'top[].key'), visitors: num(row.visitors, 'top[].visitors'), pageviews: num(row.pageviews, 'top[].pageviews') };
  });
}

/** A funnel's steps in their order; a step the answer leaves out was reached by nobody. */
function steps(value: unknown, order: readonly string[], what: string): FunnelStep[] {
  const reached = new Map(
    list(value, what).map((s) => {
      const step = fields(s, `${what}[]`);
      return [text(step.step, `${what}[].step`), num(step.visitors, `${what}[].visitors`)] as const;
    }),
  );
  return order.map((step) => ({ step, visitors: reached.get(step) ?? 0 }));
}

export function readFunnels(value: unknown): Funnels {
  const f = fields(value, 'funnels');
  return { wizard: steps(f.wizard, WIZARD_STEPS, 'funnels.wizard'), booking: steps(f.booking, BOOKING_STEPS, 'funnels.booking') };
}

export function readAttribution(value: unknown): AttributionRow[] {
  return list(value, 'attribution').map((r) => {
    const row = fields(r, 'attribution[]');
    const what = (name: string) => `attribution[].${name}`;
    return {
      source: text(row.source, what('source')),
      campaign: row.campaign === null || row.campaign === undefined ? null : text(row.campaign, what('campaign')),
      visitors: num(row.visitors, what('visitors')),
      inquiries: num(row.inquiries, what('inquiries')),
      bookings: num(row.bookings, what('bookings')),
      conversion: row.conversion === null || row.conversion === undefined ? null : num(row.conversion, what('conversion')),
      won: num(row.won, what('won')),
      wonEur: num(row.won_eur, what('won_eur')),
    };
  });
}

export function readNewsletter(value: unknown, range: DayRange): NewsletterDay[] {
  const f = fields(value, 'newsletter');
  const days = list(f.days, 'newsletter.days').map((d) => {
    const day = fields(d, 'newsletter.days[]');
    return {
      day: text(day.day, 'newsletter.days[].day'),
      confirmed: num(day.confirmed, 'newsletter.days[].confirmed'),
      unsubscribed: num(day.unsubscribed, 'newsletter.days[].unsubscribed'),
    };
  });
  // a day left out keeps the total of the day before and lost nobody
  return everyDay(range, days, (day, before) => ({ day, confirmed: before?.confirmed ?? 0, unsubscribed: 0 }));
}
