// The newsletter (migrations *_newsletter.sql, *_signup_and_proofs.sql): double opt-in through the
// footer's sign-up, whose answer is the same for every address, with the same work and in the same
// time; a network past its limit works instead of being refused; links that change nothing until
// their button is pressed, each confirming once, all retired by an unsubscribe, which stays on record;
// a post sent once to each confirmed subscriber through the provider's batch API, with both
// unsubscribe headers; unsubscribing; bounces and complaints. Defined once and run against the
// stand-in (newsletter.test.ts) and PostgreSQL 15 (rls-matrix.postgres.test.ts), with the
// stand-in's mail catcher as the provider.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomVisitorAddress, setIntakeLimits, type Harness } from './harness.ts';
import { challenge, solve } from './proof-of-work.ts';
import type { CaughtMail } from './booking-conversation.ts';
import { LOCAL_ANON_KEY } from '../../supabase/local/keys.ts';

const ADMIN = { sub: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' };
const SITE = 'https://sinaptika.example';
const CONFIRM_LINK = /https:\/\/sinaptika\.example\/newsletter\/confirm\/([A-Za-z0-9_-]{43})/;

type Mail = CaughtMail & { headers?: Record<string, string> };

export function defineNewsletter(start: () => Promise<Harness>): void {
  let h: Harness;
  let admin: SupabaseClient;
  let limits: { name: string; value: number }[] = [];
  let n = 0;
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    h.local.db.asSystem(async (tx) => (await tx.query<T>(text, params)).rows);
  const unique = () => `${++n}x${process.pid}x${Date.now() % 100000}`;
  const address = (name: string) => `${name}-${unique()}@example.com`;

  /** The messages the catcher got since the last call (oldest first); the catcher is emptied. */
  const mail = async (): Promise<Mail[]> => {
    h.local.net.kick();
    await h.local.net.settled();
    const all = (await (await fetch(`${h.url}/__local/mail`)).json()) as Mail[];
    await fetch(`${h.url}/__local/mail`, { method: 'DELETE' });
    return all.reverse();
  };
  const subscribe = (client: SupabaseClient, email: string, extra: Record<string, unknown> = {}) =>
    client.rpc('subscribe_newsletter', { email, page: '/blog', wording_version: '2026-12', ...extra });
  const state = async (email: string) =>
    (await sql<{ status: string }>('select status from public.newsletter_subscribers where mailbox = private.mailbox_key($1)', [email]))[0]?.status;
  /** Subscribes `email` as a visitor of its own and returns the confirmation link's token. */
  async function pending(email: string): Promise<string> {
    expect((await subscribe(h.visitor(), email)).error).toBeNull();
    const messages = (await mail()).filter((m) => m.to === email);
    expect(messages).toHaveLength(1);
    return CONFIRM_LINK.exec(messages[0].text)![1];
  }
  async function confirmed(email: string): Promise<void> {
    const token = await pending(email);
    expect((await h.anon.rpc('confirm_newsletter', { token })).error).toBeNull();
  }
  const tokenOf = async (email: string) =>
    (await sql<{ token: string }>('select private.unsubscribe_token(id) as token from public.newsletter_subscribers where mailbox = private.mailbox_key($1)', [email]))[0].token;
  /** A published post of its own. */
  async function post(title = `Бюлетин ${unique()}`): Promise<string> {
    const [row] = await sql<{ id: string }>(
      `insert into public.blog_posts (title, slug, author, content, excerpt, is_published, published_at)
       values ($1, $2, 'Мария Иванова', $3, 'Кратко', true, now() - interval '1 hour') returning id`,
      [title, `buletin-${unique()}`, '## Новини\n\nТекстът на публикацията.'],
    );
    return row.id;
  }
  const email = (text: string) => ({ html: `<p>${text}</p>`, plain: text });

  beforeAll(async () => {
    h = await start();
    admin = h.as(ADMIN);
    await sql(
      // the job runs here by hand, many times a second: the provider's rate has tests of its own
      // (newsletter-throughput.test.ts), and 100 a second keeps it out of these
      `insert into private.mail_settings (api_url, sender, reply_to, site_url, functions_url, requests_per_second)
       values ($1, 'Синаптика <zdravei@sinaptika.example>', 'zdravei@sinaptika.example', $2, $3, 100)
       on conflict (id) do update set api_url = excluded.api_url, site_url = excluded.site_url, functions_url = excluded.functions_url,
                                      requests_per_second = excluded.requests_per_second`,
      [`${h.url}/__local/mail`, SITE, `${h.url}/functions/v1`],
    );
    await sql(`select private.set_vault_secret('mail_api_key', 'local-mail-key')`);
    // the jobs run when a test says so
    await sql(`update cron.job set active = false where jobname in ('newsletter-sends', 'booking-mail')`);
    // every address here is at example.com: the outbox's breaker would hold the suite's mail
    limits = await sql<{ name: string; value: number }>(
      `select name, value from private.intake_limits where name in ('mail_per_hour', 'mail_per_domain_per_hour', 'mail_per_recipient_per_day')`,
    );
    await sql(`update private.intake_limits set value = 100000 where name in ('mail_per_hour', 'mail_per_domain_per_hour')`);
  });
  afterAll(async () => {
    for (const { name, value } of limits) await sql('update private.intake_limits set value = $2 where name = $1', [name, value]);
    await sql(`update cron.job set active = true where jobname in ('newsletter-sends', 'booking-mail')`);
    await sql('delete from private.mail_settings');
    await sql(`select private.set_vault_secret('mail_api_key', null)`);
    await h.close();
  });
  beforeEach(async () => {
    await mail();
  });

  describe('signing up', () => {
    it('stores a pending subscriber with the consent shown, and mails a link that carries nothing the visitor typed', async () => {
      const to = address('nov');
      const { data, error, status } = await subscribe(h.visitor(), to.toUpperCase(), { page: '/blog/ai-asistent<script>' });
      expect(error).toBeNull();
      expect(data).toBeNull();
      expect([200, 204]).toContain(status);
      const [row] = await sql<{ id: string; status: string; email: string }>(
        'select id, status, email from public.newsletter_subscribers where mailbox = private.mailbox_key($1)',
        [to],
      );
      expect(row.status).toBe('pending');
      const consents = await sql<{ page: string; wording: string; wording_version: string; network: string | null; confirmed_at: Date | null }>(
        'select page, wording, wording_version, network, confirmed_at from public.newsletter_consents where subscriber_id = $1',
        [row.id],
      );
      expect(consents).toEqual([
        {
          // a page that is no plain path is not kept
          page: '',
          wording: 'Полезни идеи за AI и автоматизация, веднъж месечно. Ще ви изпратим имейл за потвърждение; можете да се отпишете по всяко време.',
          wording_version: '2026-12',
          network: expect.stringMatching(/\S/),
          confirmed_at: null,
        },
      ]);
      const [message, ...more] = await mail();
      expect(more).toEqual([]);
      expect(message.to).toBe(to.toUpperCase());
      expect(message.subject).toBe('Потвърдете абонамента си за бюлетина на Синаптика');
      expect(message.text).toMatch(CONFIRM_LINK);
      expect(message.html).toMatch(CONFIRM_LINK);
      expect(message.text).not.toContain('<script>');
      expect(message.text).not.toContain('ai-asistent');
    });

    it('answers a malformed address in Bulgarian and stores nothing', async () => {
      for (const bad of ['', 'no-at-sign', 'two@@example.com', 'a@b', `${'a'.repeat(250)}@example.com`, 'a b@example.com']) {
        const { error } = await subscribe(h.visitor(), bad);
        expect(error?.code, bad).toBe('22023');
        expect(error?.hint).toBe('newsletter_email_invalid');
        expect(error?.message).toBe('Въведете валиден имейл адрес.');
      }
      expect(await mail()).toEqual([]);
    });

    it('answers a confirmed, a pending and a new address alike, and sends nothing more to the first two', async () => {
      const done = address('veche');
      await confirmed(done);
      const waiting = address('chaka');
      await pending(waiting);
      const answers = [];
      for (const to of [done, waiting, address('sasvsem-nov')]) {
        const { data, error, status } = await subscribe(h.visitor(), to);
        answers.push({ data, error, status });
      }
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[1]).toEqual(answers[2]);
      const messages = await mail();
      expect(messages.map((m) => m.to)).toEqual([expect.stringMatching(/^sasvsem-nov-/)]);
      expect(await state(done)).toBe('confirmed');
    });

    it('counts one mailbox however it is written', async () => {
      const local = `edna.kutiya.${unique()}`;
      await pending(`${local}@gmail.com`);
      expect((await subscribe(h.visitor(), `${local.replace(/\./g, '')}+novini@GoogleMail.com`)).error).toBeNull();
      expect(await mail()).toEqual([]);
      expect((await sql('select 1 from public.newsletter_subscribers where mailbox = private.mailbox_key($1)', [`${local}@gmail.com`])).length).toBe(1);
    });

    it('stops a visitor past its limit, in ten minutes', async () => {
      const visitor = h.visitor();
      for (let i = 0; i < 3; i++) expect((await subscribe(visitor, address('mnogo'))).error).toBeNull();
      const { error } = await subscribe(visitor, address('mnogo'));
      expect(error?.hint).toBe('newsletter_limit_client');
    });

    it('asks a network past its limit for work, harder past it, and never refuses it; the visitor\'s own limit still refuses', async () => {
      // one IPv4 /24 (an office), a network limit of 4 sign-ups in 10 minutes (10 by default)
      await setIntakeLimits(h.local.db, { newsletter_per_network_per_10_minutes: 4 });
      try {
        const office = randomVisitorAddress().split('.').slice(0, 3).join('.');
        const colleague = (n: number) => h.visitor(`${office}.${n}`);
        const withWork = async (client: SupabaseClient) => subscribe(client, address('ofis'), { proof: solve(await challenge('newsletter', client)) });
        for (const n of [1, 2]) expect((await subscribe(colleague(n), address('ofis'))).error).toBeNull();
        expect((await subscribe(colleague(3), address('ofis'))).error).toMatchObject({ hint: 'intake_proof_required', details: 'level 1' });
        for (const n of [3, 4]) expect((await withWork(colleague(n))).error).toBeNull();
        // at its limit the office is not closed (before: newsletter_limit_network for ten minutes)
        expect((await subscribe(colleague(5), address('ofis'))).error).toMatchObject({ hint: 'intake_proof_required', details: 'level 2' });
        const one = colleague(5);
        for (let i = 0; i < 3; i++) expect((await withWork(one)).error).toBeNull();
        // the visitor's own limit (three in ten minutes) still refuses, whatever it proves
        expect((await withWork(one)).error?.hint).toBe('newsletter_limit_client');
      } finally {
        await setIntakeLimits(h.local.db, { newsletter_per_network_per_10_minutes: 10 });
      }
    });

    it('does the same work for every state, in about the same time: nobody learns from the clock who subscribes', async () => {
      const states = ['new', 'pending', 'pending, e-mail due', 'confirmed', 'unsubscribed', 'suppressed'] as const;
      type State = (typeof states)[number];
      const arranged: Record<Exclude<State, 'new'>, string> = {
        pending: `status = 'pending', confirmation_sent_at = now()`,
        'pending, e-mail due': `status = 'pending', confirmation_sent_at = now() - interval '11 minutes'`,
        confirmed: `status = 'confirmed', confirmation_sent_at = now() - interval '1 day', confirmed_at = now() - interval '1 day'`,
        unsubscribed: `status = 'unsubscribed', unsubscribed_at = now() - interval '1 hour', unsubscribed_via = 'link'`,
        suppressed: `status = 'suppressed', suppressed_reason = 'bounced', suppressed_at = now() - interval '1 hour'`,
      };
      /** An address in `state`, arranged in the table as the functions would have left it. */
      const inState = async (state: State) => {
        const to = address('vreme');
        if (state !== 'new') {
          const [row] = await sql<{ id: string }>('insert into public.newsletter_subscribers (email, mailbox) values ($1, private.mailbox_key($1)) returning id', [to]);
          await sql(`update public.newsletter_subscribers set ${arranged[state]} where id = $1`, [row.id]);
        }
        return to;
      };
      /**
       * One sign-up as a visitor of its own would send it, timed, with the PL/pgSQL functions it
       * called (PostgreSQL's own count for the transaction: track_functions), triggers aside.
       */
      const timed = (to: string) =>
        h.local.db.asSystem(
          async (tx) => {
            const counts = async () =>
              (
                await tx.query<{ fn: string; n: number }>(
                  `select p.oid::regprocedure::text as fn, coalesce(pg_stat_get_xact_function_calls(p.oid), 0)::int as n
                     from pg_proc p join pg_namespace ns on ns.oid = p.pronamespace
                    where ns.nspname in ('public', 'private') and p.prorettype <> 'trigger'::regtype`,
                )
              ).rows;
            await tx.query(`select set_config('track_functions', 'pl', true), set_config('request.jwt.claims', '{"role":"anon"}', true)`);
            const before = new Map((await counts()).map((r) => [r.fn, r.n]));
            // timed by the database's own clock around the call, so that the thread's messages and
            // the test process's pauses are not in it: what the call costs is what a visitor learns
            const [{ ms }] = (
              await tx.query<{ ms: number }>(
                `select extract(epoch from clock_timestamp() - s.t)::float8 * 1000 as ms
                   from (select clock_timestamp() as t) s
                   cross join lateral (select public.subscribe_newsletter($1, '/blog', '2026-12', null, 5000, null), s.t) x`,
                [to],
              )
            ).rows;
            const called = (await counts()).filter((r) => r.n > (before.get(r.fn) ?? 0)).map((r) => [r.fn, r.n - (before.get(r.fn) ?? 0)]);
            return { ms, calls: Object.fromEntries(called.sort()) as Record<string, number> };
          },
          { headers: { 'cf-connecting-ip': randomVisitorAddress() } },
        );

      const times = Object.fromEntries(states.map((state) => [state, [] as number[]])) as Record<State, number[]>;
      const calls = {} as Record<State, Record<string, number>>;
      const last = {} as Record<State, string>;
      // rounds, each state once in turn, so that whatever else the machine does falls on all alike;
      // the first round warms every path up and is not counted
      for (let round = 0; round < 15; round++) {
        for (const state of states) {
          const to = await inState(state);
          const run = await timed(to);
          if (round > 0) times[state].push(run.ms);
          calls[state] = run.calls;
          last[state] = to;
        }
      }
      // the same functions, as often, for every state: the confirmation e-mail is made for each, and
      // kept only where it is due
      expect(calls.new).toMatchObject({
        'private.send_newsletter_confirmation(uuid,bigint,text)': 1,
        'private.enqueue_mail(uuid,uuid,text,timestamp with time zone,text,text,jsonb,text)': 1,
      });
      for (const state of states) expect(calls[state], state).toEqual(calls.new);
      // and about the same time: for each state the mean of its five fastest answers of fourteen,
      // within half and twice the new address's (a confirmed address answered in a fifth of it
      // before). The fastest answers are what the work costs: whatever else a busy machine does
      // only ever adds to a time (a median of seven, timed from the test, had moved past twice on a
      // loaded 2-core machine), and five of them even out the database clock's milliseconds
      const fastest = Object.fromEntries(
        states.map((state) => [state, [...times[state]].sort((a, b) => a - b).slice(0, 5).reduce((sum, ms) => sum + ms, 0) / 5]),
      );
      for (const state of states) {
        expect(fastest[state] / fastest.new, `${state}: ${JSON.stringify(fastest)}`).toBeGreaterThan(0.5);
        expect(fastest[state] / fastest.new, `${state}: ${JSON.stringify(fastest)}`).toBeLessThan(2);
      }
      // what each state got stays as it was: an e-mail for the new, the due and the unsubscribed
      // address; the pending ones pending, the confirmed and suppressed ones untouched
      const sent = new Set((await mail()).map((m) => m.to));
      expect(states.filter((state) => sent.has(last[state]))).toEqual(['new', 'pending, e-mail due', 'unsubscribed']);
      expect(await Promise.all(states.map((kind) => state(last[kind])))).toEqual(['pending', 'pending', 'pending', 'confirmed', 'pending', 'suppressed']);
      const consents = async (to: string) =>
        (await sql<{ n: number }>('select count(*)::int as n from public.newsletter_consents c join public.newsletter_subscribers s on s.id = c.subscriber_id where s.mailbox = private.mailbox_key($1)', [to]))[0].n;
      expect(await Promise.all(states.map((state) => consents(last[state])))).toEqual([1, 1, 1, 0, 1, 0]);
    });

    it('drops what a bot sends sooner than a person could, silently', async () => {
      const to = address('bot');
      expect((await subscribe(h.visitor(), to, { fill_ms: 200 })).error).toBeNull();
      expect(await state(to)).toBeUndefined();
      expect(await mail()).toEqual([]);
    });
  });

  describe('the confirmation link', () => {
    it('changes nothing when opened; its button confirms, twice is fine', async () => {
      const to = address('potvardi');
      const token = await pending(to);
      expect((await h.anon.rpc('newsletter_link', { kind: 'confirm', token })).data).toEqual({ state: 'ready', email: expect.stringMatching(/^p\*\*\*@example\.com$/) });
      // what a mail scanner could do with the address: GET the function, HEAD it
      await fetch(`${h.url}/rest/v1/rpc/confirm_newsletter?token=${token}`, { headers: { apikey: LOCAL_ANON_KEY } });
      await fetch(`${h.url}/rest/v1/rpc/confirm_newsletter?token=${token}`, { method: 'HEAD', headers: { apikey: LOCAL_ANON_KEY } });
      expect(await state(to)).toBe('pending');

      const pressed = await h.anon.rpc('confirm_newsletter', { token });
      expect(pressed.error).toBeNull();
      expect(pressed.data).toMatchObject({ state: 'confirmed' });
      expect(await state(to)).toBe('confirmed');
      const [consent] = await sql<{ confirmed_at: Date | null }>(
        'select c.confirmed_at from public.newsletter_consents c join public.newsletter_subscribers s on s.id = c.subscriber_id where s.mailbox = private.mailbox_key($1)',
        [to],
      );
      expect(consent.confirmed_at).toBeInstanceOf(Date);
      expect((await h.anon.rpc('confirm_newsletter', { token })).data).toMatchObject({ state: 'confirmed' });
    });

    it('expires after 7 days: the page says so and a new e-mail can be asked for, not twice in ten minutes', async () => {
      const to = address('iztekla');
      const token = await pending(to);
      await sql(`update private.newsletter_links set expires_at = now() - interval '1 minute', created_at = now() - interval '8 days' where token_hash = private.token_hash($1)`, [token]);
      await sql(`update public.newsletter_subscribers set confirmation_sent_at = now() - interval '8 days' where mailbox = private.mailbox_key($1)`, [to]);
      expect((await h.anon.rpc('newsletter_link', { kind: 'confirm', token })).data).toMatchObject({ state: 'expired' });
      const refused = await h.anon.rpc('confirm_newsletter', { token });
      expect(refused.error?.hint).toBe('newsletter_link_expired');
      expect(refused.error?.message).toBe('Връзката е изтекла.');

      expect((await h.anon.rpc('resend_newsletter_confirmation', { token })).error).toBeNull();
      const [fresh] = await mail();
      const next = CONFIRM_LINK.exec(fresh.text)![1];
      expect(next).not.toBe(token);
      expect((await h.anon.rpc('resend_newsletter_confirmation', { token })).error?.hint).toBe('newsletter_resend_too_soon');
      // the old link is replaced; the new one works
      expect((await h.anon.rpc('newsletter_link', { kind: 'confirm', token })).data).toMatchObject({ state: 'replaced' });
      expect((await h.anon.rpc('confirm_newsletter', { token: next })).error).toBeNull();
      expect(await state(to)).toBe('confirmed');
    });

    it('confirms once: a used link never confirms again after an unsubscribe and a new sign-up, and an unsubscribe retires every link', async () => {
      const to = address('vednazh');
      const used = await pending(to);
      expect((await h.anon.rpc('confirm_newsletter', { token: used })).error).toBeNull();
      const unsubscribe = async () => expect((await h.anon.rpc('unsubscribe_newsletter', { token: await tokenOf(to) })).error).toBeNull();
      await unsubscribe();
      // anyone signs the address up again: pending, a new e-mail with a new link
      const live = await pending(to);
      // the link used before confirms nothing now, shows nothing and asks for nothing
      const again = await h.anon.rpc('confirm_newsletter', { token: used });
      expect(again.error).toMatchObject({ hint: 'newsletter_link_invalid', message: 'Тази връзка не е валидна.' });
      expect(await state(to)).toBe('pending');
      expect((await h.anon.rpc('newsletter_link', { kind: 'confirm', token: used })).data).toEqual({ state: 'unknown' });
      await sql(`update public.newsletter_subscribers set confirmation_sent_at = now() - interval '1 hour' where mailbox = private.mailbox_key($1)`, [to]);
      expect((await h.anon.rpc('resend_newsletter_confirmation', { token: used })).error?.hint).toBe('newsletter_link_invalid');
      expect(await mail()).toEqual([]);
      // an unsubscribe retires the live, unused link as well
      await unsubscribe();
      const newest = await pending(to);
      expect((await h.anon.rpc('confirm_newsletter', { token: live })).error?.hint).toBe('newsletter_link_invalid');
      expect(await state(to)).toBe('pending');
      // the newest works, once; pressing it again while confirmed changes nothing
      expect((await h.anon.rpc('confirm_newsletter', { token: newest })).data).toMatchObject({ state: 'confirmed' });
      expect((await h.anon.rpc('confirm_newsletter', { token: newest })).data).toMatchObject({ state: 'confirmed' });
      expect(
        await sql(`select count(*) filter (where used_at is not null)::int as used, count(*) filter (where retired_at is not null)::int as retired
                     from private.newsletter_links l join public.newsletter_subscribers s on s.id = l.subscriber_id where s.mailbox = private.mailbox_key($1)`, [to]),
      ).toEqual([{ used: 2, retired: 2 }]);
    });

    it('proves no mailbox for the forms: the name a stranger types is not mailed to a confirmed subscriber', async () => {
      const to = address('nedokazan');
      await confirmed(to);
      expect(await sql('select count(*)::int as n from private.proven_mailboxes where mailbox = private.mailbox_key($1)', [to])).toEqual([{ n: 0 }]);
      expect(await sql(`select count(*)::int as n from private.proven_mailboxes where how = 'newsletter'`)).toEqual([{ n: 0 }]);
      // a stranger's inquiry in the subscriber's address, with a lure for a name
      const { error } = await h.visitor().from('contact_submissions').insert({
        name: 'Спечелихте 500 EUR evil.example/claim', email: to, phone: '', company: 'Бюлетин ООД', message: 'Здравейте.', purpose: 'custom', contact_method: 'email',
      });
      expect(error).toBeNull();
      const [received, ...more] = (await mail()).filter((m) => m.to === to);
      expect(more).toEqual([]);
      expect(`${received.subject}\n${received.text}\n${received.html}`).not.toMatch(/Спечелихте|evil\.example|500 EUR/);
      expect(received.text).toContain('Здравейте!');
    });

    it('refuses a token that is not one of ours', async () => {
      const { error } = await h.anon.rpc('confirm_newsletter', { token: 'A'.repeat(43) });
      expect(error?.hint).toBe('newsletter_link_invalid');
      expect((await h.anon.rpc('newsletter_link', { kind: 'confirm', token: 'nothing' })).data).toEqual({ state: 'unknown' });
    });
  });

  describe('unsubscribing', () => {
    it('by the page’s button; a forged token is refused; signing up again starts over', async () => {
      const to = address('otpishi');
      await confirmed(to);
      const token = await tokenOf(to);
      expect((await h.anon.rpc('newsletter_link', { kind: 'unsubscribe', token })).data).toMatchObject({ state: 'ready' });
      expect(await state(to)).toBe('confirmed');
      const forged = `${token.slice(0, 33)}${'A'.repeat(32)}`;
      expect((await h.anon.rpc('unsubscribe_newsletter', { token: forged })).error?.hint).toBe('newsletter_link_invalid');
      expect((await h.anon.rpc('unsubscribe_newsletter', { token })).data).toMatchObject({ state: 'unsubscribed' });
      expect(
        await sql('select status, unsubscribed_via from public.newsletter_subscribers where mailbox = private.mailbox_key($1)', [to]),
      ).toEqual([{ status: 'unsubscribed', unsubscribed_via: 'link' }]);

      expect((await subscribe(h.visitor(), to)).error).toBeNull();
      expect(await state(to)).toBe('pending');
      expect((await mail()).map((m) => m.to)).toEqual([to]);
    });
  });

  describe('the record of an unsubscribe', () => {
    it('stays through a new sign-up: the address is pending again with a new consent, and the old consent keeps its withdrawal', async () => {
      const to = address('istoriya');
      await confirmed(to);
      expect((await h.anon.rpc('unsubscribe_newsletter', { token: await tokenOf(to), via: 'one_click' })).error).toBeNull();
      const [before] = await sql<{ id: string; unsubscribed_at: Date }>('select id, unsubscribed_at from public.newsletter_subscribers where mailbox = private.mailbox_key($1)', [to]);
      // anyone may sign the address up again; that erases nothing
      expect((await subscribe(h.visitor(), to, { page: '/blog/nova' })).error).toBeNull();
      expect(await sql('select status, unsubscribed_at, unsubscribed_via from public.newsletter_subscribers where id = $1', [before.id])).toEqual([
        { status: 'pending', unsubscribed_at: before.unsubscribed_at, unsubscribed_via: 'one_click' },
      ]);
      const consents = await sql<Record<string, unknown>>(
        'select page, confirmed_at is not null as confirmed, withdrawn_at, withdrawn_via from public.newsletter_consents where subscriber_id = $1 order by given_at, id',
        [before.id],
      );
      expect(consents).toEqual([
        { page: '/blog', confirmed: true, withdrawn_at: before.unsubscribed_at, withdrawn_via: 'one_click' },
        { page: '/blog/nova', confirmed: false, withdrawn_at: null, withdrawn_via: null },
      ]);
      // the admins read it; and nothing, not even the database's own functions, rewrites a consent
      const { data } = await admin.from('newsletter_consents').select('withdrawn_via').eq('subscriber_id', before.id).order('given_at');
      expect(data).toEqual([{ withdrawn_via: 'one_click' }, { withdrawn_via: null }]);
      for (const change of [`withdrawn_at = null, withdrawn_via = null`, `page = '/elsewhere'`, `given_at = now()`]) {
        await expect(sql(`update public.newsletter_consents set ${change} where subscriber_id = $1`, [before.id]), change).rejects.toMatchObject({ code: '55000' });
      }
      // an admin's unsubscribe is recorded as the admin's
      const [row] = (await admin.from('newsletter_subscribers').select('id').eq('id', before.id)).data!;
      expect((await admin.rpc('admin_unsubscribe_newsletter', { subscriber: row.id })).error).toBeNull();
      expect(
        await sql('select withdrawn_via from public.newsletter_consents where subscriber_id = $1 order by given_at, id', [before.id]),
      ).toEqual([{ withdrawn_via: 'one_click' }, { withdrawn_via: 'admin' }]);
    });
  });

  describe('sending a post', () => {
    const status = async (postId: string) => (await admin.rpc('newsletter_send_status', { post: postId })).data as Record<string, unknown>;
    const run = async () => {
      await sql('select private.process_newsletter()');
      h.local.net.kick();
      await h.local.net.settled();
      await sql('select private.process_newsletter()');
    };

    it('goes first as a test to the admin, then once to each confirmed subscriber, with both unsubscribe headers', async () => {
      // the only subscribers of this test: earlier ones are set aside
      await sql(`update public.newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = now(), unsubscribed_via = 'admin' where status in ('pending', 'confirmed')`);
      const readers = [address('chitatel-a'), address('chitatel-b')];
      for (const to of readers) await confirmed(to);
      const waiting = address('ne-e-potvardil');
      await pending(waiting);
      const gone = address('otpisal-se');
      await confirmed(gone);
      await h.anon.rpc('unsubscribe_newsletter', { token: await tokenOf(gone) });
      const bounced = address('otskocha');
      await confirmed(bounced);
      expect((await h.service.rpc('record_mail_event', { event_id: `evt-${unique()}`, kind: 'bounced_hard', address: bounced })).data).toBe('suppressed');
      await mail();

      const id = await post('Как да автоматизираме офертите');
      const content = email('Текстът на публикацията.');
      expect((await admin.rpc('start_newsletter_send', { post: id, ...content })).error?.hint).toBe('newsletter_test_first');
      const tested = await admin.rpc('send_newsletter_test', { post: id, ...content });
      expect(tested.error).toBeNull();
      expect(tested.data).toEqual({ sent_to: 'admin@example.com' });
      const [test] = await mail();
      expect(test).toMatchObject({ to: 'admin@example.com', subject: '[Тест] Как да автоматизираме офертите' });
      expect(test.html).toContain('<p>Текстът на публикацията.</p>');
      // a test of other content does not count for this one
      expect((await admin.rpc('start_newsletter_send', { post: id, ...email('Друго') })).error?.hint).toBe('newsletter_test_first');

      const started = await admin.rpc('start_newsletter_send', { post: id, ...content });
      expect(started.error).toBeNull();
      expect(started.data).toMatchObject({ status: 'sending', total: 2 });
      await run();
      expect(await status(id)).toMatchObject({ status: 'done', total: 2, sent: 2, failed: 0, queued: 0 });

      const sent = await mail();
      expect(sent.map((m) => m.to).sort()).toEqual([...readers].sort());
      for (const message of sent) {
        expect(message.subject).toBe('Как да автоматизираме офертите');
        expect(message.text).toContain('Текстът на публикацията.');
        const token = await tokenOf(message.to);
        expect(message.headers).toMatchObject({
          'List-Unsubscribe': `<${h.url}/functions/v1/newsletter-unsubscribe?token=${token}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        });
        expect(message.html).toContain(`${SITE}/newsletter/unsubscribe/${token}`);
        expect(message.text).toContain(`${SITE}/newsletter/unsubscribe/${token}`);
      }

      // never twice
      expect((await admin.rpc('start_newsletter_send', { post: id, ...content })).error?.hint).toBe('newsletter_already_sent');
      await run();
      expect(await mail()).toEqual([]);
      expect((await sql('select count(*)::int as n from private.newsletter_deliveries where post_id = $1', [id]))[0]).toEqual({ n: 2 });
    });

    it('is retried when the provider fails, resumes, and one send runs at a time', async () => {
      await sql(`update public.newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = now(), unsubscribed_via = 'admin' where status in ('pending', 'confirmed')`);
      const reader = address('povtorno');
      await confirmed(reader);
      await mail();
      const first = await post();
      const second = await post();
      const content = email('Два пъти не.');
      for (const id of [first, second]) expect((await admin.rpc('send_newsletter_test', { post: id, ...content })).error).toBeNull();
      await mail();

      await sql(`update private.mail_settings set api_url = $1`, [`${h.url}/__local/nowhere`]);
      try {
        expect((await admin.rpc('start_newsletter_send', { post: first, ...content })).error).toBeNull();
        expect((await admin.rpc('start_newsletter_send', { post: second, ...content })).error?.hint).toBe('newsletter_send_running');
        await run();
        expect(await status(first)).toMatchObject({ status: 'sending', failed: 1, sent: 0 });
      } finally {
        await sql(`update private.mail_settings set api_url = $1`, [`${h.url}/__local/mail`]);
      }
      // the retry's time has come
      await sql(`update private.newsletter_deliveries set last_attempt_at = now() - interval '1 hour' where post_id = $1`, [first]);
      await run();
      expect(await status(first)).toMatchObject({ status: 'done', sent: 1, failed: 0 });
      expect((await mail()).map((m) => m.to)).toEqual([reader]);
      expect((await admin.rpc('start_newsletter_send', { post: second, ...content })).error).toBeNull();
    });

    it('refuses an unpublished post, unsafe HTML, and anybody but an admin', async () => {
      const [draft] = await sql<{ id: string }>(
        `insert into public.blog_posts (title, slug, author, content, is_published) values ('Чернова', $1, 'А', 'Текст', false) returning id`,
        [`chernova-${unique()}`],
      );
      expect((await admin.rpc('send_newsletter_test', { post: draft.id, ...email('Текст') })).error?.hint).toBe('newsletter_post_unpublished');
      const id = await post();
      for (const html of ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '<a href="javascript:alert(1)">x</a>']) {
        expect((await admin.rpc('send_newsletter_test', { post: id, html, plain: 'x' })).error?.hint, html).toBe('newsletter_content_unsafe');
      }
      const stranger = h.as({ sub: 'b0000000-0000-4000-8000-00000000002f', email: 'news-stranger@example.com' });
      for (const client of [h.anon, stranger]) {
        expect((await client.rpc('send_newsletter_test', { post: id, ...email('x') })).error?.code).toBe('42501');
        expect((await client.rpc('start_newsletter_send', { post: id, ...email('x') })).error?.code).toBe('42501');
        expect((await client.rpc('newsletter_counts')).error?.code).toBe('42501');
      }
    });
  });

  describe('bounces and complaints', () => {
    it('suppress at once (a complaint, a hard bounce) or after three soft bounces; a replayed event changes nothing', async () => {
      const complainer = address('oplakva');
      await confirmed(complainer);
      const soft = address('myaka');
      await confirmed(soft);
      const event = `evt-${unique()}`;
      expect((await h.service.rpc('record_mail_event', { event_id: event, kind: 'complained', address: complainer })).data).toBe('suppressed');
      expect((await h.service.rpc('record_mail_event', { event_id: event, kind: 'complained', address: complainer })).data).toBe('duplicate');
      expect(
        await sql('select status, suppressed_reason from public.newsletter_subscribers where mailbox = private.mailbox_key($1)', [complainer]),
      ).toEqual([{ status: 'suppressed', suppressed_reason: 'complained' }]);

      const answers = [];
      for (let i = 0; i < 3; i++) answers.push((await h.service.rpc('record_mail_event', { event_id: `soft-${unique()}`, kind: 'bounced_soft', address: soft })).data);
      expect(answers).toEqual(['counted', 'counted', 'suppressed']);
      expect((await h.service.rpc('record_mail_event', { event_id: `x-${unique()}`, kind: 'complained', address: 'nobody@example.com' })).data).toBe('unknown_address');

      // a suppressed address signs up again: nothing is sent, the answer is the same
      expect((await subscribe(h.visitor(), complainer)).error).toBeNull();
      expect(await mail()).toEqual([]);
      expect(await state(complainer)).toBe('suppressed');
    });

    it('suppress exactly the address that bounced: never a +tag where the provider has none, nor another spelling of a Gmail mailbox', async () => {
      const event = (kind: string, to: string) => h.service.rpc('record_mail_event', { event_id: `exact-${unique()}`, kind, address: to });
      const exactly = async (to: string) =>
        (await sql<{ status: string; soft_bounces: number }>('select status, soft_bounces from public.newsletter_subscribers where lower(email) = lower($1)', [to]))[0];
      const local = `zhertva${unique()}`;
      const victim = `${local}@abv.bg`;
      await confirmed(victim);
      // an inquiry's mail to `victim+x@abv.bg` bounced: abv.bg delivers no plus addresses, so that is another address
      expect((await event('bounced_hard', `${local}+x@abv.bg`)).data).toBe('unknown_address');
      expect((await event('complained', `${local}+y@ABV.bg`)).data).toBe('unknown_address');
      for (let i = 0; i < 3; i++) expect((await event('bounced_soft', `${local}+z@abv.bg`)).data).toBe('unknown_address');
      expect(await exactly(victim)).toEqual({ status: 'confirmed', soft_bounces: 0 });

      // Gmail folds both spellings into one mailbox, and still only the stored address is the one that bounced
      const dotted = `a.b.${unique()}`;
      await confirmed(`${dotted}@gmail.com`);
      expect((await event('bounced_hard', `${dotted.replace(/\./g, '')}+novini@googlemail.com`)).data).toBe('unknown_address');
      expect(await exactly(`${dotted}@gmail.com`)).toEqual({ status: 'confirmed', soft_bounces: 0 });

      // the address itself, in any case, is suppressed
      expect((await event('bounced_hard', victim.toUpperCase())).data).toBe('suppressed');
      expect(await sql('select status, suppressed_reason from public.newsletter_subscribers where lower(email) = $1', [victim])).toEqual([
        { status: 'suppressed', suppressed_reason: 'bounced' },
      ]);
      expect((await event('bounced_soft', `${dotted.toUpperCase()}@GMAIL.COM`)).data).toBe('counted');
      expect(await exactly(`${dotted}@gmail.com`)).toEqual({ status: 'confirmed', soft_bounces: 1 });
    });

    it('are recorded only by the service role', async () => {
      const stranger = h.as({ sub: 'b0000000-0000-4000-8000-00000000003f', email: 'bounce-stranger@example.com' });
      for (const client of [h.anon, stranger, admin]) {
        const { error } = await client.rpc('record_mail_event', { event_id: 'e', kind: 'complained', address: 'someone@example.com' });
        expect(error?.code).toBe('42501');
      }
    });
  });

  describe('lifting a suppression', () => {
    const idOf = async (to: string) => (await sql<{ id: string }>('select id from public.newsletter_subscribers where lower(email) = lower($1)', [to]))[0].id;
    const lift = (client: SupabaseClient, subscriber: string, reason: unknown) => client.rpc('lift_newsletter_suppression', { subscriber, reason });
    const suppress = async (to: string, kind = 'complained') =>
      expect((await h.service.rpc('record_mail_event', { event_id: `lift-${unique()}`, kind, address: to })).data).toBe('suppressed');

    it('returns the address to the state it had, recorded with who, when and why; a reason is required', async () => {
      const to = address('vrashta');
      await confirmed(to);
      await suppress(to);
      const id = await idOf(to);
      for (const reason of ['', '   ', '\n\t', null]) {
        const { error } = await lift(admin, id, reason);
        expect(error?.code, String(reason)).toBe('22023');
        expect(error?.hint).toBe('lift_reason_required');
        expect(error?.message).toBe('Напишете защо премахвате блокирането.');
      }
      const long = await lift(admin, id, 'я'.repeat(501));
      expect(long.error?.hint).toBe('lift_reason_too_long');
      expect(long.error?.message).toBe('Причината е твърде дълга: до 500 знака.');
      expect(await state(to)).toBe('suppressed');
      const [{ suppressed_at: suppressedAt }] = await sql<{ suppressed_at: Date }>('select suppressed_at from public.newsletter_subscribers where id = $1', [id]);

      const { data, error } = await lift(admin, id, '  Клиентът потвърди по телефона, че адресът работи.\n');
      expect(error).toBeNull();
      expect(data).toBe('confirmed');
      expect(await sql('select status, suppressed_reason, suppressed_at, soft_bounces from public.newsletter_subscribers where id = $1', [id])).toEqual([
        { status: 'confirmed', suppressed_reason: null, suppressed_at: null, soft_bounces: 0 },
      ]);
      const [me] = await sql<{ id: string }>(`select id from public.blog_users where user_id = $1`, [ADMIN.sub]);
      const { data: record, error: readError } = await admin
        .from('newsletter_suppression_lifts')
        .select('subscriber_id, suppressed_reason, suppressed_at, restored_status, reason, lifted_by, lifted_by_name, lifted_at')
        .eq('subscriber_id', id);
      expect(readError).toBeNull();
      expect(record).toEqual([
        {
          subscriber_id: id,
          suppressed_reason: 'complained',
          suppressed_at: expect.any(String),
          restored_status: 'confirmed',
          reason: 'Клиентът потвърди по телефона, че адресът работи.',
          lifted_by: me.id,
          lifted_by_name: 'Мария Иванова',
          lifted_at: expect.any(String),
        },
      ]);
      expect(new Date(record![0].suppressed_at as string).getTime()).toBe(suppressedAt.getTime());

      // nothing left to lift; a new bounce suppresses it again, and a second lift is a second record
      expect((await lift(admin, id, 'Отново')).error).toMatchObject({ code: 'P0001', hint: 'newsletter_not_suppressed', message: 'Този адрес вече не е блокиран.' });
      await suppress(to, 'bounced_hard');
      expect((await lift(admin, id, 'Пощенската кутия е възстановена.')).data).toBe('confirmed');
      expect((await admin.from('newsletter_suppression_lifts').select('reason').eq('subscriber_id', id).order('id')).data).toEqual([
        { reason: 'Клиентът потвърди по телефона, че адресът работи.' },
        { reason: 'Пощенската кутия е възстановена.' },
      ]);
      expect((await lift(admin, '00000000-0000-4000-8000-000000000000', 'Няма го')).error).toMatchObject({ code: 'P0002', hint: 'subscriber_gone' });
    });

    it('returns a pending address to pending, and an unsubscribed one to unsubscribed', async () => {
      const waiting = address('chaka-otskok');
      await pending(waiting);
      await suppress(waiting, 'bounced_hard');
      expect((await lift(admin, await idOf(waiting), 'Грешно отчетен отказ.')).data).toBe('pending');
      expect(await state(waiting)).toBe('pending');

      const left = address('otpisan-otskok');
      await confirmed(left);
      expect((await h.anon.rpc('unsubscribe_newsletter', { token: await tokenOf(left) })).error).toBeNull();
      await suppress(left);
      expect((await lift(admin, await idOf(left), 'Оплакването не е негово.')).data).toBe('unsubscribed');
      expect(await sql('select status, unsubscribed_via from public.newsletter_subscribers where lower(email) = $1', [left])).toEqual([
        { status: 'unsubscribed', unsubscribed_via: 'link' },
      ]);
    });

    it('is refused to everyone but an admin (42501); its record is append-only and goes only with an erasure', async () => {
      const to = address('ne-admin');
      await confirmed(to);
      await suppress(to);
      const id = await idOf(to);
      const stranger = h.as({ sub: 'b0000000-0000-4000-8000-00000000005f', email: 'lift-stranger@example.com' });
      const inactive = h.as({ sub: 'a0000000-0000-4000-8000-000000000002', email: 'georgi@example.com' });
      for (const client of [h.anon, stranger, inactive]) {
        expect((await lift(client, id, 'Опит')).error?.code).toBe('42501');
      }
      expect(await state(to)).toBe('suppressed');

      expect((await lift(admin, id, 'Проверено')).error).toBeNull();
      expect((await h.anon.from('newsletter_suppression_lifts').select('id')).error?.code).toBe('42501');
      expect((await stranger.from('newsletter_suppression_lifts').select('id')).data ?? []).toEqual([]);
      // not even an admin writes it but through the function
      expect((await admin.from('newsletter_suppression_lifts').insert({ subscriber_id: id, suppressed_reason: 'bounced', restored_status: 'confirmed', reason: 'x' })).error?.code).toBe('42501');
      expect((await admin.from('newsletter_suppression_lifts').update({ reason: 'друго' }).eq('subscriber_id', id)).error?.code).toBe('42501');
      expect((await admin.from('newsletter_suppression_lifts').delete().eq('subscriber_id', id)).error?.code).toBe('42501');
      // nor the database's owner
      await expect(sql(`update public.newsletter_suppression_lifts set reason = 'друго' where subscriber_id = $1`, [id])).rejects.toThrow(/append-only/);
      await expect(sql('delete from public.newsletter_suppression_lifts where subscriber_id = $1', [id])).rejects.toThrow(/append-only/);
      expect((await admin.from('newsletter_suppression_lifts').select('reason').eq('subscriber_id', id)).data).toEqual([{ reason: 'Проверено' }]);

      // an erasure on request takes the person's record with it
      expect((await admin.rpc('erase_newsletter_subscriber', { subscriber: id })).error).toBeNull();
      expect(await sql('select 1 from public.newsletter_suppression_lifts where subscriber_id = $1', [id])).toEqual([]);
    });
  });

  describe('who reads what', () => {
    it('admins read subscribers and consents and act on them; strangers and visitors read nothing', async () => {
      const to = address('admin-vizhda');
      await confirmed(to);
      const stranger = h.as({ sub: 'b0000000-0000-4000-8000-00000000004f', email: 'reader-stranger@example.com' });
      for (const table of ['newsletter_subscribers', 'newsletter_consents', 'newsletter_sends', 'newsletter_suppression_lifts']) {
        expect((await h.anon.from(table).select('id').limit(1)).error?.code, table).toBe('42501');
        expect((await stranger.from(table).select('id')).data ?? [], table).toEqual([]);
        expect((await h.anon.from(table).insert({})).error?.code, table).toBe('42501');
      }
      const { data: rows } = await admin.from('newsletter_subscribers').select('id, email, status').eq('email', to);
      expect(rows).toEqual([{ id: expect.any(String), email: to, status: 'confirmed' }]);
      const id = rows![0].id as string;
      expect((await admin.from('newsletter_subscribers').update({ status: 'pending' }).eq('id', id)).error?.code).toBe('42501');
      const counts = (await admin.rpc('newsletter_counts')).data as Record<string, number>;
      expect(counts.confirmed).toBeGreaterThan(0);

      expect((await admin.rpc('admin_unsubscribe_newsletter', { subscriber: id })).error).toBeNull();
      expect(await state(to)).toBe('unsubscribed');
      const before = (await sql<{ n: number }>('select count(*)::int as n from private.newsletter_erasures'))[0].n;
      expect((await admin.rpc('erase_newsletter_subscriber', { subscriber: id })).error).toBeNull();
      expect(await state(to)).toBeUndefined();
      expect((await sql('select 1 from public.newsletter_consents where subscriber_id = $1', [id])).length).toBe(0);
      expect((await sql<{ n: number }>('select count(*)::int as n from private.newsletter_erasures'))[0].n).toBe(before + 1);
    });
  });
}
