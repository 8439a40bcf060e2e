// `npm run bench:insights`: the site's measurement at a year's scale on the stand-in. Seeds
// 1,000,000 events over 365 days inside the database (generate_series: raw events for every day,
// the finished days rolled up by the job's own function, then the raw events older than 30 days
// deleted as the retention job does), with a year of inquiries, bookings and newsletter
// subscribers; then asks each dashboard function as the admin panel does (an admin at aal2,
// POST /rest/v1/rpc/…) over today, 7 days, 30 days, the last calendar month and a year, and
// measures ingestion: concurrent visitors calling /rest/v1/rpc/track, each request from another
// forwarded address. Prints both; exits 1 past the issue's bounds (300 ms p95, 200 events/s).
//
//   npm run bench:insights [-- --events=1000000 --iterations=20 --clients=20 --seconds=10]
import '../../tests/backend/node-websocket.ts';
import { signJwt } from '../../supabase/local/jwt.ts';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET } from '../../supabase/local/keys.ts';
import { startLocalSupabase } from '../../supabase/local/server.ts';
import { ensureSecondFactor } from '../../tests/backend/harness.ts';

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const EVENTS = Number(option('events') ?? 1_000_000);
const ITERATIONS = Number(option('iterations') ?? 20);
const CLIENTS = Number(option('clients') ?? 20);
const SECONDS = Number(option('seconds') ?? 10);
const MAX_P95_MS = 300;
const MIN_EVENTS_PER_SECOND = 200;
const ADMIN = { sub: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' };
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
];

// One day's events: ~2.6 per visitor; the visitor's first is the landing page view with its source.
// Sources by the visitor's hash: direct 35 %, Google 30 %, a Facebook campaign 10 %, the newsletter's
// monthly campaign 8 %, LinkedIn 7 %, Bing 5 %, other sites 5 %.
const SEED_EVENTS = `
insert into private.insight_events (at, day, name, path, referrer, utm_source, utm_medium, utm_campaign, device, browser, visitor)
select private.sofia_start(d.day) + make_interval(secs => 25200 + (v.n * 54000 / v.visitors) + v.seq * 90),
       d.day, v.name, v.path,
       case when v.seq = 0 then case when v.src between 35 and 64 then 'www.google.com' when v.src between 83 and 89 then 'www.linkedin.com'
                                     when v.src between 90 and 94 then 'www.bing.com' when v.src >= 95 then 'blog' || (v.src - 94) || '.example' end end,
       case when v.seq = 0 then case when v.src between 65 and 74 then 'facebook' when v.src between 75 and 82 then 'newsletter' end end,
       case when v.seq = 0 then case when v.src between 65 and 74 then 'paid' when v.src between 75 and 82 then 'email' end end,
       case when v.seq = 0 then case when v.src between 65 and 74 then 'fb-' || (1 + v.src % 4) when v.src between 75 and 82 then 'бюлетин-' || to_char(d.day, 'YYYY-MM') end end,
       (array['mobile', 'mobile', 'desktop', 'tablet'])[1 + v.src % 4], (array['chrome', 'safari', 'chrome', 'firefox', 'edge', 'samsung', 'other'])[1 + v.src % 7],
       extensions.digest(d.day::text || ':' || v.n, 'sha256')
  from (select private.sofia_today() - k as day, ($1::int / 365 + case when k < $1::int % 365 then 1 else 0 end) as events
          from generate_series($2::int, $3::int) k) d
  cross join lateral (
    select i, ceil(d.events / 2.6)::int as visitors from generate_series(0, d.events - 1) i
  ) x
  cross join lateral (
    select x.i % x.visitors as n, x.i / x.visitors as seq, x.visitors,
           abs(hashtext(d.day::text || ':' || (x.i % x.visitors))) % 100 as src,
           case when x.i / x.visitors = 0 then 'pageview'
                else (array['pageview', 'pageview', 'pageview', 'pageview', 'pageview', 'pageview', 'pageview', 'wizard_open', 'wizard_open',
                            'wizard_step_2', 'wizard_step_3', 'inquiry_sent', 'booking_open', 'booking_day', 'booking_time', 'booking_made',
                            'newsletter_signup', 'phone_click', 'email_click', 'pageview'])[1 + abs(hashtext(d.day::text || '/' || x.i)) % 20] end as name,
           (array['/', '/uslugi', '/proekti', '/kontakti', '/blog', '/za-nas', '/rezervacia', '/blog/crm-za-brokeri-2026', '/blog/ai-za-biznesa',
                  '/blog/qr-menu', '/blog/post-' || (abs(hashtext(x.i::text)) % 40)])[1 + abs(hashtext(d.day::text || '.' || x.i)) % 11] as path
  ) v`;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const iso = (d: Date) => d.toISOString().slice(0, 10);

