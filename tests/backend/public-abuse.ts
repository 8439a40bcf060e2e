// What the public sends cannot be turned against others (migrations *_visitors_by_network.sql,
// *_mail_without_relay.sql, *_api_surface.sql), through the real supabase-js with the anonymous
// key, as a stranger would call the API:
//   * a visitor is a network: an IPv4 address or an IPv6 /64, with a wider tier (/24, /48);
//   * near a ceiling, and past a network's limit, the database asks for a proof of work instead of
//     refusing, at the level the form demands of that visitor, and a person who proves it gets
//     through however many bots fill the ceiling; a proof is good for its own form and visitor only;
//   * addresses count as mailboxes; mail carries no text a stranger typed to a mailbox that has not
//     answered, at most a few messages reach one mailbox a day, and a circuit breaker holds the rest;
//   * invitations and the chat cannot be injected; links are few and retire each other;
//   * anonymous readers get no staff ids (select=* answers rows without them), and the mail key is in Vault.
// Defined once and run against the stand-in (public-abuse.test.ts) and PostgreSQL 15
// (rls-matrix.postgres.test.ts).
import ICAL from 'ical.js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useLocalMailCatcher } from '../../supabase/local/server.ts';
import type { CaughtMail } from './booking-conversation.ts';
import { setIntakeLimits, type Harness } from './harness.ts';
import { MAIL_BUDGETS } from './mail-budgets.ts';
import { challenge, levelOf, solve, type Challenge } from './proof-of-work.ts';
import { bookableDay } from './slots.ts';

/** Days a month ahead, each its own, so this suite books no slot another suite on the database books. */
const DAYS = Array.from({ length: 12 }, (_, i) => bookableDay(31 + i * 2));

const inquiry = (email: string, name = 'Мария Проверкова') => ({
  name,
  email,
  phone: '',
  company: 'Фирма',
  message: 'Здравейте.',
  purpose: 'custom',
  contact_method: 'email',
});

