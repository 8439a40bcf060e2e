// The newsletter at the provider's rate (migration *_newsletter_throughput.sql): pg_cron's job runs
// every second and hands over as many batches of 100 as the provider takes in a second; the stand-in's
// mail catcher plays the provider's limit (429 with retry-after and ratelimit-* headers), so these
// tests prove the sender keeps to it, takes a 429's word, backs off on a 5xx, and never sends anyone
// the post twice when a batch goes out again (the same request under the same Idempotency-Key).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MailStats } from '../../supabase/local/mail.ts';
import { useLocalMailCatcher } from '../../supabase/local/server.ts';
import { startHarness, type Harness } from './harness.ts';

const ADMIN = { sub: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' };

describe('the newsletter at the provider’s rate', () => {
  let h: Harness;
  let admin: SupabaseClient;
  let n = 0;
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    h.local.db.asSystem(async (tx) => (await tx.query<T>(text, params)).rows);
  const stats = async () => (await (await fetch(`${h.url}/__local/mail/stats`)).json()) as MailStats;

  beforeAll(async () => {
    h = await startHarness({ mailRequestsPerSecond: 2 });
    admin = h.as(ADMIN);
    await useLocalMailCatcher(h.local, 'https://sinaptika.example');
  });
  afterAll(() => h?.close());
  afterEach(async () => {
    await sql(`update public.newsletter_sends set status = 'done', finished_at = now() where status = 'sending'`);
    h.local.mail.requestsPerSecond = 2;
  });

  /** `count` confirmed subscribers, the only ones; a published post; its test sent; the catcher emptied. */
  async function arrange(count: number, rate: number): Promise<string> {
    await sql(`update private.mail_settings set requests_per_second = $1`, [rate]);
    await sql(`update public.newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = now(), unsubscribed_via = 'admin' where status in ('pending', 'confirmed')`);
    const tag = `${++n}x${Date.now().toString(36)}`;
    await sql(
      `insert into public.newsletter_subscribers (email, mailbox, status, confirmed_at)
       select format('chitatel-%s-%s@example.com', $1::text, i), format('chitatel-%s-%s@example.com', $1::text, i), 'confirmed', now()
         from generate_series(1, $2::int) i`,
      [tag, count],
    );
    const [post] = await sql<{ id: string }>(
      `insert into public.blog_posts (title, slug, author, content, excerpt, is_published, published_at)
       values ($1, $2, 'Мария Иванова', 'Текст', 'Кратко', true, now() - interval '1 hour') returning id`,
      [`Бюлетин ${tag}`, `buletin-skorost-${tag}`],
    );
    expect((await admin.rpc('send_newsletter_test', { post: post.id, html: '<p>Текст.</p>', plain: 'Текст.' })).error).toBeNull();
    h.local.net.kick();
    await h.local.net.settled();
    await fetch(`${h.url}/__local/mail`, { method: 'DELETE' });
    return post.id;
  }

  async function start(post: string) {
    const started = await admin.rpc('start_newsletter_send', { post, html: '<p>Текст.</p>', plain: 'Текст.' });
    expect(started.error).toBeNull();
  }

  /** Resolves once the send is done (the stand-in's pg_cron runs the job every second). */
  async function done(post: string, within = 20_000): Promise<Record<string, number | string>> {
    const until = Date.now() + within;
    for (;;) {
      const { data } = await admin.rpc('newsletter_send_status', { post });
      if (data?.status === 'done' || Date.now() > until) return data as Record<string, number | string>;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('hands 600 subscribers over in 6 batches at 2 a second, each once, never faster than the provider takes them', async () => {
    const post = await arrange(600, 2);
    const began = Date.now();
    await start(post);
    expect(await done(post)).toMatchObject({ status: 'done', total: 600, sent: 600, failed: 0, queued: 0, sending: 0 });
    const took = Date.now() - began;
    const caught = await stats();
    expect(caught).toMatchObject({ received: 600, recipients: 600, duplicates: [] });
    // six requests at two a second cannot all go in less than two seconds
    expect(took).toBeGreaterThanOrEqual(2000);
    const batches = await sql<{ n: number; attempts: number }>(
      `select count(*)::int as n, sum(b.attempts)::int as attempts from private.newsletter_batches b join public.newsletter_sends s on s.id = b.send_id where s.post_id = $1`,
      [post],
    );
    expect(batches[0].n).toBe(6);
  });

  it('takes a 429 at its word: asking for 5 a second of a provider that takes 2, everyone still gets the post once', async () => {
    const post = await arrange(500, 5);
    await start(post);
    expect(await done(post)).toMatchObject({ status: 'done', total: 500, sent: 500, failed: 0 });
    const caught = await stats();
    expect(caught.rate_limited).toBeGreaterThan(0);
    expect(caught).toMatchObject({ received: 500, recipients: 500, duplicates: [] });
    // the refused batches went out again: more attempts than batches
    const [row] = await sql<{ n: number; attempts: number }>(
      `select count(*)::int as n, sum(b.attempts)::int as attempts from private.newsletter_batches b join public.newsletter_sends s on s.id = b.send_id where s.post_id = $1`,
      [post],
    );
    expect(row).toMatchObject({ n: 5 });
    expect(row.attempts).toBeGreaterThan(5);
  });

  describe('a provider that fails, and an answer that is lost', () => {
    let proxy: Server;
    let failNext = 0;
    const seen: { key: string | undefined; status: number }[] = [];
    beforeAll(async () => {
      // in front of the catcher: answers 503 to the next `failNext` requests, else passes them on
      proxy = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', async () => {
          const key = req.headers['idempotency-key'] as string | undefined;
          if (failNext > 0) {
            failNext -= 1;
            seen.push({ key, status: 503 });
            res.writeHead(503, { 'content-type': 'application/json' }).end('{"statusCode":503,"name":"application_error","message":"Unavailable"}');
            return;
          }
          const answer = await fetch(`${h.url}/__local/mail${req.url!.replace(/^\/emails/, '')}`, {
            method: 'POST',
            headers: { authorization: req.headers.authorization!, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
            body: Buffer.concat(chunks),
          });
          seen.push({ key, status: answer.status });
          res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(await answer.text());
        });
      });
      await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', () => r()));
    });
    afterAll(async () => {
      await sql(`update private.mail_settings set api_url = $1`, [`${h.url}/__local/mail`]);
      await new Promise((r) => proxy.close(r));
    });

    it('sends a batch the provider failed with 503 again, the same request under the same key, and it arrives once', async () => {
      const post = await arrange(200, 2);
      await sql(`update private.mail_settings set api_url = $1`, [`http://127.0.0.1:${(proxy.address() as AddressInfo).port}/emails`]);
      seen.length = 0;
      failNext = 1;
      await start(post);
      expect(await done(post)).toMatchObject({ status: 'done', total: 200, sent: 200, failed: 0 });
      expect((await stats())).toMatchObject({ received: 200, duplicates: [] });
      const failed = seen.filter((s) => s.status === 503).map((s) => s.key);
      expect(failed).toHaveLength(1);
      // each failed key went out again and was taken
      for (const key of failed) expect(seen.some((s) => s.key === key && s.status === 200)).toBe(true);
    });

    it('gives a batch up after its tenth failure: it fails with its deliveries, and its request and addresses are not kept', async () => {
      const post = await arrange(100, 2);
      await sql(`update private.mail_settings set api_url = $1`, [`http://127.0.0.1:${(proxy.address() as AddressInfo).port}/emails`]);
      const release = await h.local.cron.hold();
      try {
        await start(post);
        failNext = 1;
        // the batch's ninth retry goes out: its tenth attempt
        await sql('select private.process_newsletter()');
        await sql(`update private.newsletter_batches b set attempts = 10 from public.newsletter_sends s where s.id = b.send_id and s.post_id = $1`, [post]);
        h.local.net.kick();
        await h.local.net.settled();
        await sql('select private.process_newsletter()');
        const [batch] = await sql<{ status: string; payload: unknown; last_error: string }>(
          `select b.status, b.payload, b.last_error from private.newsletter_batches b join public.newsletter_sends s on s.id = b.send_id where s.post_id = $1`,
          [post],
        );
        expect(batch).toMatchObject({ status: 'failed', payload: null });
        expect(batch.last_error).toMatch(/^HTTP 503/);
        expect((await admin.rpc('newsletter_send_status', { post })).data).toMatchObject({ failed: 100, sent: 0 });
      } finally {
        failNext = 0;
        release();
      }
    });

    it('after a stop mid-send (the provider took a batch but its answer never came back), sends it again under its key: nobody gets it twice', async () => {
      const post = await arrange(100, 2);
      await sql(`update private.mail_settings set api_url = $1`, [`${h.url}/__local/mail`]);
      // the stop is the subject here, not the rate (a 429 would make the first hand-over wait)
      h.local.mail.requestsPerSecond = 0;
      // the job is held while the test plays the stop
      const release = await h.local.cron.hold();
      try {
        await start(post);
        await sql('select private.process_newsletter()');
        h.local.net.kick();
        await h.local.net.settled();
        expect((await stats()).received).toBe(100);
        // the stop: pg_net's answer is gone, and the batch was handed over a minute ago
        await sql(`delete from net._http_response where id in (select b.request_id from private.newsletter_batches b join public.newsletter_sends s on s.id = b.send_id where s.post_id = $1)`, [post]);
        await sql(`update private.newsletter_batches b set attempted_at = now() - interval '1 minute' from public.newsletter_sends s where s.id = b.send_id and s.post_id = $1`, [post]);
        await sql('select private.process_newsletter()'); // no answer: the same batch again
        h.local.net.kick();
        await h.local.net.settled();
        await sql('select private.process_newsletter()');
      } finally {
        release();
      }
      expect(await done(post)).toMatchObject({ status: 'done', total: 100, sent: 100 });
      const [batch] = await sql<{ attempts: number }>(
        `select b.attempts from private.newsletter_batches b join public.newsletter_sends s on s.id = b.send_id where s.post_id = $1`,
        [post],
      );
      expect(batch.attempts).toBe(2);
      expect(await stats()).toMatchObject({ received: 100, recipients: 100, duplicates: [] });
    });
  });
});
