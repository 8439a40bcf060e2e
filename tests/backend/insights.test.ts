// The site's measurement in the database (migration 20261129001100_insights.sql), against the
// stand-in: events through POST /rest/v1/rpc/track as the site's script sends them, stored with a
// keyed hash and never an address or a user agent; every bad, bot's, staff's or flooding event
// dropped with the same 204 and nothing stored; the day's salt out of every API role's reach; the
// dashboard's five functions for admins at aal2 only, their numbers exact over days seeded by
// hand, before and after the pg_cron job rolls them up (twice: the same); an inquiry and a booking
// without a first touch attributed to the same day's visit; retention of the raw events.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../supabase/local/jwt.ts';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET } from '../../supabase/local/keys.ts';
import { randomVisitorAddress, setIntakeLimits, startHarness, type Harness } from './harness.ts';
import { bookableDay } from './slots.ts';

const ADMIN = { sub: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' };
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const run = `${Date.now().toString(36)}${(process.pid % 1296).toString(36)}`;

let h: Harness;
const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => h.local.db.asSystem(async (tx) => (await tx.query<T>(text, params)).rows);
const noPersist = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/** A browser at a network, as the gateway reports it; with a token when signed in. */
function browser(address = randomVisitorAddress(), agent = CHROME, token?: string): SupabaseClient {
  const headers: Record<string, string> = { 'cf-connecting-ip': address, 'user-agent': agent };
  if (token) headers.Authorization = `Bearer ${token}`;
  return createClient(h.url, LOCAL_ANON_KEY, { ...noPersist, global: { headers } });
}
const event = (fields: Record<string, unknown>) => ({ n: 'pageview', p: '/', d: 'desktop', b: 'chrome', t: Date.now(), ...fields });
async function track(client: SupabaseClient, e: unknown) {
  const { status, error } = await client.rpc('track', { e } as never);
  expect(error).toBeNull();
  return status;
}
const stored = async () => (await sql<{ n: number }>('select count(*)::int as n from private.insight_events'))[0].n;
const intakeLimitsOf = async () =>
  Object.fromEntries((await sql<{ name: string; value: number }>(`select name, value from private.intake_limits where name like 'insight%'`)).map((r) => [r.name, r.value]));
const token = (claims: Record<string, unknown>) => {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ aud: 'authenticated', role: 'authenticated', iat: now, exp: now + 3600, ...claims }, LOCAL_JWT_SECRET);
};

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('events', () => {
  it('land with the day, the fields sent and a keyed hash of network and browser; no address, no user agent', async () => {
    const address = randomVisitorAddress();
    const path = `/blog/accepted-${run}`;
    const chrome = browser(address, CHROME);
    expect(await track(chrome, event({ p: path, r: 'www.google.com', u: { utm_source: 'newsletter', utm_campaign: 'есен' } }))).toBe(204);
    expect(await track(chrome, event({ n: 'wizard_open', p: path, d: 'mobile', b: 'safari' }))).toBe(204);
    expect(await track(browser(address, FIREFOX), event({ p: path, b: 'firefox' }))).toBe(204);
    const rows = await sql<Record<string, unknown> & { visitor: Uint8Array; today: string; expected: Uint8Array; whole: string }>(
      `select e.name, e.referrer, e.utm_source, e.utm_campaign, e.device, e.browser, e.visitor, e.day::text = private.sofia_today()::text as today,
              private.insight_visitor($2::inet, $3, private.vault_secret('insight_salt:' || to_char(private.sofia_today(), 'YYYY-MM-DD'))) as expected,
              row_to_json(e)::text as whole
         from private.insight_events e where e.path = $1 order by e.id`,
      [path, address, CHROME],
    );
    const fields = ['name', 'referrer', 'utm_source', 'utm_campaign', 'device', 'browser', 'today'];
    expect(rows.map((r) => Object.fromEntries(fields.map((f) => [f, r[f]])))).toEqual([
      { name: 'pageview', referrer: 'www.google.com', utm_source: 'newsletter', utm_campaign: 'есен', device: 'desktop', browser: 'chrome', today: true },
      { name: 'wizard_open', referrer: null, utm_source: null, utm_campaign: null, device: 'mobile', browser: 'safari', today: true },
      { name: 'pageview', referrer: null, utm_source: null, utm_campaign: null, device: 'desktop', browser: 'firefox', today: true },
    ]);
    const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
    expect(hex(rows[0].visitor)).toHaveLength(64);
    expect(hex(rows[0].visitor)).toBe(hex(rows[0].expected));
    expect(hex(rows[1].visitor)).toBe(hex(rows[0].visitor));
    expect(hex(rows[2].visitor)).not.toBe(hex(rows[0].visitor)); // another browser on the network: another visitor
    for (const r of rows) {
      expect(r.whole).not.toContain(address);
      expect(r.whole).not.toMatch(/Mozilla|Chrome\/|Firefox\//);
    }
  });

  it('a signed-in account that is not staff is a visitor like any other', async () => {
    const path = `/stranger-${run}`;
    const signedIn = browser(undefined, CHROME, token({ sub: 'b0000000-0000-4000-8000-0000000000a1', email: 'insights-stranger@example.net' }));
    expect(await track(signedIn, event({ p: path }))).toBe(204);
    expect(await sql('select name from private.insight_events where path = $1', [path])).toEqual([{ name: 'pageview' }]);
  });

  it('drops every bad, stale, bot’s and staff’s event with the same 204, storing nothing', async () => {
    const before = await stored();
    const visitor = browser();
    const bad: [string, unknown][] = [
      ['an unknown name', event({ n: 'purchase' })],
      ['an unknown key', event({ email: 'a@b.example' })],
      ['a path over 300', event({ p: `/${'a'.repeat(300)}` })],
      ['a path with a query', event({ p: '/?email=a@b.example' })],
      ['a path that is an address', event({ p: 'https://x.example/' })],
      ['a campaign over 100', event({ u: { utm_source: 'x', utm_campaign: 'c'.repeat(101) } })],
      ['an unknown tag', event({ u: { utm_id: '1' } })],
      ['an empty tag', event({ u: { utm_source: '' } })],
      ['a referrer that is an address', event({ r: 'https://google.com/search' })],
      ['a referrer over 120', event({ r: `${'a'.repeat(117)}.com` })],
      ['an unknown device', event({ d: 'watch' })],
      ['an unknown browser', event({ b: 'netscape' })],
      ['a time 6 minutes ahead', event({ t: Date.now() + 6 * 60_000 })],
      ['a time 61 minutes behind', event({ t: Date.now() - 61 * 60_000 })],
      ['no time', event({ t: undefined })],
      ['a time as text', event({ t: String(Date.now()) })],
      ['a list', [event({})]],
      ['nothing', null],
    ];
    for (const [label, e] of bad) expect(await track(visitor, e), label).toBe(204);
    const bots = [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
      'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Playwright/1.49',
      'curl/8.5.0',
      'python-requests/2.32.3',
      'Go-http-client/2.0',
      '',
    ];
    for (const agent of bots) expect(await track(browser(undefined, agent), event({})), agent).toBe(204);
    // staff signed in: the admin, with or without the second factor
    const staff = [token({ ...ADMIN, aal: 'aal1' }), token({ ...ADMIN, aal: 'aal2' })];
    for (const t of staff) expect(await track(browser(undefined, CHROME, t), event({}))).toBe(204);
    expect(await stored()).toBe(before);
    // and the same visitor's good event still lands
    expect(await track(visitor, event({ p: `/after-bad-${run}` }))).toBe(204);
    expect(await stored()).toBe(before + 1);
  });

  it('drops a flood past the visitor’s and the network’s limits, and nobody else’s events', async () => {
    expect(
      await sql(`select name, value from private.intake_limits where name like 'insight%' order by name`),
    ).toEqual([
      { name: 'insight_events_per_network_per_day', value: 10000 },
      { name: 'insight_events_per_network_per_minute', value: 600 },
      { name: 'insight_events_per_visitor_per_day', value: 1000 },
      { name: 'insight_events_per_visitor_per_minute', value: 60 },
    ]);
    const count = async (p: string) => (await sql<{ n: number }>('select count(*)::int as n from private.insight_events where path = $1', [p]))[0].n;
    /** A burst within one minute of the clock (the counts are per minute): tried again in the next one if it straddled two. */
    async function burst(send: (path: string) => Promise<void>): Promise<number> {
      for (let attempt = 0; ; attempt++) {
        const minute = Math.floor(Date.now() / 60_000);
        const path = `/flood-${run}-${attempt}-${Math.random().toString(36).slice(2, 8)}`;
        await send(path);
        if (Math.floor(Date.now() / 60_000) === minute || attempt === 2) return count(path);
      }
    }
    const kept = await intakeLimitsOf();
    try {
      await setIntakeLimits(h.local.db, { insight_events_per_visitor_per_minute: 5, insight_events_per_network_per_minute: 8 });
      // one browser: 5 a minute
      expect(
        await burst(async (path) => {
          const flood = browser();
          for (let i = 0; i < 9; i++) expect(await track(flood, event({ p: path }))).toBe(204);
        }),
      ).toBe(5);
      // many browsers behind one network (an office): 8 a minute together; another network still counts
      expect(
        await burst(async (path) => {
          const office = randomVisitorAddress();
          for (const agent of [CHROME, FIREFOX, SAFARI]) for (let i = 0; i < 4; i++) await track(browser(office, agent), event({ p: path }));
          expect(await track(browser(undefined, FIREFOX), event({ p: path }))).toBe(204);
        }),
      ).toBe(9);
      // and a day's
      await setIntakeLimits(h.local.db, { insight_events_per_visitor_per_minute: 60, insight_events_per_visitor_per_day: 3 });
      const daily = browser();
      const path = `/flood-day-${run}`;
      for (let i = 0; i < 5; i++) expect(await track(daily, event({ p: path }))).toBe(204);
      expect(await count(path)).toBe(3);
    } finally {
      await setIntakeLimits(h.local.db, kept);
    }
  });
});

describe('the day’s salt', () => {
  it('is in Vault for today only, and no API role reads it, an admin included', async () => {
    const today = (await sql<{ d: string }>(`select to_char(private.sofia_today(), 'YYYY-MM-DD') as d`))[0].d;
    expect(await sql(`select name from vault.secrets where name like 'insight\\_salt:%'`)).toEqual([{ name: `insight_salt:${today}` }]);
    const admin = h.as(ADMIN);
    for (const client of [h.anon, browser(), h.as({ sub: 'b0000000-0000-4000-8000-0000000000a2', email: 'salt-stranger@example.net' }), admin]) {
      expect((await client.schema('vault' as never).from('secrets').select('*')).data ?? null).toBeNull();
      expect((await client.schema('vault' as never).from('decrypted_secrets').select('*')).data ?? null).toBeNull();
      expect((await client.schema('private' as never).from('insight_events').select('*')).data ?? null).toBeNull();
      for (const fn of ['vault_secret', 'insight_salt', 'insight_visitor']) {
        const { data, error } = await client.rpc(fn as never, { secret_name: `insight_salt:${today}` } as never);
        expect(error, fn).not.toBeNull();
        expect(data).toBeNull();
      }
    }
    const rights = await sql<{ role: string; secrets: boolean; decrypted: boolean; read: boolean; salt: boolean; events: boolean }>(
      `select r as role, has_table_privilege(r, 'vault.secrets', 'select') as secrets, has_table_privilege(r, 'vault.decrypted_secrets', 'select') as decrypted,
              has_function_privilege(r, 'private.vault_secret(text)', 'execute') as read, has_function_privilege(r, 'private.insight_salt(date)', 'execute') as salt,
              has_table_privilege(r, 'private.insight_events', 'select') as events
         from unnest(array['anon', 'authenticated', 'service_role']) r order by r`,
    );
    expect(rights.every((r) => !r.secrets && !r.decrypted && !r.read && !r.salt && !r.events)).toBe(true);
  });
});


describe('the dashboard', () => {
  // two days seeded by hand, well away from the seed's leads (1, 3, 8, 20 and 30 days old)
  const D1 = 13;
  const D2 = 12;
  const campaign = `есен-${run}`;
  let day: (ago: number) => string;
  let admin: SupabaseClient;

  async function seed(ago: number, who: string, name: string, path: string, minute: number, tags: { referrer?: string; utm_source?: string; utm_campaign?: string } = {}) {
    await sql(
      `insert into private.insight_events (at, day, name, path, referrer, utm_source, utm_campaign, visitor)
       values (private.sofia_start(private.sofia_today() - $1::int) + make_interval(mins => $2), private.sofia_today() - $1::int, $3, $4, $5, $6, $7,
               extensions.digest($8, 'sha256'))`,
      [ago, 600 + minute, name, path, tags.referrer ?? null, tags.utm_source ?? null, tags.utm_campaign ?? null, `${who}-${run}`],
    );
  }
  const at = (ago: number, hours: number) => `private.sofia_start(private.sofia_today() - ${ago}) + interval '${hours} hours'`;
  async function lead(ago: number, touch: Record<string, string> | null, status = 'new', offer: number | null = null) {
    const first = touch && { ...touch, landing_path: '/', at: new Date(Date.now() - ago * 86_400_000).toISOString() };
    await sql(
      `insert into public.contact_submissions (name, email, company, message, purpose, contact_method, status, offer_amount, first_touch, created_at)
       values ('Табло Тест', $1, 'Табло ООД', 'Искаме автоматизация.', 'custom', 'email', $2, $3, $4, ${at(ago, 15)})`,
      [`insights-${run}-${ago}-${status}@example.com`, status, offer, first],
    );
  }
  const call = async (client: SupabaseClient, fn: string, args: Record<string, unknown>) => {
    const { data, error } = await client.rpc(fn as never, args as never);
    return { data: data as never, error };
  };
  const range = () => ({ from_day: day(D1), to_day: day(D2) });

  beforeAll(async () => {
    const [{ today }] = await sql<{ today: string }>(`select private.sofia_today()::text as today`);
    day = (ago) => new Date(Date.parse(`${today}T12:00:00Z`) - ago * 86_400_000).toISOString().slice(0, 10);
    admin = h.as(ADMIN);
    // day 1: A came by the campaign and sent the wizard (a later visit from facebook changes nothing);
    // B came from Google and gave up at step 2; C came directly and opened the booking dialog
    await seed(D1, 'a', 'pageview', '/', 0, { utm_source: 'newsletter', utm_campaign: campaign });
    await seed(D1, 'a', 'pageview', '/blog/post-one', 1);
    for (const [i, step] of ['wizard_open', 'wizard_step_2', 'wizard_step_3', 'inquiry_sent'].entries()) await seed(D1, 'a', step, '/blog/post-one', 2 + i);
    await seed(D1, 'a', 'pageview', '/kontakti', 180, { referrer: 'facebook.com' });
    await seed(D1, 'b', 'pageview', '/blog/post-one', 60, { referrer: 'www.google.com' });
    await seed(D1, 'b', 'pageview', '/uslugi', 62);
    await seed(D1, 'b', 'wizard_open', '/uslugi', 63);
    await seed(D1, 'b', 'wizard_step_2', '/uslugi', 64);
    await seed(D1, 'c', 'pageview', '/', 120);
    await seed(D1, 'c', 'booking_open', '/', 121);
    await seed(D1, 'c', 'booking_day', '/', 122);
    // day 2: A again (another day, another hash), from Google; D by the campaign, who called
    await seed(D2, 'a2', 'pageview', '/', 0, { referrer: 'google.com' });
    await seed(D2, 'd', 'pageview', '/blog/post-two', 30, { utm_source: 'newsletter', utm_campaign: campaign });
    await seed(D2, 'd', 'phone_click', '/blog/post-two', 31);
    // the leads: the campaign's inquiry won for 1,234.50 EUR, one from Google, a booking without a first touch,
    // and an inquiry the day before the range (the previous period)
    await lead(D1, { utm_source: 'newsletter', utm_campaign: campaign }, 'won', 1234.5);
    await lead(D2, { referrer: 'www.google.com' });
    await lead(D1 + 1, null);
    await sql(
      `insert into public.appointments (client_name, client_email, preferred_date, status, created_at)
       values ('Табло Тест', $1, date_trunc('minute', now()) - interval '3 days 7 minutes', 'cancelled', ${at(D1, 16)})`,
      [`insights-booking-${run}@example.com`],
    );
    // the newsletter: one confirmed on day 1 who left on day 2, one confirmed on day 2 (its sign-up)
    await sql(
      `with s as (
         insert into public.newsletter_subscribers (email, mailbox, status, confirmed_at, unsubscribed_at, unsubscribed_via, created_at)
         values ($1, $1, 'unsubscribed', ${at(D1, 10)}, ${at(D2, 12)}, 'link', ${at(D1 + 5, 9)}),
                ($2, $2, 'confirmed', ${at(D2, 9)}, null, null, ${at(D2, 8)})
         returning id, created_at)
       insert into public.newsletter_consents (subscriber_id, given_at, wording, wording_version)
       select s.id, s.created_at, 'Искам бюлетина', '2026-12' from s`,
      [`left-${run}@example.com`, `joined-${run}@example.com`],
    );
  });

  it('refuses everyone but an administrator at aal2 (42501)', async () => {
    const made: string[] = [];
    try {
      const people: { sub: string; email: string }[] = [];
      for (const role of ['author', 'consultant'] as const) {
        const username = `insights-${role}-${run}`;
        const { data, error } = await h.service
          .from('blog_users')
          .insert({ username, email: `${username}@example.com`, password: 'insights-password-2026', full_name: `Табло ${role}`, is_active: true, role })
          .select('id')
          .single();
        expect(error).toBeNull();
        made.push(data!.id);
        people.push({ sub: data!.id, email: `${username}@example.com` });
      }
      const refused = [h.anon, h.as({ ...people[0] }), h.as({ ...people[1] }), h.as({ ...ADMIN, aal: 'aal1' })];
      const calls: [string, Record<string, unknown>][] = [
        ['insights_summary', range()],
        ['insights_top', { ...range(), dimension: 'page' }],
        ['insights_funnels', range()],
        ['insights_attribution', range()],
        ['insights_newsletter', range()],
      ];
      for (const client of refused) {
        for (const [fn, args] of calls) {
          const { data, error } = await call(client, fn, args);
          expect(error?.code, fn).toBe('42501');
          expect(data).toBeNull();
        }
      }
      for (const [fn, args] of calls) expect((await call(admin, fn, args)).error, fn).toBeNull();
      // and a period that is no period, in words
      const reversed = await call(admin, 'insights_summary', { from_day: day(D2), to_day: day(D1) });
      expect(reversed.error).toMatchObject({ code: '22023', message: 'Периодът е невалиден.' });
      expect((await call(admin, 'insights_top', { ...range(), dimension: 'visitor' })).error?.code).toBe('22023');
    } finally {
      await h.service.from('blog_users').delete().in('id', made);
      await h.service.from('content_bin').delete().in('record_id', made);
    }
  });

  /** Every function's answer over the two days, as the panel asks. */
  async function answers() {
    const out: Record<string, unknown> = {};
    for (const [name, fn, args] of [
      ['summary', 'insights_summary', range()],
      ['pages', 'insights_top', { ...range(), dimension: 'page' }],
      ['posts', 'insights_top', { ...range(), dimension: 'post' }],
      ['sources', 'insights_top', { ...range(), dimension: 'source' }],
      ['campaigns', 'insights_top', { ...range(), dimension: 'campaign' }],
      ['two', 'insights_top', { ...range(), dimension: 'page', max_rows: 2 }],
      ['funnels', 'insights_funnels', range()],
      ['attribution', 'insights_attribution', range()],
      ['newsletter', 'insights_newsletter', range()],
    ] as const) {
      const { data, error } = await call(admin, fn, args);
      expect(error, name).toBeNull();
      out[name] = data;
    }
    return out;
  }

  const rollups = () =>
    sql(
      `select 'page' as t, day::text, path as key, '' as campaign, visitors, pageviews from private.insight_daily_pages where day between $1 and $2
       union all select 'source', day::text, source, campaign, visitors, pageviews from private.insight_daily_sources where day between $1 and $2
       union all select name, day::text, source, campaign, visitors, count from private.insight_daily_events where day between $1 and $2
       order by 1, 2, 3, 4`,
      [day(D1), day(D2)],
    );

  it('answers exactly from the raw events, and the same once the job has rolled the days up, twice', async () => {
    const [{ base }] = await sql<{ base: number }>(
      `select count(*)::int as base from public.newsletter_subscribers
        where confirmed_at < private.sofia_start($1::date) and coalesce(least(unsubscribed_at, suppressed_at), 'infinity') >= private.sofia_start($1::date)`,
      [day(D1)],
    );
    const expected = {
      summary: {
        visitors: 5, pageviews: 8, inquiries: 2, bookings: 1, signups: 1,
        days: [{ day: day(D1), visitors: 3, pageviews: 6 }, { day: day(D2), visitors: 2, pageviews: 2 }],
        previous: { visitors: 0, pageviews: 0, inquiries: 1, bookings: 0, signups: 0 },
      },
      pages: [
        { key: '/', visitors: 3, pageviews: 3 },
        { key: '/blog/post-one', visitors: 2, pageviews: 2 },
        { key: '/blog/post-two', visitors: 1, pageviews: 1 },
        { key: '/kontakti', visitors: 1, pageviews: 1 },
        { key: '/uslugi', visitors: 1, pageviews: 1 },
      ],
      posts: [{ key: '/blog/post-one', visitors: 2, pageviews: 2 }, { key: '/blog/post-two', visitors: 1, pageviews: 1 }],
      sources: [
        { key: 'newsletter', visitors: 2, pageviews: 4 },
        { key: 'google.com', visitors: 2, pageviews: 3 },
        { key: '(директно)', visitors: 1, pageviews: 1 },
      ],
      campaigns: [{ key: campaign, visitors: 2, pageviews: 4 }],
      two: [{ key: '/', visitors: 3, pageviews: 3 }, { key: '/blog/post-one', visitors: 2, pageviews: 2 }],
      funnels: {
        wizard: [{ step: 'wizard_open', visitors: 2 }, { step: 'wizard_step_2', visitors: 2 }, { step: 'wizard_step_3', visitors: 1 }, { step: 'inquiry_sent', visitors: 1 }],
        booking: [{ step: 'booking_open', visitors: 1 }, { step: 'booking_day', visitors: 1 }, { step: 'booking_time', visitors: 0 }, { step: 'booking_made', visitors: 0 }],
      },
      attribution: [
        { source: 'newsletter', campaign, visitors: 2, inquiries: 1, bookings: 0, conversion: 0.5, won: 1, won_eur: 1234.5 },
        { source: 'google.com', campaign: null, visitors: 2, inquiries: 1, bookings: 0, conversion: 0.5, won: 0, won_eur: 0 },
        { source: '(директно)', campaign: null, visitors: 1, inquiries: 0, bookings: 1, conversion: 1, won: 0, won_eur: 0 },
      ],
      newsletter: { days: [{ day: day(D1), confirmed: base + 1, unsubscribed: 0 }, { day: day(D2), confirmed: base + 1, unsubscribed: 1 }] },
    };
    expect(await sql('select day from private.insight_rollups where day between $1 and $2', [day(D1), day(D2)])).toEqual([]);
    expect(await answers()).toEqual(expected);

    // as pg_cron runs it; an old salt and an old flood count go with it
    await sql(`select private.set_vault_secret('insight_salt:' || to_char(private.sofia_today() - 1, 'YYYY-MM-DD'), 'old')`);
    await sql(`insert into private.insight_floods (key, day, minute, minute_count, day_count) values (extensions.gen_random_bytes(32), private.sofia_today() - 1, now() - interval '1 day', 1, 1)`);
    const [job] = await sql<{ schedule: string; command: string }>(`select schedule, command from cron.job where jobname = 'insights'`);
    expect(job).toEqual({ schedule: '5 21,22 * * *', command: 'select private.roll_up_insights()' });
    const [{ rolled }] = await sql<{ rolled: number }>(`${job.command} as rolled`);
    expect(rolled).toBe(2);
    expect(await sql(`select day::text, events from private.insight_rollups where day between $1 and $2 order by day`, [day(D1), day(D2)])).toEqual([
      { day: day(D1), events: 14 },
      { day: day(D2), events: 3 },
    ]);
    expect(await sql(`select name from vault.secrets where name like 'insight\\_salt:%' and name < 'insight_salt:' || to_char(private.sofia_today(), 'YYYY-MM-DD')`)).toEqual([]);
    expect(await sql(`select 1 from private.insight_floods where day < private.sofia_today()`)).toEqual([]);
    const rolledUp = await rollups();
    expect(rolledUp.length).toBeGreaterThan(10);
    // a day rolled up again from the same events gives the same rows
    await sql('select private.roll_up_insight_day($1::date)', [day(D1)]);
    expect(await rollups()).toEqual(rolledUp);
    // the raw events of those days no longer matter: the answers come from the rollups
    await sql('delete from private.insight_events where day between $1 and $2', [day(D1), day(D2)]);
    expect(await answers()).toEqual(expected);

    // the job again: nothing to do, nothing changes
    expect((await sql<{ rolled: number }>(`${job.command} as rolled`))[0].rolled).toBe(0);
    expect(await rollups()).toEqual(rolledUp);
    expect(await answers()).toEqual(expected);
  });
});

describe('an inquiry or a booking sent without a first touch', () => {
  const inquiry = (email: string) => ({
    name: 'Посетител Тест', email, phone: '', company: 'Посетител ООД', message: 'Искаме автоматизация.', purpose: 'custom', contact_method: 'email',
  });
  const touchOf = async (table: string, column: string, email: string) =>
    (await sql<{ first_touch: Record<string, unknown> | null }>(`select first_touch from public.${table} where ${column} = $1`, [email]))[0]?.first_touch;

  it('takes the source of the same visitor’s visit today, "via": "visit"; the campaign gets the lead and its EUR', async () => {
    const address = randomVisitorAddress();
    const visitor = browser(address, SAFARI);
    const winter = `зима-${run}`;
    expect(await track(visitor, event({ p: '/uslugi', u: { utm_source: 'linkedin', utm_medium: 'social', utm_campaign: winter } }))).toBe(204);
    expect(await track(visitor, event({ p: '/kontakti', r: 'facebook.com' }))).toBe(204);

    const email = `visit-${run}@example.com`;
    expect((await visitor.from('contact_submissions').insert(inquiry(email))).error).toBeNull();
    const filled = {
      utm_source: 'linkedin', utm_medium: 'social', utm_campaign: winter, landing_path: '/uslugi',
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/), via: 'visit',
    };
    expect(await touchOf('contact_submissions', 'email', email)).toEqual(filled);
    const bookingEmail = `visit-booking-${run}@example.com`;
    const booked = await visitor.from('appointments').insert({ client_name: 'Посетител Тест', client_email: bookingEmail, preferred_date: bookableDay(25).at(11) });
    expect(booked.error).toBeNull();
    expect(await touchOf('appointments', 'client_email', bookingEmail)).toEqual(filled);

    // another browser on the same network had no visit; a touch the browser kept stays as sent
    const unseen = `unseen-${run}@example.com`;
    expect((await browser(address, FIREFOX).from('contact_submissions').insert(inquiry(unseen))).error).toBeNull();
    expect(await touchOf('contact_submissions', 'email', unseen)).toBeNull();
    const kept = `kept-${run}@example.com`;
    const touch = { utm_source: 'google', landing_path: '/blog', at: new Date(Date.now() - 86_400_000).toISOString() };
    expect((await visitor.from('contact_submissions').insert({ ...inquiry(kept), first_touch: touch })).error).toBeNull();
    expect(await touchOf('contact_submissions', 'email', kept)).toEqual(touch);

    // won: its EUR under its campaign, from today's raw events
    await sql(`update public.contact_submissions set status = 'won', offer_amount = 500 where email = $1`, [email]);
    const [{ today }] = await sql<{ today: string }>(`select private.sofia_today()::text as today`);
    const { data, error } = await h.as(ADMIN).rpc('insights_attribution' as never, { from_day: today, to_day: today } as never);
    expect(error).toBeNull();
    expect((data as { campaign: string | null }[]).find((r) => r.campaign === winter)).toEqual({
      source: 'linkedin', campaign: winter, visitors: 1, inquiries: 1, bookings: 1, conversion: 2, won: 1, won_eur: 500,
    });
  });
});

