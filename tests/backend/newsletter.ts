// The newsletter (migration *_newsletter.sql): double opt-in through the footer's sign-up, whose
// answer is the same for every address; links that change nothing until their button is pressed;
// a post sent once to each confirmed subscriber through the provider's batch API, with both
// unsubscribe headers; unsubscribing; bounces and complaints. Defined once and run against the
// stand-in (newsletter.test.ts) and PostgreSQL 15 (rls-matrix.postgres.test.ts), with the
// stand-in's mail catcher as the provider.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Harness } from './harness.ts';
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
      `insert into private.mail_settings (api_url, sender, reply_to, site_url, functions_url)
       values ($1, 'Синаптика <zdravei@sinaptika.example>', 'zdravei@sinaptika.example', $2, $3)
       on conflict (id) do update set api_url = excluded.api_url, site_url = excluded.site_url, functions_url = excluded.functions_url`,
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
