// 'Табло''s answers for the component tests: the database's insights_* functions (their shapes as
// migration 20261129001100_insights.sql answers them), each request recorded with its body.
import { http, HttpResponse } from 'msw';
import { rest, server } from './msw';

export interface InsightsCall {
  fn: string;
  body: { from_day: string; to_day: string; dimension?: string; max_rows?: number };
}

const totals = (n: Partial<Record<'visitors' | 'pageviews' | 'inquiries' | 'bookings' | 'signups', number>> = {}) => ({
  visitors: 0,
  pageviews: 0,
  inquiries: 0,
  bookings: 0,
  signups: 0,
  ...n,
});

/** A week's figures (23–29 November 2026, the default '7 дни' on the tests' clock), a day of it without visits. */
export const SAMPLE = {
  insights_summary: {
    ...totals({ visitors: 12345, pageviews: 40210, inquiries: 7, bookings: 3, signups: 2 }),
    days: [
      { day: '2026-11-23', visitors: 1200, pageviews: 3400 },
      { day: '2026-11-24', visitors: 2345, pageviews: 8010 },
      // the 25th is left out: a day without visits
      { day: '2026-11-26', visitors: 1800, pageviews: 5200 },
      { day: '2026-11-27', visitors: 2500, pageviews: 8100 },
      { day: '2026-11-28', visitors: 2400, pageviews: 7500 },
      { day: '2026-11-29', visitors: 2100, pageviews: 8000 },
    ],
    previous: totals({ visitors: 10000, pageviews: 50000, inquiries: 7, bookings: 0, signups: 4 }),
  },
  insights_top: {
    page: [
      { key: '/', visitors: 900, pageviews: 1500 },
      { key: '/blog/avtomatizatsia', visitors: 300, pageviews: 420 },
    ],
    post: [{ key: '/blog/avtomatizatsia', visitors: 300, pageviews: 420 }],
    source: [
      { key: 'newsletter', visitors: 500, pageviews: 900 },
      { key: '(директно)', visitors: 400, pageviews: 600 },
    ],
    campaign: [],
  } as Record<string, unknown[]>,
  insights_funnels: {
    wizard: [
      { step: 'wizard_open', visitors: 10 },
      { step: 'wizard_step_2', visitors: 4 },
      { step: 'wizard_step_3', visitors: 3 },
      { step: 'inquiry_sent', visitors: 1 },
    ],
    booking: [
      { step: 'booking_open', visitors: 5 },
      { step: 'booking_day', visitors: 5 },
      { step: 'booking_time', visitors: 0 },
      // booking_made left out: nobody booked
    ],
  },
  insights_attribution: [
    { source: 'newsletter', campaign: 'esen-2026', visitors: 200, inquiries: 10, bookings: 0, conversion: 0.05, won: 2, won_eur: 1234.5 },
    { source: '(директно)', campaign: null, visitors: 400, inquiries: 1, bookings: 1, conversion: 0.005, won: 0, won_eur: 0 },
    // a lead whose source sent no measured visit in the period: no conversion to compute
    { source: 'facebook.com', campaign: null, visitors: 0, inquiries: 1, bookings: 0, conversion: null, won: 1, won_eur: 800 },
  ],
  insights_newsletter: {
    days: [
      { day: '2026-11-23', confirmed: 120, unsubscribed: 0 },
      { day: '2026-11-24', confirmed: 121, unsubscribed: 1 },
      { day: '2026-11-25', confirmed: 121, unsubscribed: 0 },
      { day: '2026-11-26', confirmed: 123, unsubscribed: 2 },
      { day: '2026-11-27', confirmed: 125, unsubscribed: 0 },
      { day: '2026-11-28', confirmed: 125, unsubscribed: 0 },
      { day: '2026-11-29', confirmed: 126, unsubscribed: 1 },
    ],
  },
};

type Answer = (call: InsightsCall) => Response | Promise<Response>;

/**
 * Answers every insights_* function with SAMPLE (or `answers[fn]`, a function of the call) and
 * records the calls in order.
 */
export function answerInsights(answers: Partial<Record<keyof typeof SAMPLE, Answer>> = {}): InsightsCall[] {
  const calls: InsightsCall[] = [];
  for (const fn of Object.keys(SAMPLE) as (keyof typeof SAMPLE)[]) {
    server.use(
      http.post(rest(`rpc/${fn}`), async ({ request }) => {
        const call = { fn, body: (await request.json()) as InsightsCall['body'] };
        calls.push(call);
        const own = answers[fn];
        if (own) return own(call);
        const sample = SAMPLE[fn];
        return HttpResponse.json(fn === 'insights_top' ? (sample as Record<string, unknown[]>)[call.body.dimension ?? ''] ?? [] : sample);
      }),
    );
  }
  return calls;
}

/** The ranges the summary was asked for, in order: 'from…to'. */
export const summaryRanges = (calls: InsightsCall[]) => calls.filter((c) => c.fn === 'insights_summary').map((c) => `${c.body.from_day}…${c.body.to_day}`);
