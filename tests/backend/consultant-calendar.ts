// The booking calendar knows the consultant's own calendar (migration *_consultant_calendar.sql):
// busy times of the private feeds and the buffers around meetings make slots taken, in
// taken_slots and in the database's refusal, which reads exactly like a slot booked twice; a feed
// without a good sync for 2 hours pauses new bookings; the feeds' addresses live in Vault and
// only the sync's one-time run reads them; every booking gets a meeting link that a move keeps;
// a no-show is marked after the meeting and e-mails nobody. The feeds' fetching and parsing is
// the Edge Function's (calendar-sync.test.ts). Defined once and run against the stand-in
// (consultant-calendar.test.ts) and PostgreSQL 15 (rls-matrix.postgres.test.ts).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { useLocalMailCatcher } from '../../supabase/local/server.ts';
import type { Harness } from './harness.ts';
import { bookableDay, instants } from './slots.ts';

const ADMIN = { sub: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' };
const MINUTE = 60_000;

export function defineConsultantCalendar(start: () => Promise<Harness>): void {
  let h: Harness;
  let admin: SupabaseClient;
  let stranger: SupabaseClient;
  let n = 0;
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    h.local.db.asSystem(async (tx) => (await tx.query<T>(text, params)).rows);
  const booking = (preferred_date: string) => ({
    client_name: 'Вера Календарова',
    client_email: `kalendar-${++n}-${process.pid}@example.com`,
    client_phone: '+359888123456',
    company_name: '',
    message: '',
    preferred_date,
  });
  /** A feed that synced well `syncedAgo` ms ago, with these busy blocks; returns its id. */
  async function feed(blocks: [string, string][], syncedAgo = MINUTE): Promise<string> {
    const [row] = await sql<{ id: string }>(
      `insert into private.calendar_feeds (label, secret_id, url_hint, last_synced_at, active_since)
       values ('Тестов', gen_random_uuid(), 'https://calendar.example/…', now() - $1 * interval '1 millisecond', now() - interval '1 day')
       returning id`,
      [syncedAgo],
    );
    for (const [from, to] of blocks) {
      await sql('insert into private.calendar_busy (feed_id, starts_at, ends_at) values ($1, $2, $3)', [row.id, from, to]);
    }
    return row.id;
  }
  const taken = async (day: ReturnType<typeof bookableDay>) => {
    const { data, error } = await h.anon.rpc('taken_slots', day.range);
    expect(error).toBeNull();
    return instants(data);
  };
  const buffers = (before: number, after: number) =>
    sql('update public.calendar_settings set buffer_before_minutes = $1, buffer_after_minutes = $2', [before, after]);

  beforeAll(async () => {
    h = await start();
    admin = h.as(ADMIN);
    stranger = h.as({ sub: 'b0000000-0000-4000-8000-0000000000c1', email: 'calendar-stranger@example.com' });
  });
  afterEach(async () => {
    await sql('delete from private.calendar_feeds');
    await sql('delete from private.calendar_sync_runs');
    await buffers(0, 0);
    await sql('update public.meeting_settings set meeting_link = null');
    await sql(`delete from public.appointments where client_email like 'kalendar-%' or client_email like 'vera-%' or client_email like 'noshow-%'`);
  });
  afterAll(async () => {
    await sql(`select private.set_vault_secret(s.name, null) from vault.secrets s where s.name like 'calendar_feed:%'`);
    await h.close();
  });

  describe('busy times', () => {
    it('make the slots they touch taken, and a booking inside one is refused as a slot booked twice', async () => {
      const day = bookableDay(51);
      // 10:15–11:00 busy: the 10:00 and 10:30 slots touch it, 09:30 and 11:00 do not
      await feed([[day.at(10, 15), day.at(11, 0)]]);
      expect(await taken(day)).toEqual([day.at(10, 0), day.at(10, 30)]);

      const inside = await h.visitor().from('appointments').insert(booking(day.at(10, 30)));
      expect(inside.error?.code).toBe('23505');
      const free = await h.visitor().from('appointments').insert(booking(day.at(11, 0)));
      expect(free.error).toBeNull();
      // the same answer, word for word, as a slot another visitor holds: nothing about the meeting
      const twice = await h.visitor().from('appointments').insert(booking(day.at(11, 0)));
      expect(twice.error?.code).toBe('23505');
      expect(inside.error?.message).toBe(twice.error?.message);
      expect(inside.error?.details?.replace(/\(.*\)=\(.*\)/, '')).toBe(twice.error?.details?.replace(/\(.*\)=\(.*\)/, ''));
      expect(await sql('select 1 from public.appointments where preferred_date = $1', [day.at(10, 30)])).toEqual([]);
    });

    it('of a feed that is switched off count no more', async () => {
      const day = bookableDay(52);
      const id = await feed([[day.at(9, 0), day.at(17, 0)]]);
      expect(await taken(day)).toHaveLength(16);
      await sql('update private.calendar_feeds set is_active = false where id = $1', [id]);
      expect(await taken(day)).toEqual([]);
    });

    it('also bind an admin booking through the API, not the service role', async () => {
      const day = bookableDay(53);
      await feed([[day.at(14, 0), day.at(15, 0)]]);
      const refused = await admin.from('appointments').insert(booking(day.at(14, 30)));
      expect(refused.error?.code).toBe('23505');
    });
  });

  describe('buffers', () => {
    it('keep the time before and after every meeting free, in the offered slots and in the database', async () => {
      const day = bookableDay(54);
      await buffers(0, 15);
      expect((await h.visitor().from('appointments').insert(booking(day.at(10, 0)))).error).toBeNull();
      // 10:30 would start 0 minutes after 10:00's meeting, which wants 15 free after it
      expect(await taken(day)).toEqual([day.at(9, 30), day.at(10, 0), day.at(10, 30)]);
      const next = await h.visitor().from('appointments').insert(booking(day.at(10, 30)));
      expect(next.error?.code).toBe('23505');
      expect((await h.visitor().from('appointments').insert(booking(day.at(11, 0)))).error).toBeNull();

      // before a meeting as well: 45 minutes free before 15:30 and 16:00 reach back into 15:00–15:30
      await buffers(45, 0);
      await feed([[day.at(15, 0), day.at(15, 30)]]);
      const slots = await taken(day);
      expect(slots).toEqual(expect.arrayContaining([day.at(15, 0), day.at(15, 30), day.at(16, 0)]));
      expect(slots).not.toContain(day.at(14, 30));
      expect(slots).not.toContain(day.at(16, 30));
    });

    it('are checked as the settings allow: 0 to 240 minutes in steps of 5', async () => {
      await expect(buffers(7, 0)).rejects.toThrow(/calendar_settings_buffer_before_check/);
      await expect(buffers(0, 245)).rejects.toThrow(/calendar_settings_buffer_after_check/);
    });
  });

  describe('a stale calendar', () => {
    it('pauses new bookings once a feed has had no good sync for 2 hours, and the dialog can ask', async () => {
      const day = bookableDay(55);
      const id = await feed([], 2 * 60 * MINUTE - MINUTE);
      expect((await h.anon.rpc('booking_paused')).data).toBe(false);
      await sql(`update private.calendar_feeds set last_synced_at = now() - interval '2 hours 1 minute' where id = $1`, [id]);
      expect((await h.anon.rpc('booking_paused')).data).toBe(true);
      const refused = await h.visitor().from('appointments').insert(booking(day.at(12, 0)));
      expect(refused.error?.hint).toBe('booking_paused');

      // a feed switched off no longer holds the calendar back
      const { error } = await admin.rpc('set_calendar_feed_active', { feed: id, active: false });
      expect(error).toBeNull();
      expect((await h.anon.rpc('booking_paused')).data).toBe(false);
      expect((await h.visitor().from('appointments').insert(booking(day.at(12, 0)))).error).toBeNull();
    });

    it('counts a feed that never synced from when it was added', async () => {
      await sql(`insert into private.calendar_feeds (label, secret_id, url_hint, active_since)
                 values ('Нов', gen_random_uuid(), 'https://x.example/…', now() - interval '3 hours')`);
      expect((await h.anon.rpc('booking_paused')).data).toBe(true);
      const { data } = await admin.rpc('calendar_feeds');
      expect(data).toEqual([expect.objectContaining({ label: 'Нов', stale: true, last_synced_at: null })]);
    });
  });

  describe('the feeds, for admins only', () => {
    const GOOGLE = 'https://calendar.google.com/calendar/ical/vera%40example.com/private-0123456789abcdef/basic.ics';

    it('keep the address in Vault and show only a masked one', async () => {
      const { data: id, error } = await admin.rpc('add_calendar_feed', { label: ' Личен ', url: GOOGLE.replace('https://', 'webcal://') });
      expect(error, JSON.stringify(error)).toBeNull();
      const { data } = await admin.rpc('calendar_feeds');
      expect(data).toEqual([expect.objectContaining({ id, label: 'Личен', url_hint: 'https://calendar.google.com/…/basic.ics', is_active: true })]);
      expect(JSON.stringify(data)).not.toContain('private-0123456789abcdef');
      const [stored] = await sql<{ secret: string; row: string }>(
        `select s.decrypted_secret as secret, to_jsonb(f)::text as row
           from private.calendar_feeds f join vault.decrypted_secrets s on s.id = f.secret_id where f.id = $1`,
        [id],
      );
      expect(stored.secret).toBe(GOOGLE);
      expect(stored.row).not.toContain('private-0123456789abcdef');

      const again = await admin.rpc('add_calendar_feed', { label: 'Пак', url: GOOGLE });
      expect(again.error?.hint).toBe('calendar_feed_duplicate');
      expect(again.error?.message).toBe('Този календар вече е добавен.');

      expect((await admin.rpc('remove_calendar_feed', { feed: id })).error).toBeNull();
      expect(await sql(`select 1 from vault.secrets where name = $1`, [`calendar_feed:${id}`])).toEqual([]);
    });

    it('refuse an address that is not https (plain http only to this machine), with a reason in Bulgarian', async () => {
      for (const url of ['http://calendar.example/basic.ics', 'ftp://x.example/a.ics', 'не е адрес', '']) {
        const { error } = await admin.rpc('add_calendar_feed', { label: 'Лош', url });
        expect(error?.hint, url).toBe('calendar_feed_url');
        expect(error?.message, url).toMatch(/^(Адресът на календара трябва да започва с https:\/\/\.|Въведете адреса на календара във формат iCal \(\.ics\)\.)$/);
      }
      const label = await admin.rpc('add_calendar_feed', { label: '  ', url: GOOGLE });
      expect(label.error?.hint).toBe('calendar_feed_label');
      expect((await admin.rpc('add_calendar_feed', { label: 'Местен', url: 'http://127.0.0.1:9/a.ics' })).error).toBeNull();
    });

    it('are nobody else’s: visitors, other accounts and the service role’s own calls', async () => {
      for (const client of [h.anon, stranger]) {
        expect((await client.rpc('calendar_feeds')).error?.code).toMatch(/42501/);
        expect((await client.rpc('add_calendar_feed', { label: 'x', url: GOOGLE })).error?.code).toMatch(/42501/);
        expect((await client.rpc('calendar_sync_claim', { run: 'x' })).error?.code).toMatch(/42501/);
        expect((await client.rpc('calendar_sync_store', { feed: ADMIN.sub, blocks: [] })).error?.code).toMatch(/42501/);
      }
      expect(await sql('select 1 from private.calendar_feeds')).toEqual([]);
    });
  });

  describe('the sync’s run', () => {
    /** A run token for one feed, as private.request_calendar_sync mints them. */
    async function run(feed: string): Promise<string> {
      const token = `run-${++n}-${'x'.repeat(40)}`;
      await sql('insert into private.calendar_sync_runs (token_hash, feed_id) values (private.token_hash($1), $2)', [token, feed]);
      return token;
    }

    it('hands a feed’s address out once per token, and stores its blocks in place of the last ones', async () => {
      const { data: id } = await admin.rpc('add_calendar_feed', { label: 'Работа', url: 'https://outlook.example/owa/calendar/secret-abc/calendar.ics' });
      // another feed's address is not this run's
      await admin.rpc('add_calendar_feed', { label: 'Друг', url: 'https://other.example/calendar.ics' });
      const token = await run(id);
      const claimed = await h.service.rpc('calendar_sync_claim', { run: token });
      expect(claimed.error).toBeNull();
      expect(claimed.data).toMatchObject({ time_zone: 'Europe/Sofia', max_blocks: 5000, feeds: [{ id, url: 'https://outlook.example/owa/calendar/secret-abc/calendar.ics' }] });
      expect((await h.service.rpc('calendar_sync_claim', { run: token })).error?.code).toBe('42501');
      expect((await h.service.rpc('calendar_sync_claim', { run: 'made-up' })).error?.code).toBe('42501');

      const day = bookableDay(56);
      const first = await h.service.rpc('calendar_sync_store', { feed: id, blocks: [{ start: day.at(9, 0), end: day.at(10, 0) }, { start: day.at(13, 0), end: day.at(13, 30) }] });
      expect(first.data).toBe(2);
      const second = await h.service.rpc('calendar_sync_store', { feed: id, blocks: [{ start: day.at(16, 0), end: day.at(16, 30) }] });
      expect(second.data).toBe(1);
      expect(await taken(day)).toEqual([day.at(16, 0)]);

      // a failure keeps the last good blocks and says why
      await h.service.rpc('calendar_sync_failed', { feed: id, message: 'Адресът отговори с грешка 404.' });
      const { data } = await admin.rpc('calendar_feeds');
      expect(data).toContainEqual(expect.objectContaining({ id, busy_count: 1, last_error: 'Адресът отговори с грешка 404.', stale: false }));
      expect(await taken(day)).toEqual([day.at(16, 0)]);
      // and a good sync clears the error
      await h.service.rpc('calendar_sync_store', { feed: id, blocks: [] });
      expect((await admin.rpc('calendar_feeds')).data).toContainEqual(expect.objectContaining({ id, busy_count: 0, last_error: null }));
    });

    it('refuses blocks that are not blocks, changing nothing', async () => {
      const id = await feed([]);
      const day = bookableDay(56);
      const backwards = await h.service.rpc('calendar_sync_store', { feed: id, blocks: [{ start: day.at(10, 0), end: day.at(9, 0) }] });
      expect(backwards.error?.code).toBe('23514');
      const notArray = await h.service.rpc('calendar_sync_store', { feed: id, blocks: { start: day.at(9, 0) } });
      expect(notArray.error?.code).toBe('22023');
      expect(await sql('select 1 from private.calendar_busy')).toEqual([]);
    });
  });

  describe('what a sync skipped, and whose calendar it is', () => {
    it('keeps the report of what the good sync skipped, in the order of the reasons, and refuses one that is no report', async () => {
      const id = await feed([]);
      const day = bookableDay(59);
      const skipped = [
        { reason: 'too_long', count: 2, first: '2027-01-05' },
        { reason: 'invalid_date', count: 1, first: null },
      ];
      const stored = await h.service.rpc('calendar_sync_store', { feed: id, blocks: [{ start: day.at(9, 0), end: day.at(10, 0) }], skipped });
      expect(stored.error).toBeNull();
      const { data } = await admin.rpc('calendar_feeds');
      expect(data).toContainEqual(expect.objectContaining({ id, busy_count: 1, skipped: [skipped[1], skipped[0]] }));
      for (const bad of [
        [{ reason: 'made_up', count: 1, first: null }],
        [{ reason: 'too_long', count: 0, first: null }],
        [{ reason: 'too_long', count: 1, first: 'yesterday' }],
        [{ reason: 'too_long', count: '1', first: null }],
        { reason: 'too_long', count: 1 },
        Array.from({ length: 21 }, () => ({ reason: 'too_long', count: 1, first: null })),
      ]) {
        const refused = await h.service.rpc('calendar_sync_store', { feed: id, blocks: [], skipped: bad });
        expect(refused.error?.code, JSON.stringify(bad)).toBe('22023');
      }
      // the refusals changed nothing
      expect(await taken(day)).toEqual([day.at(9, 0), day.at(9, 30)]);
      // a feed switched off forgets its last sync, report and all
      await admin.rpc('set_calendar_feed_active', { feed: id, active: false });
      expect((await admin.rpc('calendar_feeds')).data).toContainEqual(expect.objectContaining({ id, skipped: [], busy_count: 0 }));
    });

    it('hands the sync the owner’s address the admin gave, compared as mail does', async () => {
      const { data: id, error } = await admin.rpc('add_calendar_feed', { label: 'С поканите', url: 'https://cal.example/owner.ics', owner_email: ' Vera@Example.COM ' });
      expect(error).toBeNull();
      expect((await admin.rpc('calendar_feeds')).data).toContainEqual(expect.objectContaining({ id, owner_email: 'vera@example.com' }));
      const token = `run-owner-${++n}-${'x'.repeat(40)}`;
      await sql('insert into private.calendar_sync_runs (token_hash, feed_id) values (private.token_hash($1), $2)', [token, id]);
      const claimed = await h.service.rpc('calendar_sync_claim', { run: token });
      expect(claimed.data).toMatchObject({ feeds: [{ id, url: 'https://cal.example/owner.ics', owner_email: 'vera@example.com' }] });
      // none is none; anything else must be an address
      expect((await admin.rpc('add_calendar_feed', { label: 'Без', url: 'https://cal.example/none.ics', owner_email: '  ' })).error).toBeNull();
      const bad = await admin.rpc('add_calendar_feed', { label: 'Лош', url: 'https://cal.example/bad.ics', owner_email: 'vera at example' });
      expect(bad.error).toMatchObject({ code: '22023', hint: 'calendar_feed_owner' });
      expect(await sql('select 1 from private.calendar_feeds where url_hint like $1', ['%bad.ics'])).toEqual([]);
    });
  });

  describe('a failing feed', () => {
    let restoreMail: () => Promise<void>;
    /** The admins the database e-mails, by address. */
    const admins = async () =>
      (await sql<{ email: string }>('select lower(b.email) as email from public.blog_users b where private.serves_visitors(b.id) order by 1')).map((r) => r.email);
    const told = async (label: string) =>
      sql<{ recipient: string; subject: string; caused_by: string; payload: unknown }>(
        `select lower(recipient) as recipient, subject, caused_by, payload from private.mail_outbox
          where purpose = 'calendar_feed_failed' and subject like $1 order by recipient`,
        [`%„${label}“%`],
      );

    beforeAll(async () => {
      // mail must work for the admins to be told (what the database held before is put back after)
      const [before] = await sql<{ row: Record<string, unknown> | null; key: string | null }>(
        `select (select to_jsonb(s) from private.mail_settings s where s.id) as row, private.vault_secret('mail_api_key') as key`,
      );
      await useLocalMailCatcher(h.local, 'https://sinaptika.example');
      restoreMail = async () => {
        if (before.row) {
          await sql(
            `update private.mail_settings s set api_url = r.api_url, sender = r.sender, reply_to = r.reply_to, site_url = r.site_url, functions_url = r.functions_url
               from jsonb_populate_record(null::private.mail_settings, $1) r where s.id`,
            [before.row],
          );
        } else {
          await sql('delete from private.mail_settings');
        }
        await sql(`select private.set_vault_secret('mail_api_key', $1)`, [before.key]);
      };
    });
    afterAll(async () => restoreMail?.());

    it('tells every admin once, through the outbox, until a good sync; never the feed’s address', async () => {
      // the feed's first sync (pg_net calling calendar-sync, which cannot reach outlook.example) would
      // fail on its own at a moment of its choosing: this test plays each sync's outcome itself
      const release = await h.local.net.hold();
      onTestFinished(async () => {
        await sql(`delete from net.http_request_queue where url like '%/calendar-sync%'`);
        release();
      });
      const everyone = await admins();
      expect(everyone.length).toBeGreaterThan(0);
      const { data: id } = await admin.rpc('add_calendar_feed', { label: 'Служебен', url: 'https://outlook.example/owa/calendar/secret-xyz/calendar.ics' });
      await sql('delete from private.mail_outbox where purpose = $1', ['calendar_feed_failed']);
      await h.service.rpc('calendar_sync_failed', { feed: id, message: 'Адресът отговори с грешка 404.' });
      await h.service.rpc('calendar_sync_failed', { feed: id, message: 'Адресът отговори с грешка 404.' });
      let mails = await told('Служебен');
      expect(mails.map((m) => m.recipient)).toEqual(everyone);
      for (const m of mails) {
        expect(m.caused_by).toBe('system');
        expect(m.subject).toMatch(/^Календарът „Служебен“ не се синхронизира — /);
        const text = JSON.stringify(m.payload ?? '');
        expect(text).not.toContain('secret-xyz');
        expect(text).not.toContain('outlook.example');
      }
      // a good sync, then a failure anew: told anew
      await h.service.rpc('calendar_sync_store', { feed: id, blocks: [] });
      await h.service.rpc('calendar_sync_failed', { feed: id, message: 'Календарът не отговори за 15 секунди.' });
      mails = await told('Служебен');
      expect(mails).toHaveLength(2 * everyone.length);
      expect((await admin.rpc('calendar_feeds')).data).toContainEqual(expect.objectContaining({ id, last_error: 'Календарът не отговори за 15 секунди.' }));
    });

    it('reads pg_net’s answer to a call the function never recorded, and says in Bulgarian what failed', async () => {
      const FAILED = 'Синхронизацията не стигна до календара: функцията calendar-sync';
      const cases: [string, Record<string, unknown> | null, string | null, { claimed?: boolean; minutesAgo?: number }][] = [
        ['boot', { status_code: 503, headers: { 'sb-error-code': 'BOOT_ERROR' }, content: '{"code":"BOOT_ERROR","message":"Function failed to start (please check logs)"}' },
          `${FAILED} не успя да стартира (грешка 503, BOOT_ERROR). Вижте логовете ѝ (Edge Functions → calendar-sync → Logs).`, {}],
        ['missing', { status_code: 404, headers: { 'sb-error-code': 'NOT_FOUND' }, content: '{"code":"NOT_FOUND"}' },
          `${FAILED} не е публикувана (грешка 404). Публикувайте я: npx supabase functions deploy calendar-sync.`, {}],
        ['slow', { status_code: null, timed_out: true, error_msg: 'Timeout of 60000 ms reached' }, `${FAILED} не отговори за 60 секунди.`, {}],
        ['refused', { status_code: null, error_msg: "Couldn't connect to server" },
          `${FAILED} не може да бъде достигната (Couldn't connect to server). Проверете functions_url в private.mail_settings.`, {}],
        ['limit', { status_code: 546, headers: { 'sb-error-code': 'WORKER_RESOURCE_LIMIT' }, content: '' },
          `${FAILED} спря, защото надхвърли ограничението за време или памет (грешка 546).`, { claimed: true }],
        ['silent', { status_code: 200, content: '{"feeds":1,"synced":0,"failed":1}' },
          `${FAILED} завърши, без да запише резултат. Ще опитаме отново при следващото синхронизиране.`, { claimed: true }],
        ['lost', null, 'Синхронизацията не стигна до календара: заявката към функцията calendar-sync остана без отговор 5 минути. Проверете дали pg_net работи и дали функцията е публикувана.', { minutesAgo: 6 }],
        ['waiting', null, null, { minutesAgo: 1 }],
        ['recorded', { status_code: 200, content: '{"feeds":1,"synced":1,"failed":0}' }, null, { claimed: true }],
      ];
      const ids: Record<string, string> = {};
      let request = 900_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
      for (const [label, answer, , { claimed = false, minutesAgo = 0 }] of cases) {
        const id = await feed([], MINUTE);
        ids[label] = id;
        request += 1;
        await sql(
          `insert into private.calendar_sync_runs (token_hash, feed_id, request_id, created_at, claimed_at)
           values (private.token_hash($1), $2, $3, now() - $4 * interval '1 minute', case when $5 then now() - $4 * interval '1 minute' end)`,
          [`run-${label}-${request}`, id, request, minutesAgo, claimed],
        );
        if (label === 'recorded') await h.service.rpc('calendar_sync_store', { feed: id, blocks: [] });
        if (answer) {
          await sql(
            `insert into net._http_response (id, status_code, headers, content, timed_out, error_msg)
             values ($1, $2, $3, $4, $5, $6)`,
            [request, answer.status_code, answer.headers ?? null, answer.content ?? null, answer.timed_out ?? false, answer.error_msg ?? null],
          );
        }
      }
      await sql('select private.calendar_sync_outcomes()');
      const { data } = await admin.rpc('calendar_feeds');
      const byId = new Map((data as { id: string; last_error: string | null }[]).map((f) => [f.id, f.last_error]));
      for (const [label, , expected] of cases) expect(byId.get(ids[label]), label).toBe(expected);
      // each run is settled once: a second look changes nothing, and the waiting one still waits
      const [{ open }] = await sql<{ open: number }>('select count(*)::int as open from private.calendar_sync_runs where settled_at is null');
      expect(open).toBe(1);
      expect((await sql<{ n: number }>('select private.calendar_sync_outcomes() as n'))[0].n).toBe(0);
      expect((await admin.rpc('calendar_feeds')).data).toContainEqual(expect.objectContaining({ id: ids.waiting, last_error: null }));
      // the job that does it every minute
      expect(await sql(`select schedule, command from cron.job where jobname = 'calendar-sync-outcomes'`)).toEqual([
        { schedule: '* * * * *', command: 'select private.calendar_sync_outcomes()' },
      ]);
    });
  });

  describe('where to meet', () => {
    it('is a room of its own per booking, kept by a move, and the fixed link of the settings when there is one', async () => {
      const day = bookableDay(57);
      const one = booking(day.at(9, 0));
      const two = booking(day.at(9, 30));
      // nobody chooses it: the visitor may not even send one
      expect((await h.visitor().from('appointments').insert({ ...one, meeting_url: 'https://evil.example/' })).error?.code).toBe('42501');
      expect((await h.visitor().from('appointments').insert(one)).error).toBeNull();
      expect((await h.visitor().from('appointments').insert(two)).error).toBeNull();
      const rooms = await sql<{ meeting_url: string; id: string }>(
        'select id, meeting_url from public.appointments where client_email in ($1, $2) order by preferred_date',
        [one.client_email, two.client_email],
      );
      expect(rooms[0].meeting_url).toMatch(/^https:\/\/meet\.jit\.si\/Konsultaciya-[0-9a-f]{32}$/);
      expect(rooms[1].meeting_url).toMatch(/^https:\/\/meet\.jit\.si\/Konsultaciya-[0-9a-f]{32}$/);
      expect(rooms[0].meeting_url).not.toBe(rooms[1].meeting_url);

      // an admin moves it: the room stays
      const moved = await admin.from('appointments').update({ preferred_date: day.at(11, 0) }).eq('id', rooms[0].id).select('meeting_url');
      expect(moved.error).toBeNull();
      expect(moved.data).toEqual([{ meeting_url: rooms[0].meeting_url }]);

      const link = 'https://zoom.example/j/123456789';
      expect((await admin.from('meeting_settings').update({ meeting_link: link }).eq('id', true)).error).toBeNull();
      const three = booking(day.at(14, 0));
      expect((await h.visitor().from('appointments').insert(three)).error).toBeNull();
      expect(await sql('select meeting_url from public.appointments where client_email = $1', [three.client_email])).toEqual([{ meeting_url: link }]);
    });

    it('is the admins’ setting alone, and only an https address', async () => {
      expect((await h.anon.from('meeting_settings').select('meeting_link')).error?.code).toBe('42501');
      expect((await stranger.from('meeting_settings').select('meeting_link')).data).toEqual([]);
      const bad = await admin.from('meeting_settings').update({ meeting_link: 'http://zoom.example/j/1' }).eq('id', true);
      expect(bad.error?.code).toBe('23514');
    });

    it('is in the manage page’s view, the e-mail and the invitation’s LOCATION', async () => {
      const [row] = await sql<{ id: string; meeting_url: string }>(
        `insert into public.appointments (client_name, client_email, preferred_date, status)
         values ('Вера', $1, $2, 'confirmed') returning id, meeting_url`,
        [`vera-${++n}@example.com`, bookableDay(58).at(10)],
      );
      const [view] = await sql<{ v: { meeting_url: string } }>(
        'select private.booking_view(a) as v from public.appointments a where id = $1', [row.id]);
      expect(view.v.meeting_url).toBe(row.meeting_url);
      const settings = `row(true, 'https://mail.example', 'Синаптика <zdravei@sinaptika.example>', null,
                            'https://sinaptika.example', 'Синаптика', now(), null, 2)::private.mail_settings`;
      const [ics] = await sql<{ ics: string; link: string }>(
        `select private.booking_ics(a, ${settings}) as ics, private.google_calendar_link(a, ${settings}) as link
           from public.appointments a where id = $1`,
        [row.id],
      );
      const unfolded = ics.ics.replace(/\r\n /g, '');
      expect(unfolded).toContain(`\r\nLOCATION:${row.meeting_url}\r\n`);
      expect(ics.link).toContain(`&location=${encodeURIComponent(row.meeting_url)}`);
      // in the e-mail's HTML part a link to follow, in its text part the address
      const [bodies] = await sql<{ b: { html: string; text: string } }>(
        `select private.mail_bodies('Заглавие', array['Здравейте!'], array[array['Връзка за срещата', $1]], array[]::text[], array[]::text[], 'Поздрави') as b`,
        [row.meeting_url],
      );
      expect(bodies.b.html).toContain(`<a href="${row.meeting_url}" style="color:#1d4ed8">${row.meeting_url}</a>`);
      expect(bodies.b.text).toContain(`Връзка за срещата: ${row.meeting_url}\n`);
    });
  });

  describe('no-shows', () => {
    async function meeting(minutesAgo: number): Promise<string> {
      const [row] = await sql<{ id: string }>(
        `insert into public.appointments (client_name, client_email, preferred_date, status)
         values ('Неявил се', $1, now() - $2 * interval '1 minute', 'confirmed') returning id`,
        [`noshow-${++n}@example.com`, minutesAgo],
      );
      return row.id;
    }
    const mails = async (id: string) => (await sql<{ c: number }>('select count(*)::int as c from private.mail_outbox where appointment_id = $1', [id]))[0].c;

    it('are marked only after the meeting has ended, and e-mail nobody, either way', async () => {
      const running = await meeting(10);
      const early = await admin.from('appointments').update({ status: 'no_show' }).eq('id', running);
      expect(early.error?.hint).toBe('booking_no_show_early');
      expect(early.error?.message).toBe('Срещата още не е свършила: „Не се яви“ се отбелязва след края ѝ.');

      const over = await meeting(45);
      expect((await admin.from('appointments').update({ status: 'no_show' }).eq('id', over)).error).toBeNull();
      expect((await admin.from('appointments').update({ status: 'confirmed' }).eq('id', over)).error).toBeNull();
      expect(await mails(over)).toBe(0);
      const { data: history } = await admin.rpc('booking_history', { booking: over });
      expect((history as { kind: string }[]).map((e) => e.kind)).toEqual(['booked', 'no_show', 'no_show_undone']);
      // a pending one never met: it cannot be a no-show
      await sql(`update public.appointments set status = 'cancelled' where id = $1`, [running]);
      expect((await admin.from('appointments').update({ status: 'no_show' }).eq('id', running)).error?.code).toBe('23514');
    });

    it('are counted per month by the inbox with one request', async () => {
      const id = await meeting(60);
      await admin.from('appointments').update({ status: 'no_show' }).eq('id', id);
      const { count, error } = await admin
        .from('appointments')
        .select('id', { count: 'exact', head: true })
        .eq('status', 'no_show')
        .gte('preferred_date', new Date(Date.now() - 2 * 60 * MINUTE).toISOString());
      expect(error).toBeNull();
      expect(count).toBe(1);
    });
  });
}