export function definePublicAbuse(start: () => Promise<Harness>): void {
  let h: Harness;
  let networks = 0;
  const run = process.pid % 200;
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    h.local.db.asSystem(async (tx) => (await tx.query<T>(text, params)).rows);
  /** An IPv6 /48 of its own, as its first three groups (no other test of this run meets it). */
  const network6 = () => `2001:db8:${((run * 97 + ++networks) & 0xffff).toString(16)}`;
  const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${++networks}`;

  /** Everything the catcher received since the last call, oldest first. */
  const mail = async (): Promise<CaughtMail[]> => {
    h.local.net.kick();
    await h.local.net.settled();
    const all = (await (await fetch(`${h.url}/__local/mail`)).json()) as CaughtMail[];
    await fetch(`${h.url}/__local/mail`, { method: 'DELETE' });
    return all.reverse();
  };
  const runMailJob = async () => {
    await sql('select private.process_mail_outbox()');
    h.local.net.kick();
    await h.local.net.settled();
  };
  /** Forms of the last minute already stored (by any suite on this database): the ceilings count them too. */
  const recent = async (table: 'contact_submissions' | 'appointments' | 'newsletter') =>
    table === 'newsletter'
      ? (await sql<{ n: number }>(`select count(*)::int as n from private.newsletter_intake where created_at > now() - interval '1 minute'`))[0].n
      : (await sql<{ n: number }>(`select count(*)::int as n from public.${table} where created_at > now() - interval '1 minute'`))[0].n;
  const signUp = (client: SupabaseClient, proof?: string) =>
    client.rpc('subscribe_newsletter', { email: `${unique('nl')}@example.org`, page: '/', wording_version: '2026-12', fill_ms: 5000, ...(proof ? { proof } : {}) });
  const rowsNamed = async (table: string, column: string, value: string) =>
    (await sql<{ n: number }>(`select count(*)::int as n from public.${table} where ${column} = $1`, [value]))[0].n;

  beforeAll(async () => {
    h = await start();
    // the tests play the mail job's minute themselves
    await sql(`update cron.job set active = false where jobname = 'booking-mail'`);
  });
  afterAll(async () => {
    await sql(`update cron.job set active = true where jobname = 'booking-mail'`);
    await setIntakeLimits(h.local.db, { inquiries_per_minute: 100_000, bookings_per_minute: 100_000, newsletter_per_minute: 100_000 });
    await sql('delete from private.mail_settings');
    await sql(`select private.set_vault_secret('mail_api_key', null), private.set_vault_secret('chat_webhook_url', null)`);
    await h.close();
  });
  beforeEach(async () => {
    // each test starts under every ceiling and with no mail sent in the last hour
    await sql(`delete from public.appointments where preferred_date >= $1`, [DAYS[0].range.range_start]);
    await sql(`delete from public.contact_submissions where company = 'Фирма'`);
    // mail sent or left over before (by any suite on this database) is out of the breaker's hour and the daily counts
    await sql(`update private.mail_outbox
                  set status = case when status in ('pending', 'held', 'failed') then 'given_up' else status end,
                      payload = case when status in ('pending', 'held', 'failed') then null else payload end,
                      last_attempt_at = now() - interval '2 hours', created_at = now() - interval '2 days'`);
    await setIntakeLimits(h.local.db, {
      inquiries_per_minute: 100_000, bookings_per_minute: 100_000, newsletter_per_minute: 100_000,
      bookings_pending_per_network: 6, inquiries_per_network_per_10_minutes: 10, proof_grace_seconds: 60,
    });
    // the newsletter's ceiling counts the sign-ups of the last minute: those of earlier tests leave it
    await sql(`update private.newsletter_intake set created_at = now() - interval '2 minutes' where created_at > now() - interval '2 minutes'`);
  });

  describe('one network is one visitor', () => {
    it('20 inquiries from one IPv6 /64 store 3; a visitor from elsewhere is not affected', async () => {
      const net = network6();
      const hints: string[] = [];
      for (let i = 1; i <= 20; i++) {
        const { error } = await h.visitor(`${net}:0:${i.toString(16)}::${i.toString(16)}`).from('contact_submissions').insert(inquiry(`${unique('v6')}@example.org`));
        hints.push(error?.hint ?? 'stored');
      }
      expect(hints.filter((x) => x === 'stored')).toHaveLength(3);
      expect(hints.slice(3).every((x) => x === 'inquiry_limit_client')).toBe(true);
      const { error } = await h.visitor(`${network6()}::1`).from('contact_submissions').insert(inquiry(`${unique('other')}@example.org`));
      expect(error).toBeNull();
    });

    it('bookings from one IPv6 /64 stop at 2 pending, whatever addresses it rotates through', async () => {
      const net = network6();
      const hints: string[] = [];
      for (let i = 1; i <= 6; i++) {
        const { error } = await h.visitor(`${net}:0:0:0:${i}:${i}`).from('appointments').insert({
          client_name: 'Бот', client_email: `${unique('b6')}@example.org`, preferred_date: DAYS[0].at(9 + i),
        });
        hints.push(error?.hint ?? 'stored');
      }
      expect(hints).toEqual(['stored', 'stored', 'booking_limit_client', 'booking_limit_client', 'booking_limit_client', 'booking_limit_client']);
    });

    it('an IPv4 visitor seen through IPv6 is that IPv4 visitor', async () => {
      const v4 = `192.0.2.${(run % 250) + 1}`;
      for (let i = 0; i < 3; i++) {
        expect((await h.visitor(i % 2 ? `::ffff:${v4}` : v4).from('contact_submissions').insert(inquiry(`${unique('m')}@example.org`))).error).toBeNull();
      }
      expect((await h.visitor(`::ffff:${v4}`).from('contact_submissions').insert(inquiry(`${unique('m')}@example.org`))).error?.hint).toBe('inquiry_limit_client');
    });

    it('a wider network asks for work from half its limit, harder past it, and never refuses; the visitor\'s own limit still does', async () => {
      // a network limit of 4 inquiries in 10 minutes (10 by default) keeps the work short
      await setIntakeLimits(h.local.db, { inquiries_per_network_per_10_minutes: 4 });
      const net = network6(); // one /48: a /64 of it per visitor
      const visitorIn = (i: number) => h.visitor(`${net}:${i.toString(16)}::1`);
      const inquire = async (client: SupabaseClient, proof?: string) =>
        client.from('contact_submissions').insert({ ...inquiry(`${unique('w')}@example.org`), ...(proof ? { proof } : {}) });
      const withWork = async (client: SupabaseClient) => inquire(client, solve(await challenge('inquiry', client)));
      for (let i = 1; i <= 2; i++) expect((await inquire(visitorIn(i))).error).toBeNull();
      // half the network's limit: from here every inquiry of the network proves work
      expect((await inquire(visitorIn(3))).error).toMatchObject({ code: 'P0001', hint: 'intake_proof_required', details: 'level 1' });
      const early = await challenge('inquiry', visitorIn(30));
      expect(levelOf(early)).toBe(1);
      for (let i = 3; i <= 4; i++) expect((await withWork(visitorIn(i))).error).toBeNull();
      // at the limit the network is not refused (an office behind one address block stays open):
      // the work is harder, as past a site-wide ceiling
      expect((await inquire(visitorIn(5))).error).toMatchObject({ hint: 'intake_proof_required', details: 'level 2' });
      const past = await challenge('inquiry', visitorIn(5));
      expect({ level: levelOf(past), maxnumber: past.maxnumber }).toEqual({ level: 2, maxnumber: 25_000 * 4 });
      expect((await inquire(visitorIn(5), solve(past))).error).toBeNull();
      for (let i = 6; i <= 8; i++) expect((await withWork(visitorIn(i))).error).toBeNull();
      // twice the limit: harder again; a challenge fetched two levels ago is too easy now
      expect(levelOf(await challenge('inquiry', visitorIn(9)))).toBe(3);
      expect((await inquire(visitorIn(30), solve(early))).error).toMatchObject({ hint: 'intake_proof_required', details: 'level 3' });
      expect((await withWork(visitorIn(9))).error).toBeNull();
      // the visitor's own /64 still stops at three, proof or not
      await setIntakeLimits(h.local.db, { inquiries_per_network_per_10_minutes: 10_000 });
      const one = visitorIn(40);
      for (let i = 0; i < 3; i++) expect((await inquire(one)).error).toBeNull();
      expect((await inquire(one)).error?.hint).toBe('inquiry_limit_client');
      // the IPv4 /24 is one such network too, and a visitor of another network is not affected
      await setIntakeLimits(h.local.db, { inquiries_per_network_per_10_minutes: 10 });
      const v4 = `198.51.${(run % 250) + 1}`;
      for (let i = 1; i <= 5; i++) expect((await inquire(h.visitor(`${v4}.${i}`))).error).toBeNull();
      expect((await inquire(h.visitor(`${v4}.6`))).error?.hint).toBe('intake_proof_required');
      expect((await inquire(h.visitor(`${network6()}::1`))).error).toBeNull();
    });

    it('a network holding its limit of pending bookings asks for work instead of refusing the office for weeks', async () => {
      const v4 = `203.0.${(run % 250) + 1}`; // one /24: three neighbours hold two pending bookings each
      const day = DAYS[8];
      const book = async (client: SupabaseClient, hour: number, proof?: string) =>
        client.from('appointments').insert({ client_name: 'Съсед', client_email: `${unique('office')}@example.org`, preferred_date: day.at(hour), ...(proof ? { proof } : {}) });
      const withWork = async (client: SupabaseClient, hour: number) => book(client, hour, solve(await challenge('booking', client)));
      for (const [n, hour] of [[1, 9], [1, 10], [2, 11]] as const) expect((await book(h.visitor(`${v4}.${n}`), hour)).error).toBeNull();
      for (const [n, hour] of [[2, 12], [3, 13], [3, 14]] as const) expect((await withWork(h.visitor(`${v4}.${n}`), hour)).error).toBeNull();
      // six pending bookings: the network's limit. Before, the office next door was refused until
      // they passed (booking_limit_network); now it proves harder work, and books
      const colleague = h.visitor(`${v4}.4`);
      expect((await book(colleague, 15)).error?.hint).toBe('intake_proof_required');
      const c = await challenge('booking', colleague);
      expect(levelOf(c)).toBe(2);
      expect((await book(colleague, 15, solve(c))).error).toBeNull();
      // the visitor's own limit (two pending) still refuses, proof or not
      expect((await withWork(h.visitor(`${v4}.1`), 16)).error?.hint).toBe('booking_limit_client');
    });

    it('a form without the gateway\'s client address has no visitor: it must prove work, and the database notes it', async () => {
      const insert = (proof?: string) =>
        h.local.db.asRole({ role: 'anon' }, (tx) =>
          tx.query(`insert into public.contact_submissions (name, email, company, message, purpose, contact_method, proof)
                    values ('Без адрес', $1, 'Фирма', 'Здравейте.', 'custom', 'email', $2)`, [`${unique('nohdr')}@example.org`, proof ?? null]),
        { headers: { 'user-agent': 'test' } });
      await expect(insert()).rejects.toMatchObject({ code: 'P0001', hint: 'intake_proof_required' });
      const [{ c }] = await h.local.db.asRole({ role: 'anon' }, async (tx) => (await tx.query<{ c: Challenge }>(`select public.intake_challenge('inquiry') as c`)).rows, { headers: { 'user-agent': 'test' } });
      await insert(solve(c));
      const [seen] = await sql<{ without: boolean }>(`select last_without > now() - interval '1 minute' as without from private.gateway_seen`);
      expect(seen.without).toBe(true);
      // the proof was spent by the row it let in, so it cannot let in another
    });
  });

  describe('a ceiling that asks instead of refusing', () => {
    it('from half the inquiry ceiling a form proves work; a proof is single use, signed, unexpired and hard enough', async () => {
      // a ceiling whose half is 15 forms away
      await setIntakeLimits(h.local.db, { inquiries_per_minute: 2 * ((await recent('contact_submissions')) + 15) });
      for (let i = 0; i < 15; i++) expect((await h.visitor().from('contact_submissions').insert(inquiry(`${unique('c')}@example.org`))).error).toBeNull();
      const person = h.visitor();
      const send = (proof?: string) => person.from('contact_submissions').insert({ ...inquiry(`${unique('p')}@example.org`), ...(proof ? { proof } : {}) });
      expect((await send()).error).toMatchObject({ code: 'P0001', hint: 'intake_proof_required' });

      const c = await challenge('inquiry', person);
      expect(c).toMatchObject({ algorithm: 'SHA-256', maxnumber: 25_000 });
      expect(c.salt).toMatch(/^[0-9a-f]{24}\?expires=\d+&level=1&form=inquiry$/);
      const proof = solve(c);
      // tampered: another number, another salt (a later expiry), another signature
      const parsed = JSON.parse(Buffer.from(proof, 'base64').toString());
      const forged = (patch: object) => Buffer.from(JSON.stringify({ ...parsed, ...patch })).toString('base64');
      expect((await send(forged({ number: parsed.number + 1 }))).error?.hint).toBe('intake_proof_required');
      expect((await send(forged({ salt: parsed.salt.replace(/expires=\d+/, 'expires=99999999999') }))).error?.hint).toBe('intake_proof_required');
      expect((await send(forged({ signature: 'f'.repeat(64) }))).error?.hint).toBe('intake_proof_required');
      expect((await send('not base64 json')).error?.hint).toBe('intake_proof_required');
      expect((await send(forged({ salt: parsed.salt.replace('form=inquiry', 'form=booking') }))).error?.hint).toBe('intake_proof_required');
      expect((await send(proof)).error).toBeNull();
      // spent: not again, by the same visitor or anyone
      expect((await send(proof)).error?.hint).toBe('intake_proof_required');
      expect((await h.visitor().from('contact_submissions').insert({ ...inquiry(`${unique('again')}@example.org`), proof })).error?.hint).toBe('intake_proof_required');
    });

    it('a bot pool that fills the ceiling from many networks locks out no person who proves work, and the work grows with the flood', async () => {
      // a ceiling whose half is 10 bookings away
      await setIntakeLimits(h.local.db, { bookings_per_minute: 2 * ((await recent('appointments')) + 10) });
      const day = DAYS[1];
      const slots = Array.from({ length: 16 }, (_, i) => day.at(9 + Math.floor(i / 2), (i % 2) * 30));
      const bots = slots.slice(0, 10);
      for (const slot of bots) {
        expect((await h.visitor().from('appointments').insert({ client_name: 'Бот', client_email: `${unique('bot')}@example.org`, preferred_date: slot })).error).toBeNull();
      }
      // the pool, without work, is refused from here on; an easy challenge fetched now is level 1
      const person = h.visitor();
      const easy = await challenge('booking', person);
      expect((await h.visitor().from('appointments').insert({ client_name: 'Бот', client_email: `${unique('bot')}@example.org`, preferred_date: slots[10] })).error?.hint).toBe('intake_proof_required');
      // bots that do the work fill the ceiling; past twice the ceiling a challenge is level 3, sixteen times the search
      for (const slot of slots.slice(10, 15)) {
        const bot = h.visitor();
        const proof = solve(await challenge('booking', bot));
        expect((await bot.from('appointments').insert({ client_name: 'Бот', client_email: `${unique('bot')}@example.org`, preferred_date: slot, proof })).error).toBeNull();
      }
      // the flood goes on: the last minute holds more than twice the ceiling
      await setIntakeLimits(h.local.db, { bookings_per_minute: Math.floor((await recent('appointments')) / 2) });
      const hard = await challenge('booking', person);
      expect(hard.salt).toMatch(/&level=3&form=booking$/);
      expect(hard.maxnumber).toBe(25_000 * 16);
      const book = (proof: string) => person.from('appointments').insert({ client_name: 'Човек', client_email: `${unique('person')}@example.org`, preferred_date: slots[15], proof });
      expect((await book(solve(easy))).error?.hint).toBe('intake_proof_required'); // too easy for now
      expect((await book(solve(hard))).error).toBeNull();
    });

    it('bots past twice the newsletter\'s ceiling lock no person out: its challenge is at the sign-up\'s level, however quiet the other forms', async () => {
      // bots, each from a network of its own, sign up while the ceiling is lifted; then the ceiling is
      // half of what the minute holds: past twice it, a sign-up must prove work of level 3
      for (let i = 0; i < 12; i++) expect((await signUp(h.visitor())).error).toBeNull();
      await setIntakeLimits(h.local.db, { newsletter_per_minute: Math.floor((await recent('newsletter')) / 2) });
      const person = h.visitor();
      expect((await signUp(person)).error).toMatchObject({ code: 'P0001', hint: 'intake_proof_required', details: 'level 3' });
      // the inquiries and bookings are quiet: a challenge at their level (what every form got before) is refused
      const inquiries = await challenge('inquiry', person);
      expect(levelOf(inquiries)).toBe(1);
      expect((await signUp(person, solve(inquiries))).error?.hint).toBe('intake_proof_required');
      const c = await challenge('newsletter', person);
      expect(c.salt).toMatch(/&level=3&form=newsletter$/);
      expect((await signUp(person, solve(c))).error).toBeNull();
    });

    it('a proof is good only for the form and the visitor it was issued for', async () => {
      // a network past half its sign-ups and half its inquiries: every visitor in it must work for both
      const net = network6();
      const visitorIn = (i: number) => h.visitor(`${net}:${i.toString(16)}::1`);
      for (let i = 1; i <= 5; i++) {
        expect((await signUp(visitorIn(i))).error).toBeNull();
        expect((await visitorIn(i).from('contact_submissions').insert(inquiry(`${unique('f')}@example.org`))).error).toBeNull();
      }
      const [owner, neighbour] = [visitorIn(6), visitorIn(7)];
      // the owner's newsletter proof: not for its neighbour in the same /48, not for an inquiry
      const issued = await challenge('newsletter', owner);
      const forSignUp = solve(issued);
      expect((await signUp(neighbour, forSignUp)).error?.hint).toBe('intake_proof_required');
      expect((await owner.from('contact_submissions').insert({ ...inquiry(`${unique('f')}@example.org`), proof: forSignUp })).error?.hint).toBe('intake_proof_required');
      expect((await signUp(owner, forSignUp)).error).toBeNull();
      // nor the other way round: an inquiry's proof signs no one up
      const forInquiry = solve(await challenge('inquiry', owner));
      expect((await signUp(owner, forInquiry)).error?.hint).toBe('intake_proof_required');
      expect((await neighbour.from('contact_submissions').insert({ ...inquiry(`${unique('f')}@example.org`), proof: forInquiry })).error?.hint).toBe('intake_proof_required');
      expect((await owner.from('contact_submissions').insert({ ...inquiry(`${unique('f')}@example.org`), proof: forInquiry })).error).toBeNull();
      // the challenge carries nothing of the visitor, neither its address nor its network's key:
      // the salt names the form, the signature binds the rest
      const [{ key }] = await h.local.db.asSystem(
        async (tx) => (await tx.query<{ key: string }>('select private.client_key(false) as key')).rows,
        { headers: { 'cf-connecting-ip': `${net}:6::1` } },
      );
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      expect(Object.keys(issued).sort()).toEqual(['algorithm', 'challenge', 'maxnumber', 'salt', 'signature']);
      expect(issued.salt).toMatch(/^[0-9a-f]{24}\?expires=\d+&level=1&form=newsletter$/);
      expect(JSON.stringify(issued)).not.toContain(key);
      expect(JSON.stringify(issued)).not.toContain(net);
    });

    it('a level that rose a step while the browser worked is forgiven for a minute; two steps are not', async () => {
      for (let i = 0; i < 12; i++) expect((await signUp(h.visitor())).error).toBeNull();
      const held = await recent('newsletter');
      // past the ceiling: level 2
      await setIntakeLimits(h.local.db, { newsletter_per_minute: held });
      const person = h.visitor();
      const [first, second] = [await challenge('newsletter', person), await challenge('newsletter', person)];
      expect([levelOf(first), levelOf(second)]).toEqual([2, 2]);
      // past twice it now: level 3, but the challenges were issued at 2 a moment ago
      await setIntakeLimits(h.local.db, { newsletter_per_minute: Math.floor(held / 2) });
      expect((await signUp(person, solve(first))).error).toBeNull();
      // without the grace, the same step is too easy
      await setIntakeLimits(h.local.db, { proof_grace_seconds: 0 });
      expect((await signUp(person, solve(second))).error).toMatchObject({ hint: 'intake_proof_required', details: 'level 3' });
    });

    it('admins are not visitors: the office books past every per-visitor limit, without work', async () => {
      const admin = h.newClient();
      expect((await admin.auth.signInWithPassword({ email: 'admin@example.com', password: 'admin-local-password' })).error).toBeNull();
      await setIntakeLimits(h.local.db, { bookings_per_minute: 1 });
      for (let i = 0; i < 4; i++) {
        const { error } = await admin.from('appointments').insert({ client_name: 'Клиент от телефона', client_email: 'same@example.org', preferred_date: DAYS[2].at(9 + i) });
        expect(error).toBeNull();
      }
      expect(await rowsNamed('appointments', 'client_name', 'Клиент от телефона')).toBe(4);
    });
  });

  describe('mailboxes, not spellings', () => {
    it('+tags and Gmail\'s dots are one Gmail mailbox: three inquiries an hour, then none', async () => {
      const box = `victim${run}x${++networks}`;
      const spellings = [`${box}+1@gmail.com`, `${box.slice(0, 3)}.${box.slice(3)}+2@googlemail.com`, `${box.toUpperCase()}@GMAIL.com`, `${box}+4@gmail.com`];
      const hints = [];
      for (const address of spellings) hints.push((await h.visitor().from('contact_submissions').insert(inquiry(address))).error?.hint ?? 'stored');
      expect(hints).toEqual(['stored', 'stored', 'stored', 'inquiry_limit_email']);
      expect(await sql(`select private.mailbox_key($1) as k`, [`A.B.C+x@GoogleMail.com`])).toEqual([{ k: 'abc@gmail.com' }]);
      // a +tag only where the provider delivers plus addresses: on abv.bg it is another address
      expect(await sql(`select private.mailbox_key($1) as k`, [`Victim+x@ABV.bg`])).toEqual([{ k: 'victim+x@abv.bg' }]);
    });
  });

  describe('no relay', () => {
    beforeEach(async () => {
      await useLocalMailCatcher(h.local, 'https://sinaptika.example');
      await setIntakeLimits(h.local.db, MAIL_BUDGETS);
      await mail();
    });

    it('a lure in the name never reaches the typed address; the message still says what was booked', async () => {
      const lure = 'Спечелихте 500 EUR evil.example/claim';
      const address = `${unique('lure')}@example.net`;
      expect((await h.visitor().from('appointments').insert({ client_name: lure, client_email: address, preferred_date: DAYS[3].at(10) })).error).toBeNull();
      expect((await h.visitor().from('contact_submissions').insert(inquiry(address, lure))).error).toBeNull();
      const messages = await mail();
      expect(messages.map((m) => m.to)).toEqual([address, address]);
      for (const m of messages) {
        const everything = `${m.subject}\n${m.text}\n${m.html}\n${m.attachments.map((a) => Buffer.from(a.content, 'base64').toString()).join('\n')}`;
        expect(everything).not.toMatch(/Спечелихте|evil\.example|500 EUR/);
        expect(m.text).toContain('Здравейте!');
      }
      expect(messages[0].text).toMatch(/Кога: .+10:00 \(българско време\)/);
      expect(messages[0].text).toContain('Продължителност: 30 минути');
      const ics = Buffer.from(messages[0].attachments[0].content, 'base64').toString().replace(/\r\n /g, '');
      expect(ics).toMatch(/\r\nATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:/);
      // the team still sees the name, in the inbox
      expect(await rowsNamed('appointments', 'client_name', lure)).toBe(1);
    });

    it('at most four messages a day reach one mailbox, whatever its spelling; the rest are stored as skipped', async () => {
      const box = `relay${run}x${++networks}`;
      for (let i = 0; i < 3; i++) expect((await h.visitor().from('contact_submissions').insert(inquiry(`${box}+${i}@gmail.com`))).error).toBeNull();
      for (let i = 0; i < 3; i++) {
        const { error } = await h.visitor().from('appointments').insert({ client_name: 'Х', client_email: `${box.slice(0, 2)}.${box.slice(2)}+b${i}@gmail.com`, preferred_date: DAYS[4].at(9 + i) });
        expect(error).toBeNull();
      }
      expect(await mail()).toHaveLength(4);
      await runMailJob();
      expect(await sql(`select status, count(*)::int as n from private.mail_outbox where mailbox = $1 group by status order by status`, [`${box}@gmail.com`]))
        .toEqual([{ status: 'sent', n: 4 }, { status: 'skipped', n: 2 }]);
    });

    it('the circuit breaker holds visitors\' mail past their hour\'s budget, tells the team once, and sends it in order when the hour allows', async () => {
      const hook = `${h.url}/__local/chat-webhook`;
      await sql(`select private.set_vault_secret('chat_webhook_url', $1)`, [hook]);
      await fetch(hook, { method: 'DELETE' });
      // room for two e-mails from visitors' forms this hour (mail_budgets.ts replays the floods)
      const kept = MAIL_BUDGETS.mail_kept_for_team_per_hour + MAIL_BUDGETS.mail_kept_for_bookings_per_hour;
      await setIntakeLimits(h.local.db, { mail_per_hour: kept + 2 });
      const addresses = [0, 1, 2, 3].map(() => `${unique('breaker')}@example.com`);
      for (const address of addresses) expect((await h.visitor().from('contact_submissions').insert(inquiry(address))).error).toBeNull();
      expect((await mail()).map((m) => m.to)).toEqual(addresses.slice(0, 2));
      expect(await sql(`select recipient, status, last_error from private.mail_outbox where status = 'held' order by id`)).toEqual(
        addresses.slice(2).map((recipient) => ({ recipient, status: 'held', last_error: 'held: more than 2 e-mails from visitors\' forms in an hour' })));
      h.local.net.kick();
      await h.local.net.settled();
      const alerts = ((await (await fetch(hook)).json()) as { body: { content: string; embeds: { description: string }[] } }[])
        .filter((m) => m.body.content.includes('Изходящата поща е задържана'));
      expect(alerts).toHaveLength(1);
      expect(alerts[0].body.embeds[0].description).toContain('Имейлите на екипа и тези за съществуващи резервации не чакат заради тях.');
      await runMailJob(); // still over the limit: nothing leaves, the team is not told again
      expect(await mail()).toEqual([]);
      await setIntakeLimits(h.local.db, { mail_per_hour: MAIL_BUDGETS.mail_per_hour });
      await runMailJob();
      expect((await mail()).map((m) => m.to)).toEqual(addresses.slice(2));
      await sql(`select private.set_vault_secret('chat_webhook_url', null)`);
    });

    it('holds visitors\' mail to one recipient domain past its own hourly budget, while other domains get theirs', async () => {
      await setIntakeLimits(h.local.db, { mail_per_domain_per_hour: 1, mail_kept_per_domain_per_hour: 0 });
      const domain = `${unique('dom')}.example`;
      const [a, b, other] = [`a@${domain}`, `b@${domain}`, `${unique('o')}@example.org`];
      for (const address of [a, b, other]) expect((await h.visitor().from('contact_submissions').insert(inquiry(address))).error).toBeNull();
      expect((await mail()).map((m) => m.to)).toEqual([a, other]);
      expect(await sql(`select last_error from private.mail_outbox where recipient = $1`, [b])).toEqual([{ last_error: `held: more than 1 e-mails to ${domain} in an hour` }]);
    });
  });

  describe('safe invitations, links and chat', () => {
    beforeEach(async () => {
      await useLocalMailCatcher(h.local, 'https://sinaptika.example');
      await setIntakeLimits(h.local.db, { mail_per_hour: 1000, mail_per_domain_per_hour: 1000, mail_per_recipient_per_day: 100 });
      await mail();
    });

    const tokenIn = (m: CaughtMail) => /\/booking\/([A-Za-z0-9_-]{43})\b/.exec(m.text)?.[1];

    it('a control character in the name is gone before it is stored; once the mailbox answered, the name is quoted safely', async () => {
      const address = `${unique('ctl')}@example.net`;
      const name = 'Иван "Ванката" ^ Петров\rURL:https://evil.example\nDESCRIPTION:Платете тук';
      expect((await h.visitor().from('appointments').insert({ client_name: name, client_email: address, preferred_date: DAYS[5].at(10) })).error).toBeNull();
      const [stored] = await sql<{ client_name: string; id: string }>('select id, client_name from public.appointments where client_email = $1', [address]);
      expect(stored.client_name).toBe('Иван "Ванката" ^ Петров URL:https://evil.example DESCRIPTION:Платете тук');
      const [first] = await mail();
      // the mailbox answers: its owner cancels through the link we e-mailed
      expect((await h.anon.rpc('cancel_booking', { token: tokenIn(first) })).error).toBeNull();
      expect((await h.visitor().from('appointments').insert({ client_name: name, client_email: address, preferred_date: DAYS[5].at(11) })).error).toBeNull();
      const messages = await mail();
      const booked = messages.find((m) => m.subject.startsWith('Получихме'))!;
      // cleaned, and cut to 60 characters
      expect(booked.text).toContain('Здравейте, Иван "Ванката" ^ Петров URL:https://evil.example DESCRIPTIO…!');
      const ics = Buffer.from(booked.attachments[0].content, 'base64').toString();
      const unfolded = ics.replace(/\r\n /g, '');
      expect(unfolded).toContain(`\r\nATTENDEE;CN="Иван ^'Ванката^' ^^ Петров URL:https://evil.example DESCRIPTIO…";ROLE=REQ-PARTICIPANT`);
      const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;
      expect(event.getFirstProperty('url')).toBeNull();
      expect(event.getAllProperties('description')).toHaveLength(1);
      expect(String(event.getFirstPropertyValue('description'))).toContain('използвайте личната връзка от имейла');
      expect(ics).not.toMatch(/\/booking\//);
      expect(booked.text).toMatch(/calendar\.google\.com[^\n]*details=[^\n]*/);
      expect(/calendar\.google\.com\S*/.exec(booked.text)![0]).not.toMatch(/booking/);
    });

    it('a newer e-mail\'s link retires the older one; a confirmed booking moves by its link, back to pending, three times at most', async () => {
      const address = `${unique('links')}@example.net`;
      const day = DAYS[6];
      expect((await h.visitor().from('appointments').insert({ client_name: 'Нина', client_email: address, preferred_date: day.at(9) })).error).toBeNull();
      const [received] = await mail();
      const [{ id }] = await sql<{ id: string }>('select id from public.appointments where client_email = $1', [address]);
      await sql(`update public.appointments set status = 'confirmed' where id = $1`, [id]);
      const [confirmed] = await mail();
      expect(confirmed.subject).toMatch(/^Консултацията ви е потвърдена/);
      expect((await h.anon.rpc('booking_by_token', { token: tokenIn(received) })).error?.hint).toBe('booking_link_replaced');
      let token = tokenIn(confirmed)!;
      expect((await h.anon.rpc('booking_by_token', { token })).data).toMatchObject({ status: 'confirmed', moves_left: 3 });

      for (const [i, hour] of [10, 11, 12].entries()) {
        const moved = await h.anon.rpc('move_booking', { token, new_start: day.at(hour) });
        expect(moved.error).toBeNull();
        expect(moved.data.booking).toMatchObject({ status: 'pending', moves_left: 2 - i });
        token = moved.data.token;
      }
      const again = await h.anon.rpc('move_booking', { token, new_start: day.at(13) });
      expect(again.error).toMatchObject({ code: 'P0001', hint: 'booking_move_limit' });
      expect(await sql('select status, preferred_date = $2 as at_last from public.appointments where id = $1', [id, day.at(12)])).toEqual([{ status: 'pending', at_last: true }]);
      const moves = (await mail()).filter((m) => m.subject.startsWith('Консултацията ви е преместена'));
      expect(moves).toHaveLength(3);
      // one live link per booking
      expect(await sql(`select count(*)::int as n from private.booking_links where appointment_id = $1 and revoked_at is null`, [id])).toEqual([{ n: 1 }]);
    });

    it('unsent messages about a booking coalesce into the newest', async () => {
      await setIntakeLimits(h.local.db, { mail_per_hour: 0 }); // the breaker holds everything
      const address = `${unique('coalesce')}@example.net`;
      const day = DAYS[7];
      expect((await h.visitor().from('appointments').insert({ client_name: 'Ани', client_email: address, preferred_date: day.at(9) })).error).toBeNull();
      const [{ id, token }] = await sql<{ id: string; token: string }>(
        `select a.id, private.mint_booking_link(a.id) as token from public.appointments a where client_email = $1`, [address]);
      let link = token;
      for (const hour of [10, 11]) link = (await h.anon.rpc('move_booking', { token: link, new_start: day.at(hour) })).data.token;
      expect(await sql(`select purpose, status from private.mail_outbox where appointment_id = $1 order by id`, [id])).toEqual([
        { purpose: 'booking_received', status: 'superseded' },
        { purpose: 'booking_moved', status: 'superseded' },
        { purpose: 'booking_moved', status: 'held' },
      ]);
      await setIntakeLimits(h.local.db, { mail_per_hour: 1000 });
      await runMailJob();
      const [only, ...none] = await mail();
      expect(none).toEqual([]);
      expect(only.subject).toMatch(/преместена: .+11:00/);
    });

    it('the team chat shows what visitors type as text, never as a link or a mention', async () => {
      const hook = `${h.url}/__local/chat-webhook`;
      await sql(`select private.set_vault_secret('chat_webhook_url', $1)`, [hook]);
      await fetch(hook, { method: 'DELETE' });
      const name = '[Фактура](https://evil.example) @everyone';
      expect((await h.visitor().from('contact_submissions').insert(inquiry(`${unique('chat')}@example.net`, name))).error).toBeNull();
      h.local.net.kick();
      await h.local.net.settled();
      const [message] = (await (await fetch(hook)).json()) as { body: { embeds: { fields: { name: string; value: string }[] }[] } }[];
      const field = message.body.embeds[0].fields.find((f) => f.name === 'Име')!;
      expect(field.value).toBe('\\[Фактура\\]\\(https\\://evil.example\\) \\@everyone');
      await sql(`select private.set_vault_secret('chat_webhook_url', null)`);
    });
  });

  describe('what the API shows', () => {
    it('anonymous readers get no staff ids; admins do', async () => {
      // select=* answers rows, as every Supabase client asks, and no staff id is among them
      for (const table of ['blog_posts', 'projects']) {
        const { data, error } = await h.anon.from(table).select('*').limit(5);
        expect(error, table).toBeNull();
        expect(data!.length, table).toBeGreaterThan(0);
        for (const row of data!) expect(Object.keys(row).filter((key) => key.endsWith('_by')), table).toEqual([]);
      }
      // the ids are no column of the public tables, and their own tables are closed to visitors
      expect((await h.anon.from('blog_posts').select('created_by').limit(1)).error?.code).toBe('42703');
      expect((await h.anon.from('projects').select('updated_by').limit(1)).error?.code).toBe('42703');
      expect((await h.anon.from('blog_post_staff').select('*')).error?.code).toBe('42501');
      expect((await h.anon.from('project_staff').select('*')).error?.code).toBe('42501');
      expect((await h.anon.from('blog_posts').select('slug, blog_post_staff(created_by)').limit(1)).error?.code).toBe('42501');
      const admin = h.newClient();
      await admin.auth.signInWithPassword({ email: 'admin@example.com', password: 'admin-local-password' });
      const staffed = await admin.from('blog_posts').select('slug, staff:blog_post_staff(created_by, updated_by)').eq('slug', 'ai-asistent-spestyava-vreme').single();
      expect(staffed.error).toBeNull();
      expect(staffed.data!.staff).toMatchObject({ created_by: 'a0000000-0000-4000-8000-000000000001' });
    });

    it('is_admin is no RPC any more, and the mail key is in Vault, out of every API role\'s reach', async () => {
      expect((await h.anon.rpc('is_admin')).error?.code).toBe('PGRST202');
      expect(await sql(`select count(*)::int as n from information_schema.columns where table_schema = 'private' and table_name = 'mail_settings' and column_name = 'api_key'`)).toEqual([{ n: 0 }]);
      await sql(`select private.set_vault_secret('mail_api_key', 're_secret_for_test')`);
      for (const role of ['anon', 'authenticated', 'service_role'] as const) {
        await expect(h.local.db.asRole({ role }, (tx) => tx.query('select decrypted_secret from vault.decrypted_secrets'))).rejects.toMatchObject({ code: '42501' });
        await expect(h.local.db.asRole({ role }, (tx) => tx.query('select private.vault_secret($1)', ['mail_api_key']))).rejects.toMatchObject({ code: '42501' });
      }
    });
  });
}
