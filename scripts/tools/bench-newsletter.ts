// `npm run bench:newsletter`: a post sent to 10,000 confirmed subscribers on the stand-in, whose mail
// catcher plays the provider's rate limit (2 requests a second, Resend's default, then 5), with the
// database's job running every second as pg_cron runs it. Prints, for each rate, the time from
// 'Изпрати до абонатите' to the provider's last hand-over, the messages the catcher took, how many
// recipients got more than one (0), and how many requests it refused with 429. Not a test: the
// numbers vary by machine; the aims are in the throughput issue (≤ 2 minutes at 2 a second, ≤ 1 at 5).
//
//   npm run bench:newsletter [-- --subscribers=10000 --rates=2,5]
import '../../tests/backend/node-websocket.ts';
import { createClient } from '@supabase/supabase-js';
import { signJwt } from '../../supabase/local/jwt.ts';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET } from '../../supabase/local/keys.ts';
import { startLocalSupabase, useLocalMailCatcher } from '../../supabase/local/server.ts';

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const SUBSCRIBERS = Number(option('subscribers') ?? 10_000);
const RATES = (option('rates') ?? '2,5').split(',').map(Number);
const ADMIN = { sub: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' };
const CONTENT = { html: '<p>Нова статия за автоматизацията на офертите.</p>', plain: 'Нова статия за автоматизацията на офертите.' };

const rows: string[][] = [['rate', 'subscribers', 'to the last hand-over', 'received', 'duplicates', '429 answers', 'batches', 'attempts']];
for (const rate of RATES) {
  const local = await startLocalSupabase({ memory: true, port: 0, quiet: true, readReplica: false, mailRequestsPerSecond: rate });
  try {
    await useLocalMailCatcher(local, 'https://sinaptika.example');
    const sql = <T>(text: string, params: unknown[] = []) => local.db.asSystem(async (tx) => (await tx.query<T>(text, params)).rows);
    await sql('update private.mail_settings set requests_per_second = $1', [rate]);
    await sql(
      `insert into public.newsletter_subscribers (email, mailbox, status, confirmed_at)
       select format('chitatel-%s@example.com', i), format('chitatel-%s@example.com', i), 'confirmed', now() - interval '1 day'
         from generate_series(1, $1::int) i`,
      [SUBSCRIBERS],
    );
    const [post] = await sql<{ id: string }>(
      `insert into public.blog_posts (title, slug, author, content, excerpt, is_published, published_at)
       values ('Бюлетин за измерване', 'buletin-izmervane', 'Мария Иванова', 'Текст', 'Кратко', true, now() - interval '1 hour') returning id`,
    );
    const now = Math.floor(Date.now() / 1000);
    const token = signJwt({ aud: 'authenticated', role: 'authenticated', exp: now + 3600, iat: now, ...ADMIN }, LOCAL_JWT_SECRET);
    const admin = createClient(local.url, LOCAL_ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: `Bearer ${token}` } },
    });
    const tested = await admin.rpc('send_newsletter_test', { post: post.id, ...CONTENT });
    if (tested.error) throw new Error(`the test e-mail failed: ${tested.error.message}`);
    // the test e-mail out of the way, so the catcher counts the newsletter alone
    local.net.kick();
    await local.net.settled();
    await new Promise((r) => setTimeout(r, 1100));
    local.mail.clear();

    const began = Date.now();
    const started = await admin.rpc('start_newsletter_send', { post: post.id, ...CONTENT });
    if (started.error) throw new Error(`the send did not start: ${started.error.message}`);
    for (;;) {
      const { data } = await admin.rpc('newsletter_send_status', { post: post.id });
      if (data?.status === 'done') break;
      if (Date.now() - began > 15 * 60_000) throw new Error(`not done after 15 minutes: ${JSON.stringify(data)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const stats = local.mail.stats();
    const [batches] = await sql<{ n: number; attempts: number }>('select count(*)::int as n, sum(attempts)::int as attempts from private.newsletter_batches');
    const lastAt = stats.last_at ? Date.parse(stats.last_at) : Date.now();
    rows.push([
      `${rate}/s`,
      SUBSCRIBERS.toLocaleString('en'),
      `${((lastAt - began) / 1000).toFixed(1)} s`,
      stats.received.toLocaleString('en'),
      String(stats.duplicates.length),
      String(stats.rate_limited),
      String(batches.n),
      String(batches.attempts),
    ]);
  } finally {
    await local.close();
  }
}

const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
for (const [i, row] of rows.entries()) {
  console.log(`| ${row.map((cell, j) => cell.padEnd(widths[j])).join(' | ')} |`);
  if (i === 0) console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
}
console.log(`\n${new Date().toISOString().slice(0, 10)}, ${(await import('node:os')).availableParallelism()} cores`);
