// Retention by settings (migration 20261129001000_retention.sql): the periods per kind, read by
// everyone and changed only by an administrator at aal2 within the kind's bounds (refused in
// Bulgarian otherwise), the same kinds, defaults and bounds as src/shared/domain/retention.ts; and
// the daily job private.apply_retention(), called as pg_cron calls it, over rows made old by hand:
// what is due goes (or becomes a keyed hash), what is not stays, won clients stay, each run is
// counted per kind, and a second run finds nothing. Defined once and run against the stand-in
// (retention.test.ts) and PostgreSQL 15 (rls-matrix.postgres.test.ts): every row it makes is
// removed again, every period put back.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRetention, RETENTION_KINDS } from '../../src/shared/domain/retention.ts';
import type { Harness } from './harness.ts';

const ADMIN = { sub: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' };
const OUT_OF_RANGE = 'Срокът трябва да е между 90 дни и 10 години.';

export function defineRetention(start: () => Promise<Harness>): void {
  let h: Harness;
  let adminAal2: SupabaseClient;
  const people: string[] = [];
  const run = `${Date.now().toString(36)}${(process.pid % 1296).toString(36)}`;
  let n = 0;
  const tag = (label: string) => `${label}-${run}-${++n}`;
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    h.local.db.asSystem(async (tx) => (await tx.query<T>(text, params)).rows);
  /** Statements run as a restore does: triggers off, so a row can be made as old as a test needs. */
  const backdate = (text: string, params: unknown[] = []) =>
    h.local.db.asSystem(async (tx) => {
      await tx.query('set local session_replication_role = replica');
      await tx.query(text, params);
    });
  const periods = async () =>
    Object.fromEntries((await sql<{ kind: string; days: number }>('select kind, days from public.retention_settings')).map((r) => [r.kind, r.days]));

  async function person(role: 'author' | 'consultant', label: string) {
    const username = tag(`retention-${label}`);
    const email = `${username}@example.com`;
    const { data, error } = await h.service
      .from('blog_users')
      .insert({ username, email, password: 'retention-password-2026', full_name: `Срокове ${label}`, is_active: true, role })
      .select('id')
      .single();
    expect(error).toBeNull();
    people.push(data!.id);
    return { sub: data!.id as string, email };
  }

  beforeAll(async () => {
    h = await start();
    adminAal2 = h.as(ADMIN);
    // its first request gives the account its factor (an audit row of its own): done here, before any test counts rows
    expect((await adminAal2.from('retention_settings').select('kind').limit(1)).error).toBeNull();
  });
  afterAll(async () => {
    if (!h) return;
    try {
      if (people.length) {
        await h.service.from('blog_users').delete().in('id', people);
        await h.service.from('content_bin').delete().in('record_id', people);
      }
    } finally {
      await h.close();
    }
  });

  describe('the periods', () => {
    it('are the kinds, defaults and bounds of src/shared/domain/retention.ts, and said in the same words', async () => {
      const rows = await sql<{ kind: string; days: number; min_days: number; max_days: number }>(
        'select kind, days, min_days, max_days from public.retention_settings order by kind',
      );
      expect(rows).toEqual(
        RETENTION_KINDS.map((k) => ({ kind: k.kind, days: k.defaultDays, min_days: k.minDays, max_days: k.maxDays })).sort((a, b) => a.kind.localeCompare(b.kind)),
      );
      const samples = [1, 2, 7, 30, 90, 364, 365, 400, 540, 720, 730, 1095, 3650];
      const words = await sql<{ d: number; w: string }>('select d, private.retention_words(d) as w from unnest($1::int[]) d', [samples]);
      expect(words.map((r) => r.w)).toEqual(samples.map(formatRetention));
    });

    it('every visitor reads them', async () => {
      const { data, error } = await h.anon.from('retention_settings').select('kind, days');
      expect(error).toBeNull();
      expect(Object.fromEntries(data!.map((r) => [r.kind, r.days]))).toEqual(Object.fromEntries(RETENTION_KINDS.map((k) => [k.kind, k.defaultDays])));
      // and changes none
      const tried = await h.anon.from('retention_settings').update({ days: 91 }).eq('kind', 'leads_closed').select();
      expect(tried.error?.code).toBe('42501');
    });

    it('an author, a consultant and an administrator without the second factor change nothing', async () => {
      const author = await person('author', 'author');
      const consultant = await person('consultant', 'consultant');
      const before = await periods();
      for (const client of [
        h.as({ ...author, aal: 'aal1' }),
        h.as(author),
        h.as({ ...consultant, aal: 'aal1' }),
        h.as(consultant),
        h.as({ ...ADMIN, aal: 'aal1' }),
      ]) {
        const { data, error } = await client.from('retention_settings').update({ days: 400 }).eq('kind', 'leads_closed').select('kind, days');
        expect(error).toBeNull();
        expect(data).toEqual([]);
      }
      expect(await periods()).toEqual(before);
    });

    it('an administrator at aal2 changes a period, recorded in the audit log; only the period', async () => {
      const [{ id: mark }] = await sql<{ id: string }>('select coalesce(max(id), 0)::text as id from private.audit_events');
      try {
        const { data, error } = await adminAal2.from('retention_settings').update({ days: 365 }).eq('kind', 'leads_closed').select('kind, days');
        expect(error).toBeNull();
        expect(data).toEqual([{ kind: 'leads_closed', days: 365 }]);
        expect((await periods()).leads_closed).toBe(365);
        const logged = await sql('select actor_blog_user::text, kind, record_table, record_id, detail from private.audit_events where id > $1', [mark]);
        expect(logged).toEqual([
          { actor_blog_user: ADMIN.sub, kind: 'settings.changed', record_table: 'retention_settings', record_id: 'leads_closed', detail: { fields: ['days'], from: 730, to: 365 } },
        ]);
        const bounds = await adminAal2.from('retention_settings').update({ min_days: 1 } as never).eq('kind', 'leads_closed').select();
        expect(bounds.error?.code).toBe('42501');
      } finally {
        await sql(`update public.retention_settings set days = 730 where kind = 'leads_closed'`);
      }
    });

    it('a change tells the content webhook, so the privacy notice is rendered again with it', async () => {
      const received: { table: string; record: { kind: string; days: number } }[] = [];
      const receiver = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          res.writeHead(202).end();
        });
      });
      await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
      await sql(`select private.set_vault_secret('content_webhook_url', $1)`, [`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`]);
      try {
        expect((await adminAal2.from('retention_settings').update({ days: 60 }).eq('kind', 'mail_bodies')).error).toBeNull();
        await h.local.net.settled();
        expect(received).toEqual([expect.objectContaining({ table: 'retention_settings', record: expect.objectContaining({ kind: 'mail_bodies', days: 60 }) })]);
      } finally {
        await sql(`select private.set_vault_secret('content_webhook_url', null)`);
        await sql(`update public.retention_settings set days = 90 where kind = 'mail_bodies'`);
        await new Promise((r) => receiver.close(r));
      }
    });

    it('under the kind’s minimum or over ten years is refused in Bulgarian', async () => {
      for (const days of [89, 3651]) {
        const { error } = await adminAal2.from('retention_settings').update({ days }).eq('kind', 'leads_closed');
        expect(error).toMatchObject({ code: '23514', message: OUT_OF_RANGE, hint: 'retention_out_of_range' });
      }
      const audit = await adminAal2.from('retention_settings').update({ days: 29 }).eq('kind', 'audit_events');
      expect(audit.error?.message).toBe('Срокът трябва да е между 30 дни и 10 години.');
      expect((await periods()).leads_closed).toBe(730);
    });
  });

  describe('the daily job', () => {
    // what the job is given to judge, made old by hand
    const ids: Record<string, string> = {};
    let counts: Record<string, number | null> = {};
    let emailOfUnsubscribed = '';

    /** An inquiry made by the system, `ageDays` old, of a contact of its own unless `email` joins one. */
    async function inquiry(label: string, status: string, ageDays: number, email = `${tag(label)}@example.com`): Promise<string> {
      const [{ id }] = await sql<{ id: string }>(
        `insert into public.contact_submissions (name, email, company, message, purpose, contact_method, status, lost_reason)
         values ('Срокове Тест', $1, 'Срокове ООД', $2, 'custom', 'email', $3, case when $3 = 'lost' then 'Цена' end) returning id`,
        [email, `Съобщение ${tag(label)}`, status],
      );
      await backdate('update public.contact_submissions set created_at = now() - make_interval(days => $2), updated_at = now() - make_interval(days => $2) where id = $1', [id, ageDays]);
      await backdate('update private.lead_events set created_at = now() - make_interval(days => $2) where inquiry_id = $1', [id, ageDays]);
      return id;
    }
    const contactOf = async (inquiryId: string) => (await sql<{ contact_id: string }>('select contact_id from public.contact_submissions where id = $1', [inquiryId]))[0].contact_id;
    async function booking(email: string, daysAgo: number): Promise<string> {
      const [{ id }] = await sql<{ id: string }>(
        `insert into public.appointments (client_name, client_email, preferred_date, status)
         values ('Срокове Тест', $1, date_trunc('minute', now()) - make_interval(days => $2, mins => $3), 'cancelled') returning id`,
        [email, daysAgo, n++],
      );
      return id;
    }
    const exists = async (table: string, id: string) => (await sql(`select 1 from ${table} where id = $1`, [id])).length === 1;

    beforeAll(async () => {
      // leads: a lost one past its period (with a note), a won client's old ones, a recent lost one,
      // a never answered one whose note is recent
      ids.lost = await inquiry('lost', 'lost', 800);
      ids.lostContact = await contactOf(ids.lost);
      const [{ id: note }] = await sql<{ id: string }>(
        `insert into public.lead_notes (contact_id, inquiry_id, body) values ($1, $2, 'Стара бележка') returning id`,
        [ids.lostContact, ids.lost],
      );
      ids.lostNote = note;
      await backdate('update public.lead_notes set created_at = now() - interval \'800 days\' where id = $1', [note]);
      const wonEmail = `${tag('won')}@example.com`;
      ids.won = await inquiry('won', 'won', 800, wonEmail);
      ids.wonLost = await inquiry('won-lost', 'lost', 800, wonEmail);
      ids.wonContact = await contactOf(ids.won);
      ids.recentLost = await inquiry('recent', 'lost', 100);
      ids.unanswered = await inquiry('unanswered', 'new', 800);
      const [{ id: fresh }] = await sql<{ id: string }>(
        `insert into public.lead_notes (contact_id, inquiry_id, body) values ($1, $2, 'Обадих се') returning id`,
        [await contactOf(ids.unanswered), ids.unanswered],
      );
      ids.freshNote = fresh;
      // bookings: an old one of its own contact, an old one of the won client
      const bookingEmail = `${tag('booking')}@example.com`;
      ids.oldBooking = await booking(bookingEmail, 800);
      ids.oldBookingContact = (await sql<{ contact_id: string }>('select contact_id from public.appointments where id = $1', [ids.oldBooking]))[0].contact_id;
      ids.wonBooking = await booking(wonEmail, 800);
      // the outbox: a sent e-mail of the recent lead 100 days old, a pending one as old
      const mails = await sql<{ id: string }>(
        `insert into private.mail_outbox (inquiry_id, purpose, recipient, mailbox, subject, payload, status, created_at)
         values ($1, 'inquiry_received', 'a@example.com', 'a@example.com', 'Получихме запитването ви', '{"html": "<p>Здравейте</p>"}', 'sent', now() - interval '100 days'),
                ($1, 'inquiry_received', 'a@example.com', 'a@example.com', 'Получихме запитването ви', '{"html": "<p>Здравейте</p>"}', 'pending', now() - interval '100 days')
         returning id::text`,
        [ids.recentLost],
      );
      ids.sentMail = mails[0].id;
      ids.pendingMail = mails[1].id;
      // the newsletter: an address unsubscribed 40 days ago, a sign-up never confirmed 40 days ago, one of yesterday
      emailOfUnsubscribed = `${tag('Otpisan')}@example.com`;
      const [{ id: gone }] = await sql<{ id: string }>(
        `insert into public.newsletter_subscribers (email, mailbox, status, confirmed_at, unsubscribed_at, unsubscribed_via)
         values ($1, private.mailbox_key($1), 'unsubscribed', now() - interval '400 days', now() - interval '40 days', 'link') returning id`,
        [emailOfUnsubscribed],
      );
      ids.unsubscribed = gone;
      await sql(
        `insert into public.newsletter_consents (subscriber_id, given_at, page, wording, wording_version, confirmed_at, withdrawn_at, withdrawn_via)
         values ($1, now() - interval '401 days', '/blog', 'Искам бюлетина', '2026-12', now() - interval '400 days', now() - interval '40 days', 'link')`,
        [gone],
      );
      for (const [key, days] of [['unconfirmed', 40], ['justSigned', 1]] as const) {
        const [{ id }] = await sql<{ id: string }>(
          `insert into public.newsletter_subscribers (email, mailbox, created_at) values ($1, private.mailbox_key($1), now() - make_interval(days => $2)) returning id`,
          [`${tag(key)}@example.com`, days],
        );
        ids[key] = id;
      }
      // data requests: one closed past its period, one never confirmed for 8 days, one still open
      const requests = await sql<{ id: string }>(
        `insert into public.data_requests (email, mailbox, kind, status, created_at, confirmed_at, due_at, closed_at, outcome, token_hash)
         values ('r1@example.com', 'r1@example.com', 'copy', 'done', now() - interval '1300 days', now() - interval '1300 days', now() - interval '1270 days', now() - interval '1200 days', 'Изпратено', extensions.gen_random_bytes(32)),
                ('r2@example.com', 'r2@example.com', 'erasure', 'unconfirmed', now() - interval '8 days', null, null, null, null, extensions.gen_random_bytes(32)),
                ('r3@example.com', 'r3@example.com', 'copy', 'open', now() - interval '1300 days', now() - interval '1300 days', now() - interval '1270 days', null, null, extensions.gen_random_bytes(32))
         returning id::text`,
      );
      [ids.closedRequest, ids.unconfirmedRequest, ids.openRequest] = requests.map((r) => r.id);
      // the audit log: a row past its year
      ids.oldAudit = (await sql<{ id: string }>(`insert into private.audit_events (at, kind, detail) values (now() - interval '400 days', 'export.csv', '{"rows": 1}') returning id::text`))[0].id;
      // a network key past its month
      await backdate(`update private.intake_clients set created_at = now() - interval '40 days' where inquiry_id = $1`, [ids.recentLost]);
      await sql(`insert into private.intake_clients (inquiry_id, client, network, created_at) select $1, 'narrow', 'wide', now() - interval '40 days'
                  where not exists (select 1 from private.intake_clients where inquiry_id = $1)`, [ids.recentLost]);
      // the measurement: a raw event 40 days old and one 2 days old, their days rolled up, and one
      // 41 days old of a day the job has not rolled up (rolled up before it goes)
      const event = (days: number) =>
        sql<{ id: string }>(
          `insert into private.insight_events (at, day, name, path, visitor)
           values (now() - make_interval(days => $1), private.sofia_today() - $1, 'pageview', '/', extensions.gen_random_bytes(32)) returning id::text`,
          [days],
        ).then((rows) => rows[0].id);
      ids.oldEvent = await event(40);
      ids.recentEvent = await event(2);
      await sql('select private.roll_up_insight_day(private.sofia_today() - 40), private.roll_up_insight_day(private.sofia_today() - 2)');
      ids.unrolledEvent = await event(41);

      // as pg_cron runs it
      const [job] = await sql<{ schedule: string; command: string }>(`select schedule, command from cron.job where jobname = 'retention'`);
      expect(job).toEqual({ schedule: '37 3 * * *', command: 'select private.apply_retention()' });
      await sql(job.command);
      counts = Object.fromEntries(
        (await sql<{ kind: string; removed: number | null }>('select kind, removed from private.retention_runs where ran_at = (select max(ran_at) from private.retention_runs)')).map((r) => [r.kind, r.removed]),
      );
    });

    afterAll(async () => {
      await sql('delete from private.insight_events where id = any ($1::bigint[])', [[ids.oldEvent, ids.recentEvent, ids.unrolledEvent]]);
      for (const table of ['insight_rollups', 'insight_daily_pages', 'insight_daily_sources', 'insight_daily_events']) {
        await sql(`delete from private.${table} where day in (private.sofia_today() - 41, private.sofia_today() - 40, private.sofia_today() - 2)`);
      }
      await sql('delete from public.newsletter_subscribers where id = any ($1::uuid[]) or email = any ($2::text[]) or email = private.address_hash($3)', [
        [ids.unsubscribed, ids.unconfirmed, ids.justSigned],
        [emailOfUnsubscribed],
        emailOfUnsubscribed,
      ]);
      await sql('delete from public.appointments where id = any ($1::uuid[])', [[ids.oldBooking, ids.wonBooking]]);
      await sql('delete from public.data_requests where id = $1', [ids.openRequest]);
      await sql('delete from public.lead_notes where contact_id = any (select contact_id from public.contact_submissions where id = any ($1::uuid[]))', [
        [ids.won, ids.recentLost, ids.unanswered],
      ]);
      const contacts = await sql<{ contact_id: string }>('select distinct contact_id from public.contact_submissions where id = any ($1::uuid[])', [
        [ids.won, ids.wonLost, ids.recentLost, ids.unanswered],
      ]);
      await sql('delete from public.contact_submissions where id = any ($1::uuid[])', [[ids.won, ids.wonLost, ids.recentLost, ids.unanswered]]);
      await sql('delete from public.contacts where id = any ($1::uuid[])', [contacts.map((c) => c.contact_id)]);
    });

    it('deletes a lost lead past its period with its note and its contact; keeps a won client whole, a recent lost lead and a lead with recent activity', async () => {
      expect(await exists('public.contact_submissions', ids.lost)).toBe(false);
      expect(await exists('public.lead_notes', ids.lostNote)).toBe(false);
      expect(await exists('public.contacts', ids.lostContact)).toBe(false);
      for (const kept of [ids.won, ids.wonLost, ids.recentLost, ids.unanswered]) expect(await exists('public.contact_submissions', kept)).toBe(true);
      expect(await exists('public.contacts', ids.wonContact)).toBe(true);
      expect(await exists('public.lead_notes', ids.freshNote)).toBe(true);
    });

    it('deletes a booking whose meeting ended past the period, and its contact; keeps the won client’s', async () => {
      expect(await exists('public.appointments', ids.oldBooking)).toBe(false);
      expect(await exists('public.contacts', ids.oldBookingContact)).toBe(false);
      expect(await exists('public.appointments', ids.wonBooking)).toBe(true);
    });

    it('strips an old e-mail that went, never one that may still go; forgets an old network key', async () => {
      const mails = await sql<{ id: string; status: string; payload: unknown; subject: string }>(
        'select id::text, status, payload, subject from private.mail_outbox where id = any ($1::bigint[]) order by id',
        [[ids.sentMail, ids.pendingMail]],
      );
      expect(mails).toEqual([
        { id: ids.sentMail, status: 'sent', payload: null, subject: 'Получихме запитването ви' },
        { id: ids.pendingMail, status: 'pending', payload: { html: '<p>Здравейте</p>' }, subject: 'Получихме запитването ви' },
      ]);
      expect(await sql('select 1 from private.intake_clients where inquiry_id = $1', [ids.recentLost])).toEqual([]);
    });

    it('deletes a sign-up never confirmed past its period, not yesterday’s; the audit log’s old row goes', async () => {
      expect(await exists('public.newsletter_subscribers', ids.unconfirmed)).toBe(false);
      expect(await exists('public.newsletter_subscribers', ids.justSigned)).toBe(true);
      expect(await exists('private.audit_events', ids.oldAudit)).toBe(false);
    });

    it('deletes the raw measurement events past their period, their counts kept (a day not rolled up yet rolled up first); keeps recent ones', async () => {
      expect(await exists('private.insight_events', ids.oldEvent)).toBe(false);
      expect(await exists('private.insight_events', ids.unrolledEvent)).toBe(false);
      expect(await exists('private.insight_events', ids.recentEvent)).toBe(true);
      expect(
        await sql(`select private.sofia_today() - day as ago, visitors, pageviews from private.insight_daily_pages where day < private.sofia_today() - 30 and path = '/' order by day`),
      ).toEqual([
        { ago: 41, visitors: 1, pageviews: 1 },
        { ago: 40, visitors: 1, pageviews: 1 },
      ]);
    });

    it('deletes a data request closed past its period and one never confirmed for 7 days; keeps an open one', async () => {
      expect(await exists('public.data_requests', ids.closedRequest)).toBe(false);
      expect(await exists('public.data_requests', ids.unconfirmedRequest)).toBe(false);
      expect(await exists('public.data_requests', ids.openRequest)).toBe(true);
    });

    it('replaces an unsubscribed address with its keyed hash, keeps the proof of consent and withdrawal; the address signs up again', async () => {
      const [row] = await sql<{ email: string; mailbox: string; status: string; hash: string; again: string }>(
        `select s.email, s.mailbox, s.status, private.address_hash($2) as hash, private.address_hash(upper($2)) as again
           from public.newsletter_subscribers s where s.id = $1`,
        [ids.unsubscribed, emailOfUnsubscribed],
      );
      expect(row.email).toMatch(/^hmac:[0-9a-f]{64}$/);
      expect(row).toMatchObject({ mailbox: row.email, status: 'unsubscribed', hash: row.email, again: row.email });
      const consents = await sql<{ wording: string; withdrawn_via: string; confirmed: boolean; withdrawn: boolean }>(
        `select wording, withdrawn_via, confirmed_at is not null as confirmed, withdrawn_at is not null as withdrawn
           from public.newsletter_consents where subscriber_id = $1`,
        [ids.unsubscribed],
      );
      expect(consents).toEqual([{ wording: 'Искам бюлетина', withdrawn_via: 'link', confirmed: true, withdrawn: true }]);

      const { error } = await h.visitor().rpc('subscribe_newsletter', { email: emailOfUnsubscribed, page: '/blog', wording_version: '2026-12' });
      expect(error).toBeNull();
      const rows = await sql<{ id: string; status: string }>('select id, status from public.newsletter_subscribers where email = $1 or email = $2 order by created_at', [
        row.email,
        emailOfUnsubscribed,
      ]);
      expect(rows).toEqual([
        { id: ids.unsubscribed, status: 'unsubscribed' },
        { id: expect.not.stringMatching(ids.unsubscribed), status: 'pending' },
      ]);
    });

    it('records how many of each kind it removed, shows the last run to administrators only, and finds nothing on a second run', async () => {
      expect(Object.keys(counts).sort()).toEqual(RETENTION_KINDS.map((k) => k.kind).sort());
      expect(counts.leads_closed).toBeGreaterThanOrEqual(1);
      expect(counts.bookings_past).toBeGreaterThanOrEqual(1);
      expect(counts.mail_bodies).toBeGreaterThanOrEqual(1);
      expect(counts.network_hashes).toBeGreaterThanOrEqual(1);
      expect(counts.subscribers_unconfirmed).toBeGreaterThanOrEqual(1);
      expect(counts.subscribers_unsubscribed).toBeGreaterThanOrEqual(1);
      expect(counts.data_requests).toBeGreaterThanOrEqual(2);
      expect(counts.audit_events).toBeGreaterThanOrEqual(1);
      expect(counts.insight_events).toBeGreaterThanOrEqual(1);

      const shown = await adminAal2.rpc('retention_runs');
      expect(shown.error).toBeNull();
      expect(Object.fromEntries(shown.data!.map((r: { kind: string; removed: number }) => [r.kind, r.removed]))).toEqual(counts);
      for (const client of [h.anon, h.as({ ...ADMIN, aal: 'aal1' })]) expect((await client.rpc('retention_runs')).error?.code).toBe('42501');

      const [{ again }] = await sql<{ again: Record<string, number> }>('select private.apply_retention() as again');
      expect(again).toEqual(Object.fromEntries(RETENTION_KINDS.map((k) => [k.kind, 0])));
      expect(await exists('public.contact_submissions', ids.won)).toBe(true);
    });

    it('an address that signed up again and unsubscribed again joins its hashed record: one record, every consent kept', async () => {
      const [again] = await sql<{ id: string }>('select id from public.newsletter_subscribers where email = $1', [emailOfUnsubscribed]);
      await sql(`select private.end_subscription($1, 'one_click')`, [again.id]);
      await backdate(`update public.newsletter_subscribers set unsubscribed_at = now() - interval '31 days' where id = $1`, [again.id]);
      const [{ counts: ran }] = await sql<{ counts: Record<string, number> }>('select private.apply_retention() as counts');
      expect(ran.subscribers_unsubscribed).toBe(1);
      expect(await exists('public.newsletter_subscribers', again.id)).toBe(false);
      const [row] = await sql<{ status: string; unsubscribed_via: string; hashed: boolean }>(
        'select status, unsubscribed_via, email = private.address_hash($2) as hashed from public.newsletter_subscribers where id = $1',
        [ids.unsubscribed, emailOfUnsubscribed],
      );
      expect(row).toEqual({ status: 'unsubscribed', unsubscribed_via: 'one_click', hashed: true });
      const consents = await sql<{ withdrawn_via: string }>('select withdrawn_via from public.newsletter_consents where subscriber_id = $1 order by given_at', [ids.unsubscribed]);
      expect(consents).toEqual([{ withdrawn_via: 'link' }, { withdrawn_via: 'one_click' }]);
    });
  });
}