describe('retention', () => {
  it('deletes the raw events past the period of insight_events once their day is rolled up; the counts stay', async () => {
    const path = `/retention-${run}`;
    const old = async (ago: number) =>
      (
        await sql<{ id: string }>(
          `insert into private.insight_events (at, day, name, path, visitor)
           values (private.sofia_start(private.sofia_today() - $1::int) + interval '9 hours', private.sofia_today() - $1::int, 'pageview', $2, extensions.gen_random_bytes(32))
           returning id::text`,
          [ago, path],
        )
      )[0].id;
    const older = await old(35);
    const newer = await old(25);
    await sql('select private.roll_up_insights()');
    const exists = async (id: string) => (await sql('select 1 from private.insight_events where id = $1::bigint', [id])).length === 1;
    const [job] = await sql<{ command: string }>(`select command from cron.job where jobname = 'retention'`);
    await sql(job.command);
    expect([await exists(older), await exists(newer)]).toEqual([false, true]);
    const [run1] = await sql<{ removed: number }>(`select removed from private.retention_runs where kind = 'insight_events' order by id desc limit 1`);
    expect(run1.removed).toBe(1);
    await sql(`update public.retention_settings set days = 20 where kind = 'insight_events'`);
    try {
      await sql(job.command);
      expect(await exists(newer)).toBe(false);
    } finally {
      await sql(`update public.retention_settings set days = 30 where kind = 'insight_events'`);
    }
    expect(await sql(`select day::text, visitors, pageviews from private.insight_daily_pages where path = $1 order by day`, [path])).toHaveLength(2);
  });
});
