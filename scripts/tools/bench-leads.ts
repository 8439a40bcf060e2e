// `npm run bench:leads`: the inbox's first page and a contact's page with 10,000 inquiries from
// 3,000 people, on the stand-in, as the admin panel asks for them: how long each answer takes and
// how many bytes it carries. Not a test: numbers vary by machine; the aims are in the leads issue
// (under 300 ms and under 60 KB each). Prints a table for the README.
import '../../tests/backend/node-websocket.ts';
import { signJwt } from '../../supabase/local/jwt.ts';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET } from '../../supabase/local/keys.ts';
import { startLocalSupabase } from '../../supabase/local/server.ts';

const INQUIRIES = Number(process.env.BENCH_INQUIRIES ?? 10_000);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 3_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 30);
const ADMIN = 'a0000000-0000-4000-8000-000000000001';

// what the inquiries tab asks for (src/admin/inbox/api.ts, INQUIRY_COLUMNS and fetchInquiryPage)
const INBOX_SELECT =
  'id,name,company,email,phone,message,purpose,contact_method,status,created_at,updated_at,lost_reason,owner_id,follow_up_at,offer_amount,contact_id,first_touch,owner:owner_id(full_name,username),notified_at,notify_error';

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const local = await startLocalSupabase({ memory: true, port: 0, quiet: true, readReplica: false });
const rows: [string, string][] = [];
try {
  const seeded = performance.now();
  await local.db.asSystem(async (tx) => {
    // one statement: every row goes through the same triggers as a visitor's (its contact found or made)
    await tx.query(
      `insert into public.contact_submissions (name, email, phone, company, message, purpose, contact_method, status, lost_reason, offer_amount, first_touch, created_at)
       select 'Клиент ' || (n % $2), 'lead' || (n % $2) || '@example.com', '', 'Фирма ' || (n % 500),
              repeat('Искаме автоматизация на процесите. ', 1 + n % 8), 'custom', 'email',
              (array['new', 'contacted', 'proposal', 'won', 'lost'])[1 + n % 5],
              case when n % 5 = 4 then 'Цена' end,
              case when n % 5 = 2 then 1000 + n % 9000 end,
              jsonb_build_object('utm_source', 'newsletter', 'utm_medium', 'email', 'utm_campaign', 'есен-' || (n % 12),
                                 'landing_path', '/blog/post-' || (n % 40), 'at', to_char(now() - interval '2 days', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
              now() - make_interval(mins => n)
         from generate_series(1, $1) as n`,
      [INQUIRIES, PEOPLE],
    );
  });
  const counts = await local.db.asSystem(
    async (tx) => (await tx.query<{ inquiries: number; contacts: number }>(`select (select count(*) from public.contact_submissions)::int as inquiries, (select count(*) from public.contacts)::int as contacts`)).rows[0],
  );
  rows.push([`seeded ${counts.inquiries} inquiries, ${counts.contacts} contacts`, `${((performance.now() - seeded) / 1000).toFixed(1)} s`]);
  const [busiest] = (
    await local.db.asSystem((tx) =>
      tx.query<{ contact_id: string; n: number }>('select contact_id, count(*)::int as n from public.contact_submissions group by contact_id order by n desc limit 1'),
    )
  ).rows;

  const now = Math.floor(Date.now() / 1000);
  const token = signJwt({ aud: 'authenticated', role: 'authenticated', sub: ADMIN, email: 'admin@example.com', iat: now, exp: now + 3600 }, LOCAL_JWT_SECRET);
  const headers = { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${token}` };
  const requests: [string, () => Promise<Response>][] = [
    [
      'inbox: first page of 20 with its exact count',
      () =>
        fetch(`${local.url}/rest/v1/contact_submissions?select=${encodeURIComponent(INBOX_SELECT)}&order=created_at.desc,id.desc&offset=0&limit=20`, {
          headers: { ...headers, Prefer: 'count=exact' },
        }),
    ],
    [
      `contact page: timeline of the busiest contact (${busiest.n} inquiries)`,
      () =>
        fetch(`${local.url}/rest/v1/rpc/contact_timeline`, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({ contact: busiest.contact_id }),
        }),
    ],
    ['board: totals per stage', () => fetch(`${local.url}/rest/v1/rpc/lead_stage_totals`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: '{}' })],
  ];
  for (const [name, request] of requests) {
    let bytes = 0;
    for (let i = 0; i < 3; i++) await (await request()).arrayBuffer(); // warm-up
    const samples: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const started = performance.now();
      const response = await request();
      const body = await response.arrayBuffer();
      samples.push(performance.now() - started);
      if (!response.ok) throw new Error(`${name}: HTTP ${response.status} ${new TextDecoder().decode(body).slice(0, 300)}`);
      bytes = body.byteLength;
    }
    samples.sort((a, b) => a - b);
    rows.push([`${name}: p50 / p95 (n=${ITERATIONS})`, `${percentile(samples, 50).toFixed(0)} ms / ${percentile(samples, 95).toFixed(0)} ms, ${(bytes / 1024).toFixed(1)} KB`]);
  }
} finally {
  await local.close();
}

const width = Math.max(...rows.map(([k]) => k.length));
console.log(`\nLeads on the stand-in (${new Date().toISOString().slice(0, 10)})\n`);
console.log(`| ${'measure'.padEnd(width)} | result |`);
console.log(`| ${'-'.repeat(width)} | ------ |`);
for (const [k, v] of rows) console.log(`| ${k.padEnd(width)} | ${v} |`);