const local = await startLocalSupabase({ memory: true, port: 0, quiet: true, readReplica: false, trustClientAddress: true });
const sql = <T>(text: string, params: unknown[] = []) => local.db.asSystem(async (tx) => (await tx.query<T>(text, params)).rows);
const failures: string[] = [];
try {
  // --- the year ---
  const seeded = performance.now();
  for (let k = 364; k >= 0; k -= 30) await sql(SEED_EVENTS, [EVENTS, Math.max(0, k - 29), k]);
  const made = performance.now();
  const [{ rolled }] = await sql<{ rolled: number }>('select private.roll_up_insights() as rolled');
  const rolledAt = performance.now();
  await sql(`select private.retain_insight_events(30)`);
  await sql(
    `insert into public.contact_submissions (name, email, company, message, purpose, contact_method, status, lost_reason, offer_amount, first_touch, created_at)
     select 'Клиент ' || n, 'client' || n || '@example.com', 'Фирма ' || n, 'Искаме автоматизация.', 'custom', 'email',
            (array['new', 'contacted', 'proposal', 'won', 'lost'])[1 + n % 5], case when n % 5 = 4 then 'Цена' end,
            case when n % 5 in (2, 3) then 800 + (n * 37) % 9000 end,
            case n % 4 when 0 then null
                       when 1 then jsonb_build_object('referrer', 'www.google.com', 'landing_path', '/', 'at', to_char(now() - make_interval(days => n % 85), 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
                       else jsonb_build_object('utm_source', case when n % 4 = 2 then 'facebook' else 'newsletter' end, 'utm_campaign', 'fb-' || (1 + n % 4),
                                               'landing_path', '/uslugi', 'at', to_char(now() - make_interval(days => n % 85), 'YYYY-MM-DD"T"HH24:MI:SS"Z"')) end,
            now() - make_interval(days => n % 365, hours => n % 11)
       from generate_series(1, 3000) n`,
  );
  await sql(
    `insert into public.appointments (client_name, client_email, preferred_date, status, first_touch, created_at)
     select 'Клиент ' || n, 'guest' || n || '@example.com', date_trunc('minute', now()) - make_interval(days => n % 365, mins => n), 'cancelled',
            case when n % 3 = 0 then jsonb_build_object('utm_source', 'facebook', 'utm_campaign', 'fb-' || (1 + n % 4), 'landing_path', '/rezervacia',
                                                        'at', to_char(now() - make_interval(days => n % 85), 'YYYY-MM-DD"T"HH24:MI:SS"Z"')) end,
            now() - make_interval(days => n % 365, hours => 1 + n % 9)
       from generate_series(1, 1500) n`,
  );
  await sql(
    `insert into public.newsletter_subscribers (email, mailbox, status, confirmed_at, unsubscribed_at, unsubscribed_via, created_at)
     select 'reader' || n || '@example.com', 'reader' || n || '@example.com', case when n % 10 = 0 then 'unsubscribed' else 'confirmed' end,
            now() - make_interval(days => n % 365), case when n % 10 = 0 then now() - make_interval(days => (n % 365) / 2) end,
            case when n % 10 = 0 then 'link' end, now() - make_interval(days => n % 365, hours => 1)
       from generate_series(1, 3000) n`,
  );
  const [counts] = await sql<{ raw: number; days: number; total: number; pages: number; sources: number; steps: number }>(
    `select (select count(*) from private.insight_events)::int as raw, (select count(*) from private.insight_rollups)::int as days,
            (select coalesce(sum(events), 0) from private.insight_rollups)::int + (select count(*) from private.insight_events e where e.day = private.sofia_today())::int as total,
            (select count(*) from private.insight_daily_pages)::int as pages, (select count(*) from private.insight_daily_sources)::int as sources,
            (select count(*) from private.insight_daily_events)::int as steps`,
  );
  console.log(
    `\nSeeded ${counts.total.toLocaleString('en')} events over 365 days in ${((made - seeded) / 1000).toFixed(1)} s; ` +
      `rolled up ${rolled} days in ${((rolledAt - made) / 1000).toFixed(1)} s (${counts.pages} page, ${counts.sources} source, ${counts.steps} event rows); ` +
      `${counts.raw.toLocaleString('en')} raw events kept (the last 30 days and today); 3,000 inquiries, 1,500 bookings, 3,000 subscribers.`,
  );

  // --- the dashboard, as the panel asks ---
  await ensureSecondFactor(local, ADMIN.sub);
  const now = Math.floor(Date.now() / 1000);
  const token = signJwt(
    { aud: 'authenticated', role: 'authenticated', exp: now + 3600, iat: now, aal: 'aal2', amr: [{ method: 'totp', timestamp: now }], ...ADMIN },
    LOCAL_JWT_SECRET,
  );
  const [{ today }] = await sql<{ today: string }>('select private.sofia_today()::text as today');
  const end = new Date(`${today}T12:00:00Z`);
  const ago = (days: number) => iso(new Date(end.getTime() - days * 86_400_000));
  const lastMonth = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 1, 1));
  const periods: [string, string, string][] = [
    ['today', today, today],
    ['7 days', ago(6), today],
    ['30 days', ago(29), today],
    ['a month', iso(lastMonth), iso(new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), 0)))],
    ['a year', ago(364), today],
  ];
  const calls: [string, string, Record<string, unknown>][] = [
    ['insights_summary', 'insights_summary', {}],
    ['insights_top page', 'insights_top', { dimension: 'page' }],
    ['insights_top post', 'insights_top', { dimension: 'post' }],
    ['insights_top source', 'insights_top', { dimension: 'source' }],
    ['insights_top campaign', 'insights_top', { dimension: 'campaign' }],
    ['insights_funnels', 'insights_funnels', {}],
    ['insights_attribution', 'insights_attribution', {}],
    ['insights_newsletter', 'insights_newsletter', {}],
  ];
  const table: string[][] = [['p50 / p95 (ms)', ...periods.map(([name]) => name)]];
  for (const [label, fn, extra] of calls) {
    const row = [label];
    for (const [period, from_day, to_day] of periods) {
      const ask = () =>
        fetch(`${local.url}/rest/v1/rpc/${fn}`, {
          method: 'POST',
          headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ from_day, to_day, ...extra }),
        });
      for (let i = 0; i < 2; i++) await (await ask()).arrayBuffer(); // warm-up
      const samples: number[] = [];
      for (let i = 0; i < ITERATIONS; i++) {
        const started = performance.now();
        const response = await ask();
        const body = await response.text();
        samples.push(performance.now() - started);
        if (!response.ok) throw new Error(`${label} over ${period}: HTTP ${response.status} ${body.slice(0, 300)}`);
      }
      samples.sort((a, b) => a - b);
      const p95 = percentile(samples, 95);
      if (p95 > MAX_P95_MS) failures.push(`${label} over ${period}: p95 ${p95.toFixed(0)} ms > ${MAX_P95_MS} ms`);
      row.push(`${percentile(samples, 50).toFixed(0)} / ${p95.toFixed(0)}`);
    }
    table.push(row);
  }
  const widths = table[0].map((_, c) => Math.max(...table.map((r) => r[c].length)));
  console.log(`\nThe dashboard on the stand-in (${today}, ${ITERATIONS} calls each, an admin at aal2 through /rest/v1/rpc)\n`);
  for (const [i, r] of table.entries()) {
    console.log(`| ${r.map((cell, c) => cell.padEnd(widths[c])).join(' | ')} |`);
    if (i === 0) console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  }

  // --- ingestion: concurrent visitors, each request from another address (2 s to warm up first) ---
  let next = 0;
  async function ingest(seconds: number): Promise<{ sent: number; accepted: number }> {
    const counted = { sent: 0, accepted: 0 };
    const stopAt = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        while (performance.now() < stopAt) {
          const n = next++;
          const response = await fetch(`${local.url}/rest/v1/rpc/track`, {
            method: 'POST',
            headers: {
              apikey: LOCAL_ANON_KEY,
              'Content-Type': 'application/json',
              'cf-connecting-ip': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
              'user-agent': AGENTS[client % AGENTS.length],
            },
            body: JSON.stringify({ e: { n: n % 5 ? 'pageview' : 'wizard_open', p: `/blog/post-${n % 40}`, r: n % 3 ? undefined : 'www.google.com', d: 'mobile', b: 'chrome', t: Date.now() } }),
          });
          await response.arrayBuffer();
          counted.sent++;
          if (response.status === 204) counted.accepted++;
        }
      }),
    );
    return counted;
  }
  await ingest(2);
  const [{ before }] = await sql<{ before: number }>('select count(*)::int as before from private.insight_events');
  const began = performance.now();
  const { sent, accepted } = await ingest(SECONDS);
  const elapsed = (performance.now() - began) / 1000;
  const [{ after }] = await sql<{ after: number }>('select count(*)::int as after from private.insight_events');
  const rate = (after - before) / elapsed;
  console.log(
    `\nIngestion: ${CLIENTS} concurrent visitors for ${elapsed.toFixed(1)} s: ${sent} calls, ${accepted} answered 204, ` +
      `${after - before} events stored: ${rate.toFixed(0)} events/s (bound ${MIN_EVENTS_PER_SECOND}).`,
  );
  if (after - before !== sent) failures.push(`${sent - (after - before)} of ${sent} events were not stored`);
  if (rate < MIN_EVENTS_PER_SECOND) failures.push(`ingestion ${rate.toFixed(0)} events/s < ${MIN_EVENTS_PER_SECOND}`);
} finally {
  await local.close();
}
if (failures.length) {
  console.error(`\nOver the bounds:\n${failures.map((f) => `  ${f}`).join('\n')}`);
  process.exit(1);
}
console.log(`\nAll within the bounds: every p95 ≤ ${MAX_P95_MS} ms, ingestion ≥ ${MIN_EVENTS_PER_SECOND} events/s.`);
