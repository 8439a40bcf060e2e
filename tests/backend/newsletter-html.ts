// The newsletter's HTML (migration *_newsletter_html.sql, src/admin/posts/newsletter-email.tsx):
// the database refuses every classic payload handed straight to send_newsletter_test and
// start_newsletter_send (bypassing the editor), and anything else outside the allowlist however
// it is written; it accepts what the editor makes of a real post; and what reaches the mail catcher,
// as a test and as the newsletter, carries none of the payloads an author could type. Defined once
// and run against the stand-in (newsletter-html.test.ts) and PostgreSQL 15
// (rls-matrix.postgres.test.ts).
import type { SupabaseClient } from '@supabase/supabase-js';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newsletterEmail } from '@/admin/posts/newsletter-email';
import type { Harness } from './harness.ts';
import type { CaughtMail } from './booking-conversation.ts';
import { emailProblems, PAYLOADS, REAL_POST } from './fixtures/html-payloads.ts';

const ADMIN = { sub: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' };
const SITE = 'https://sinaptika.example';
/** The refusal's words: Bulgarian, and saying it is the e-mail's HTML. */
const UNSAFE = /^Имейлът съдържа .+, който бюлетинът не допуска/;

type Mail = CaughtMail & { headers?: Record<string, string> };

export function defineNewsletterHtml(start: () => Promise<Harness>): void {
  let h: Harness;
  let admin: SupabaseClient;
  let limits: { name: string; value: number }[] = [];
  let n = 0;
  const { window } = new JSDOM();
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    h.local.db.asSystem(async (tx) => (await tx.query<T>(text, params)).rows);
  const unique = () => `${++n}x${process.pid}x${Date.now() % 100000}`;

  /** The messages the catcher got since the last call; the catcher is emptied. */
  const mail = async (): Promise<Mail[]> => {
    h.local.net.kick();
    await h.local.net.settled();
    const all = (await (await fetch(`${h.url}/__local/mail`)).json()) as Mail[];
    await fetch(`${h.url}/__local/mail`, { method: 'DELETE' });
    return all.reverse();
  };
  /** A published post of its own, with this markdown. */
  async function post(content: string): Promise<{ id: string; content: string; excerpt: string | null }> {
    const [row] = await sql<{ id: string }>(
      `insert into public.blog_posts (title, slug, author, content, excerpt, is_published, published_at)
       values ($1, $2, 'Мария Иванова', $3, 'Кратко', true, now() - interval '1 hour') returning id`,
      [`Бюлетин ${unique()}`, `buletin-html-${unique()}`, content],
    );
    return { id: row.id, content, excerpt: 'Кратко' };
  }
  /** The newsletter's sends so far: finished, so a new one may start (one runs at a time). */
  const finishSends = () => sql(`update public.newsletter_sends set status = 'done', finished_at = now() where status = 'sending'`);
  /** Two confirmed readers, the only ones this send reaches. */
  async function readers(): Promise<string[]> {
    await sql(`update public.newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = now(), unsubscribed_via = 'admin' where status in ('pending', 'confirmed')`);
    const addresses = [`chitatel-html-a-${unique()}@example.com`, `chitatel-html-b-${unique()}@example.com`];
    for (const email of addresses) {
      await sql(`insert into public.newsletter_subscribers (email, mailbox, status, confirmed_at) values ($1, $1, 'confirmed', now())`, [email]);
    }
    return addresses;
  }
  /** Sends a post as the editor would: its e-mail, a test to the admin, then to the readers. */
  async function send(id: string, email: { html: string; plain: string }): Promise<Mail[]> {
    const tested = await admin.rpc('send_newsletter_test', { post: id, ...email });
    expect(tested.error).toBeNull();
    const started = await admin.rpc('start_newsletter_send', { post: id, ...email });
    expect(started.error).toBeNull();
    await sql('select private.process_newsletter()');
    h.local.net.kick();
    await h.local.net.settled();
    await sql('select private.process_newsletter()');
    expect((await admin.rpc('newsletter_send_status', { post: id })).data).toMatchObject({ status: 'done', sent: 2, failed: 0 });
    return mail();
  }

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
    limits = await sql<{ name: string; value: number }>(`select name, value from private.intake_limits where name in ('mail_per_hour', 'mail_per_domain_per_hour')`);
    await sql(`update private.intake_limits set value = 100000 where name in ('mail_per_hour', 'mail_per_domain_per_hour')`);
    await finishSends();
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

  describe('the database', () => {
    it(`refuses each of the ${PAYLOADS.length} classic payloads sent straight to it, in Bulgarian, and sends nothing`, async () => {
      const { id } = await post('Текст.');
      const answers = await Promise.all(
        PAYLOADS.flatMap((payload) =>
          ['send_newsletter_test', 'start_newsletter_send'].map(async (rpc) => {
            const html = `<p>Здравейте!</p>${payload.html}<p>Край.</p>`;
            return { rpc, payload, error: (await admin.rpc(rpc, { post: id, html, plain: 'Здравейте! Край.' })).error };
          }),
        ),
      );
      const through: string[] = [];
      for (const { rpc, payload, error } of answers) {
        if (error?.hint !== 'newsletter_content_unsafe') through.push(`${rpc}: ${payload.name} (${error?.hint ?? 'accepted'})`);
        else if (error.code !== '22023' || !UNSAFE.test(error.message)) through.push(`${rpc}: ${payload.name} refused as ${error.code} "${error.message}"`);
      }
      expect(through).toEqual([]);
      expect(await mail()).toEqual([]);
      expect(await sql('select 1 from private.newsletter_tests where post_id = $1', [id])).toEqual([]);
      expect(await sql('select 1 from public.newsletter_sends where post_id = $1', [id])).toEqual([]);
    });

    it('refuses anything but the canonical form the editor writes, however it is hidden', async () => {
      const { id } = await post('Текст.');
      const refused = async (html: string) => (await admin.rpc('send_newsletter_test', { post: id, html, plain: 'Текст' })).error;
      const cases: [string, string, RegExp][] = [
        ['an unknown element', '<p>a</p><div>b</div>', /елемент <div>/],
        ['an upper-case tag', '<P>a</P>', /HTML/],
        ['a self-closing tag', '<p>a<br/>b</p>', /HTML/],
        ['a tag split over lines', '<a\nhref="https://example.com/">x</a>', /HTML/],
        ['single quotes', "<a href='https://example.com/'>x</a>", /HTML/],
        ['no quotes', '<ol start=2><li>x</li></ol>', /HTML/],
        ['two spaces', '<a  href="https://example.com/">x</a>', /HTML/],
        ['an attribute twice', '<a href="https://example.com/" href="javascript:alert(1)">x</a>', /атрибут href на <a>/],
        ['an attribute of another element', '<p title="x">a</p>', /атрибут title на <p>/],
        ['a relative address', '<a href="/blog">x</a>', /връзка/],
        ['an address with no scheme', '<a href="//evil.example/">x</a>', /връзка/],
        ['an encoded scheme', '<a href="&#x6a;avascript:alert(1)">x</a>', /HTML/],
        ['an entity in the text', '<p>a&nbsp;b</p>', /HTML/],
        ['a numeric entity in the text', '<p>&#60;script&#62;</p>', /HTML/],
        ['an ampersand alone', '<p>a & b</p>', /HTML/],
        ['a raw > in the text', '<p>a > b</p>', /HTML/],
        ['a raw < in the text', '<p>a < b</p>', /HTML/],
        ['a raw < in a value', '<a href="https://example.com/" title="<b>">x</a>', /HTML/],
        ['a comment', '<p>a</p><!-- x -->', /HTML/],
        ['a doctype', '<!doctype html><p>a</p>', /HTML/],
        ['a processing instruction', '<?xml version="1.0"?><p>a</p>', /HTML/],
        ['an element left open', '<p>a', /HTML/],
        ['an end tag too many', '<p>a</p></p>', /HTML/],
        ['the frame closed from inside', '<p>a</p></div></body>', /HTML/],
        ['tags crossed', '<p><strong>a</p></strong>', /HTML/],
        ['a tag cut off', '<p>a</p><p', /HTML/],
        ['an end tag of a void element', '<p>a<br></br></p>', /HTML/],
        ['a control character', '<p>a\u0008b</p>', /HTML/],
        ['a style property not allowed', '<p style="position:fixed">a</p>', /стил/],
        ['a style function', '<p style="color:rgb(1,2,3)">a</p>', /стил/],
        ['a style escape', '<p style="color:\\72 ed">a</p>', /стил/],
        ['a style comment', '<p style="color:red/**/">a</p>', /стил/],
        ['a negative margin over the footer', '<p style="margin:0 0 -200px">a</p>', /стил/],
        ['an entity in a style', '<p style="color:&quot;red&quot;">a</p>', /стил/],
        ['a start that is no number', '<ol start="1e9"><li>x</li></ol>', /атрибут start на <ol>/],
        ['an alignment that is none', '<table><tr><td align="justify;x">a</td></tr></table>', /атрибут align на <td>/],
      ];
      const errors = await Promise.all(cases.map(([, html]) => refused(html)));
      const through: string[] = [];
      for (const [i, [name, , words]] of cases.entries()) {
        const error = errors[i];
        if (error?.hint !== 'newsletter_content_unsafe' || !UNSAFE.test(error.message) || !words.test(error.message)) {
          through.push(`${name}: ${error?.hint ?? 'accepted'} ${error?.message ?? ''}`);
        }
      }
      expect(through).toEqual([]);
      expect(await mail()).toEqual([]);
    });

    it('says in Bulgarian that an e-mail without text or too long cannot go', async () => {
      const { id } = await post('Текст.');
      const empty = await admin.rpc('send_newsletter_test', { post: id, html: ' ', plain: 'Текст' });
      expect(empty.error).toMatchObject({ hint: 'newsletter_content_empty', message: 'Публикацията няма текст за имейла.' });
      const long = await admin.rpc('send_newsletter_test', { post: id, html: `<p>${'а'.repeat(210_000)}</p>`, plain: 'Текст' });
      expect(long.error).toMatchObject({ hint: 'newsletter_content_too_long', message: 'Публикацията е твърде дълга за имейл.' });
    });
  });

  describe('the editor’s e-mail', () => {
    it('is accepted for a real post and arrives as the editor rendered it, as a test and as the newsletter', async () => {
      const to = await readers();
      const p = await post(REAL_POST);
      const email = newsletterEmail(p, SITE, window);
      // not vacuous: the post's parts are there
      for (const part of ['<h2>Какво направихме</h2>', '<strong>всички</strong>', '<del>дълги</del>', '<blockquote', '<table', '<td align="right"', '<pre', 'href="https://sinaptika.example/project/crm"', 'href="mailto:zdravei@sinaptika.example"', 'звъннете на +359 2 123 4567.', 'a=1&amp;b=2', '&gt; 0 &amp;&amp; h &lt; 8', '<sup>1</sup>', '<br>']) {
        expect(email.html, part).toContain(part);
      }
      const sent = await send(p.id, email);
      expect(sent.map((m) => m.to).sort()).toEqual([ADMIN.email, ...to].sort());
      for (const message of sent) {
        expect(message.html, message.to).toContain(email.html);
        expect(emailProblems(message.html, window, { frame: true }), message.to).toEqual([]);
      }
    });

    it('carries none of the payloads an author could type, to the admin or to the readers', async () => {
      const to = await readers();
      const content = PAYLOADS.map((payload, i) => `${payload.markdown}\n\nСлед пример ${i + 1}.`).join('\n\n');
      const p = await post(content);
      const email = newsletterEmail(p, SITE, window);
      const sent = await send(p.id, email);
      expect(sent.map((m) => m.to).sort()).toEqual([ADMIN.email, ...to].sort());
      for (const message of sent) {
        // the text around each payload arrived
        PAYLOADS.forEach((_, i) => expect(message.html).toContain(`<p>След пример ${i + 1}.</p>`));
        expect(emailProblems(message.html, window, { frame: true }), message.to).toEqual([]);
        expect(message.html).not.toMatch(/<(script|svg|img|iframe|object|embed|form|meta http|base|style|link|frame|math|noscript|video|details)\b/i);
        // (an event handler's words may stay as text: a title that tried to close its tag is a title)
        expect(message.html).not.toMatch(/javascript:|vbscript:|data:text|expression\(/i);
        expect(message.text).not.toMatch(/tracker\.example|javascript:|vbscript:|data:text/i);
      }
    });
  });
}
