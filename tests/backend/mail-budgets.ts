// What visitors cause cannot silence the mail (migration *_mail_budgets.sql), replayed through the
// real supabase-js as visitors, bots and the team would call the API, each visitor at its own
// client address (cf-connecting-ip, which the harness's stand-in trusts as hosted's gateway), and
// read back from the stand-in's mail catcher:
//   * the team's mail and a booking's own changes are never held by what visitors' forms cause;
//   * visitors' forms have a budget of their own, fair per network (/24, /48) and per domain, so
//     a flood from a handful of networks leaves room for a fresh one;
//   * held mail goes out by priority, the networks that had least first, and no domain's backlog
//     blocks another's.
// Defined once and run against the stand-in (mail-budgets.test.ts) and PostgreSQL 15
// (rls-matrix.postgres.test.ts).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useLocalMailCatcher } from '../../supabase/local/server.ts';
import type { CaughtMail } from './booking-conversation.ts';
import { intakeLimits, setIntakeLimits, type Harness } from './harness.ts';
import { bookableDay } from './slots.ts';

const ADMIN = { sub: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' };
const SITE = 'https://sinaptika.example';

/** The mail limits as the migration sets them (each test starts from these). */
export const MAIL_BUDGETS = {
  mail_per_hour: 100,
  mail_per_domain_per_hour: 60,
  mail_kept_for_team_per_hour: 20,
  mail_kept_for_bookings_per_hour: 20,
  mail_kept_per_domain_per_hour: 20,
  mail_visitor_per_network_per_hour: 6,
  mail_visitor_share_per_network: 2,
  mail_per_recipient_per_day: 4,
};

/** Working days of their own (public-abuse.ts books odd offsets from 31, leads.ts 44, the calendar's 51 on). */
const DAYS: ReturnType<typeof bookableDay>[] = [];
for (let offset = 32; DAYS.length < 4; offset += 2) {
  const next = bookableDay(offset);
  if (offset !== 44 && !DAYS.some((d) => d.range.range_start === next.range.range_start)) DAYS.push(next);
}
/** The i-th half-hour slot of these days (16 a day, 09:00–16:30). */
const slot = (i: number) => DAYS[Math.floor(i / 16) % DAYS.length].at(9 + Math.floor((i % 16) / 2), (i % 2) * 30);

const COMPANY = 'Бюджетна проверка';

export function defineMailBudgets(start: () => Promise<Harness>): void {
  let h: Harness;
  let admin: SupabaseClient;
  let kept: Record<string, number> = {};
  let networks = 0;
  let slots = 0;
  let n = 0;
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    h.local.db.asSystem(async (tx) => (await tx.query<T>(text, params)).rows);
  const unique = (prefix: string) => `${prefix}${++n}x${process.pid}x${Date.now() % 100000}`;
  /** An IPv4 /24 no other suite uses (100.64.0.0/10), as its first three octets. */
  const network = () => {
    networks += 1;
    return `100.${64 + (Math.floor(networks / 250) % 60)}.${networks % 250}`;
  };

  /** Everything the catcher received since the last call, oldest first; the catcher is emptied. */
  const mail = async (): Promise<CaughtMail[]> => {
    h.local.net.kick();
    await h.local.net.settled();
    const all = (await (await fetch(`${h.url}/__local/mail`)).json()) as CaughtMail[];
    await fetch(`${h.url}/__local/mail`, { method: 'DELETE' });
    return all.reverse();
  };
  /** The scheduled job's minute (pg_cron's job is off in this suite), and pg_net after it. */
  const runMailJob = async () => {
    await sql('select private.process_mail_outbox()');
    h.local.net.kick();
    await h.local.net.settled();
  };
  /** Ages every e-mail by `minutes`: as if that much time had passed for the breaker's hour. */
  const later = (minutes: number) =>
    sql(`update private.mail_outbox set last_attempt_at = last_attempt_at - make_interval(mins => $1),
                                        created_at = created_at - make_interval(mins => $1)`, [minutes]);

  const inquiryRow = (email: string) => ({
    name: 'Посетител', email, phone: '', company: COMPANY, message: 'Здравейте.', purpose: 'custom', contact_method: 'email',
  });
  const bookingRow = (email: string) => ({ client_name: 'Посетител', client_email: email, preferred_date: slot(slots++) });
  const inquiry = (client: SupabaseClient, email: string) => client.from('contact_submissions').insert(inquiryRow(email));
  const book = (client: SupabaseClient, email: string) => client.from('appointments').insert(bookingRow(email));
  const subscribe = (client: SupabaseClient, email: string) =>
    client.rpc('subscribe_newsletter', { email, page: '/blog', wording_version: '2026-12' });

  /**
   * A network's forms, as the review sent them: three inquiries and two bookings from one address
   * (a request each, as a bot posts rows in bulk: every row meets the same triggers), then `extra`
   * newsletter sign-ups.
   */
  async function flood(net: string, address: () => string, extra = 0): Promise<void> {
    const bot = h.visitor(`${net}.7`);
    expect((await bot.from('contact_submissions').insert([0, 1, 2].map(() => inquiryRow(address())))).error).toBeNull();
    expect((await bot.from('appointments').insert([0, 1].map(() => bookingRow(address())))).error).toBeNull();
    for (let i = 0; i < extra; i++) expect((await subscribe(bot, address())).error).toBeNull();
  }
  /** A visitor's booking and its first e-mail (drained from the catcher): the booking's id. */
  async function booked(client: SupabaseClient, email: string): Promise<string> {
    expect((await book(client, email)).error).toBeNull();
    expect((await mail()).map((m) => m.to)).toEqual([email]);
    return (await sql<{ id: string }>('select id from public.appointments where client_email = $1', [email]))[0].id;
  }
  const statuses = async (where: string, params: unknown[] = []) =>
    Object.fromEntries(
      (await sql<{ status: string; n: number }>(`select status, count(*)::int as n from private.mail_outbox where ${where} group by status`, params))
        .map((r) => [r.status, r.n]),
    );

  beforeAll(async () => {
    h = await start();
    admin = h.as(ADMIN);
    kept = await intakeLimits(h.local);
    await sql(`update cron.job set active = false where jobname = 'booking-mail'`);
    await useLocalMailCatcher(h.local, SITE);
    // the first form of each kind, the first move and the admin's first write pay for warming the
    // database and the clients up: here, once, rather than in the first test's time
    const warm = h.visitor(`${network()}.1`);
    const address = `budget-${unique('warm')}@example.org`;
    await inquiry(warm, address);
    await subscribe(warm, address);
    await book(warm, address);
    await mail();
    const [{ id }] = await sql<{ id: string }>('select id from public.appointments where client_email = $1', [address]);
    const [{ token }] = await sql<{ token: string }>('select private.mint_booking_link($1) as token', [id]);
    await h.anon.rpc('move_booking', { token, new_start: slot(slots++) });
    await admin.from('appointments').update({ status: 'confirmed' }).eq('id', id);
    await runMailJob();
  });
  afterAll(async () => {
    await sql(`delete from public.appointments where client_name = 'Посетител' or client_email like 'budget-%'`);
    await sql(`delete from public.contact_submissions where company = $1`, [COMPANY]);
    await setIntakeLimits(h.local.db, Object.fromEntries(Object.keys(MAIL_BUDGETS).map((k) => [k, kept[k]])));
    await sql(`update cron.job set active = true where jobname = 'booking-mail'`);
    await sql('delete from private.mail_settings');
    await sql(`select private.set_vault_secret('mail_api_key', null), private.set_vault_secret('chat_webhook_url', null)`);
    await h.close();
  });
  beforeEach(async () => {
    for (const d of DAYS) await sql('delete from public.appointments where preferred_date >= $1 and preferred_date < $2', [d.range.range_start, d.range.range_end]);
    slots = 0;
    // mail sent or left over before (by any suite on this database) is out of the hour and the day
    await sql(`update private.mail_outbox
                  set status = case when status in ('pending', 'held', 'failed') then 'given_up' else status end,
                      payload = case when status in ('pending', 'held', 'failed') then null else payload end,
                      last_attempt_at = now() - interval '2 days', created_at = now() - interval '2 days'`);
    await setIntakeLimits(h.local.db, MAIL_BUDGETS);
    await mail();
  });

  describe('a flood of forms cannot silence the mail', () => {
    it('60 forms from 12 networks: a genuine booking from another network, its newsletter confirmation, a move by its link and the team\'s "confirmed" arrive', async () => {
      // a client who booked before the flood
      const client = `budget-${unique('client')}@gmail.com`;
      const clientBooking = await booked(h.visitor(`${network()}.20`), client);
      const [{ token }] = await sql<{ token: string }>('select private.mint_booking_link($1) as token', [clientBooking]);

      // each form to an address at a domain of its own, so only the hour's budgets can hold them
      const marker = unique('flood');
      for (let i = 0; i < 12; i++) await flood(network(), () => `${marker}-${unique('bot')}@${unique('d')}.example`);
      const flooded = await mail();
      const held = await statuses(`recipient like $1`, [`${marker}-%`]);
      expect(held.held).toBeGreaterThan(0); // the flood met its budget
      expect(flooded.length + held.held).toBe(60);
      expect(flooded.length).toBeLessThanOrEqual(40); // a third of the forms' 60 an hour is left for others

      // a person from another network books and subscribes: both e-mails arrive at once
      const person = h.visitor(`${network()}.31`);
      const genuine = `budget-${unique('genuine')}@abv.bg`;
      expect((await book(person, genuine)).error).toBeNull();
      expect((await subscribe(person, genuine)).error).toBeNull();
      const arrived = await mail();
      expect(arrived.map((m) => m.to)).toEqual([genuine, genuine]);
      expect(arrived[0].subject).toMatch(/^Получихме заявката ви за консултация: /);
      expect(arrived[1].subject).toMatch(/^Потвърдете абонамента си за бюлетина/);

      // the earlier client moves their booking by its link, and the consultant confirms it
      const moved = await h.anon.rpc('move_booking', { token, new_start: slot(slots++) });
      expect(moved.error).toBeNull();
      expect((await mail()).map((m) => [m.to, m.subject.replace(/:.*/, '')])).toEqual([[client, 'Консултацията ви е преместена']]);
      expect((await admin.from('appointments').update({ status: 'confirmed' }).eq('id', clientBooking)).error).toBeNull();
      expect((await mail()).map((m) => [m.to, m.subject.replace(/:.*/, '')])).toEqual([[client, 'Консултацията ви е потвърдена']]);
      // the flood's held mail still waits; every network of it had its share, and no more than it
      expect((await statuses(`recipient like $1`, [`${marker}-%`])).held).toBe(held.held);
      const perNetwork = await sql<{ sent: number }>(`select count(*) filter (where status in ('sending', 'sent'))::int as sent
        from private.mail_outbox where recipient like $1 group by network`, [`${marker}-%`]);
      expect(perNetwork).toHaveLength(12);
      expect(perNetwork.every((r) => r.sent >= 2 && r.sent <= MAIL_BUDGETS.mail_visitor_per_network_per_hour)).toBe(true);
    });

    it('24 forms to random gmail.com addresses from 4 networks: the team\'s "confirmed" to gmail.com and a person\'s own gmail.com booking arrive', async () => {
      const client = `budget-${unique('client')}@gmail.com`;
      const clientBooking = await booked(h.visitor(`${network()}.20`), client);

      for (let i = 0; i < 4; i++) await flood(network(), () => `${unique('r')}${Math.random().toString(36).slice(2, 8)}@gmail.com`, 1);
      const flooded = await mail();
      expect(flooded.every((m) => m.to.endsWith('@gmail.com'))).toBe(true);
      const held = await statuses(`created_at > now() - interval '5 minutes' and recipient like '%@gmail.com' and caused_by = 'visitor'`);
      expect(held.held).toBeGreaterThan(0);
      expect(flooded.length + held.held).toBe(24);

      expect((await admin.from('appointments').update({ status: 'confirmed' }).eq('id', clientBooking)).error).toBeNull();
      expect((await mail()).map((m) => [m.to, m.subject.replace(/:.*/, '')])).toEqual([[client, 'Консултацията ви е потвърдена']]);

      const person = h.visitor(`${network()}.44`);
      const genuine = `budget.${unique('genuine')}@gmail.com`;
      expect((await book(person, genuine)).error).toBeNull();
      expect((await subscribe(person, genuine)).error).toBeNull();
      expect((await mail()).map((m) => m.to)).toEqual([genuine, genuine]);
    });

    it('a visitor\'s own changes through the link are neither held by a full visitors\' budget nor skipped by the daily limit', async () => {
      const client = `budget-${unique('own')}@example.org`;
      const id = await booked(h.visitor(`${network()}.5`), client);
      let [{ token }] = await sql<{ token: string }>('select private.mint_booking_link($1) as token', [id]);
      // forms have used the whole visitors' budget, and strangers have filled the mailbox's day
      await setIntakeLimits(h.local.db, { mail_per_hour: 40, mail_per_recipient_per_day: 1 });
      expect((await inquiry(h.visitor(`${network()}.5`), client)).error).toBeNull();
      await runMailJob();
      expect(await mail()).toEqual([]);
      expect(await sql(`select status from private.mail_outbox where mailbox = $1 order by id`, [client])).toEqual([
        { status: 'sent' }, { status: 'skipped' },
      ]);
      for (let i = 0; i < 3; i++) {
        const moved = await h.anon.rpc('move_booking', { token, new_start: slot(slots++) });
        expect(moved.error).toBeNull();
        token = moved.data.token;
      }
      expect((await h.anon.rpc('cancel_booking', { token })).error).toBeNull();
      expect((await mail()).map((m) => m.subject.replace(/:.*/, ''))).toEqual([
        'Консултацията ви е преместена', 'Консултацията ви е преместена', 'Консултацията ви е преместена', 'Консултацията ви е отменена',
      ]);
    });
  });

  describe('held mail goes out fairly', () => {
    /** `count` held e-mails the system queues to `domain` (SQL, as the scheduled jobs do). */
    const queue = (domain: string, count: number, tag: string) =>
      sql(`select private.enqueue_mail(null, null, 'follow_up_digest', null, a, $3::text, jsonb_build_object(
             'from', 'Синаптика <zdravei@sinaptika.example>', 'to', jsonb_build_array(a), 'subject', $3::text, 'text', 'Проверка'), 'system')
             from (select $2::text || '-' || g || '@' || $1::text as a from generate_series(1, $4::int) g) x`,
      [domain, unique(tag), tag, count]);

    it('by priority: the team\'s, then a booking\'s own change, then visitors\' networks in turn, whoever had least first', async () => {
      const client = `budget-${unique('prio')}@example.org`;
      const id = await booked(h.visitor(`${network()}.9`), client);
      const [{ token }] = await sql<{ token: string }>('select private.mint_booking_link($1) as token', [id]);
      await setIntakeLimits(h.local.db, { mail_per_hour: 0 }); // everything waits
      // network A's three forms, then B's one, then the client's move and the consultant's confirmation
      const [a, b] = [network(), network()];
      const addresses = { a: [1, 2, 3].map(() => `${unique('a')}@example.net`), b: `${unique('b')}@example.net` };
      for (const address of addresses.a) expect((await inquiry(h.visitor(`${a}.1`), address)).error).toBeNull();
      expect((await inquiry(h.visitor(`${b}.1`), addresses.b)).error).toBeNull();
      expect((await h.anon.rpc('move_booking', { token, new_start: slot(slots++) })).error).toBeNull();
      const other = `budget-${unique('team')}@example.org`;
      const otherId = (await sql<{ id: string }>(
        `insert into public.appointments (client_name, client_email, preferred_date) values ('Посетител', $1, $2) returning id`, [other, slot(slots++)]))[0].id;
      expect((await admin.from('appointments').update({ status: 'confirmed' }).eq('id', otherId)).error).toBeNull();
      expect(await mail()).toEqual([]);

      // room for six this hour, the client's first e-mail among them: the team's, the move, then
      // A's first, B's, A's second (oldest first would have been A's three); A's third waits
      await setIntakeLimits(h.local.db, { mail_per_hour: 6, mail_kept_for_team_per_hour: 0, mail_kept_for_bookings_per_hour: 0 });
      await runMailJob();
      expect((await mail()).map((m) => m.to)).toEqual([other, client, addresses.a[0], addresses.b, addresses.a[1]]);
      expect(await sql(`select recipient from private.mail_outbox where status = 'held'`)).toEqual([{ recipient: addresses.a[2] }]);
    });

    it('one domain\'s backlog blocks no other: 150 held to gmail.com, and the one to abv.bg behind them goes', async () => {
      await setIntakeLimits(h.local.db, { mail_per_hour: 0 });
      await queue('gmail.com', 150, 'backlog');
      await queue('abv.bg', 1, 'behind');
      expect(await statuses(`created_at > now() - interval '5 minutes'`)).toEqual({ held: 151 });
      await setIntakeLimits(h.local.db, { mail_per_hour: 1000, mail_per_domain_per_hour: 5 });
      await runMailJob();
      const sent = await mail();
      expect(sent.filter((m) => m.to.endsWith('@gmail.com'))).toHaveLength(5);
      expect(sent.filter((m) => m.to.endsWith('@abv.bg'))).toHaveLength(1);
      expect(await statuses(`created_at > now() - interval '5 minutes' and status = 'held'`)).toEqual({ held: 145 });
    });

    it('a steady trickle from one network does not delay a newcomer: the newcomer goes at once, and first when room comes back', async () => {
      const trickle = network();
      const trickling = async (count: number) => {
        // five inquiries and five sign-ups a round, from four addresses of one /24: within its form limits
        for (let i = 0; i < count; i++) {
          const from = h.visitor(`${trickle}.${10 + Math.floor(i / 3) + (i < 5 ? 0 : 2)}`);
          expect((i < 5 ? await inquiry(from, `${unique('t')}@example.net`) : await subscribe(from, `${unique('t')}@example.net`)).error).toBeNull();
        }
      };
      await trickling(10);
      expect(await mail()).toHaveLength(6); // one network's hour
      // an hour on, the trickle goes on; its network's hour is full again and its backlog grows
      await later(61);
      await sql(`update private.intake_clients set created_at = created_at - interval '61 minutes'`);
      await sql(`update private.newsletter_intake set created_at = created_at - interval '61 minutes'`);
      await runMailJob();
      await trickling(10);
      expect(await mail()).toHaveLength(6);
      expect((await statuses(`created_at > now() - interval '2 hours' and budget = 'visitor'`)).held).toBe(8);

      // a newcomer's e-mail goes at once
      const newcomer = `budget-${unique('new')}@example.net`;
      expect((await inquiry(h.visitor(`${network()}.3`), newcomer)).error).toBeNull();
      expect((await mail()).map((m) => m.to)).toEqual([newcomer]);

      // the visitors' budget full: the next newcomer waits, then goes before the trickle's older backlog
      const used = (await sql<{ n: number }>(`select count(*)::int as n from private.mail_outbox where status in ('sending', 'sent') and last_attempt_at > now() - interval '1 hour'`))[0].n;
      await setIntakeLimits(h.local.db, { mail_per_hour: used, mail_kept_for_team_per_hour: 0, mail_kept_for_bookings_per_hour: 0 });
      const second = `budget-${unique('second')}@example.net`;
      expect((await inquiry(h.visitor(`${network()}.3`), second)).error).toBeNull();
      expect(await mail()).toEqual([]);
      await setIntakeLimits(h.local.db, { mail_per_hour: used + 1 });
      await runMailJob();
      expect((await mail()).map((m) => m.to)).toEqual([second]);
      expect((await statuses(`created_at > now() - interval '2 hours' and budget = 'visitor'`)).held).toBe(8);

      // a day on, the backlog is given up, and no network key is left
      await later(24 * 60);
      await runMailJob();
      expect(await statuses(`created_at > now() - interval '26 hours' and status = 'given_up' and last_error like '%; held for a day'`)).toEqual({ given_up: 8 });
      expect(await sql(`select count(*)::int as n from private.mail_outbox where network is not null and created_at > now() - interval '26 hours'`)).toEqual([{ n: 0 }]);
    });
  });

  describe('what is kept', () => {
    it('a form\'s e-mail carries its network\'s keyed hash, not the address, and only for the hour its budget counts it', async () => {
      const net = network();
      const address = `budget-${unique('key')}@example.org`;
      expect((await inquiry(h.visitor(`${net}.77`), address)).error).toBeNull();
      await mail();
      const [{ key }] = await h.local.db.asSystem(async (tx) => {
        await tx.query(`select set_config('request.headers', $1, true)`, [JSON.stringify({ 'cf-connecting-ip': `${net}.200` })]);
        return (await tx.query<{ key: string }>('select private.client_key(true) as key')).rows;
      });
      const row = async () => (await sql<{ network: string | null; budget: string }>(`select network, budget from private.mail_outbox where mailbox = $1`, [address]))[0];
      expect(await row()).toEqual({ network: key, budget: 'visitor' });
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      await runMailJob();
      expect((await row()).network).toBe(key); // within the hour the budget counts it
      await later(61);
      await runMailJob();
      expect(await row()).toEqual({ network: null, budget: 'visitor' });
    });
  });
}
