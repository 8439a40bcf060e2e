// A booking as a conversation (migration *_booking_conversation.sql): the database e-mails the
// visitor through its outbox and pg_net (here into the stand-in's mail catcher), and the private
// manage link moves or cancels the booking through SECURITY DEFINER functions only. Defined once
// and run against the stand-in (booking-conversation.test.ts) and PostgreSQL 15
// (rls-matrix.postgres.test.ts).
import ICAL from 'ical.js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Harness } from './harness.ts';
import { bookableDay, instants } from './slots.ts';

/** A message as the stand-in's mail catcher keeps it. */
export interface CaughtMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: string }[];
  created_at: string;
}

/**
 * Working days from 15 days ahead, each a different date (bookableDay moves a weekend to Monday),
 * so no two tests share a day and no other suite on the same database books them.
 */
const DAYS: ReturnType<typeof bookableDay>[] = [];
for (let offset = 15; DAYS.length < 10; offset++) {
  const next = bookableDay(offset);
  if (!DAYS.some((d) => d.range.range_start === next.range.range_start)) DAYS.push(next);
}
const day = (i: number) => DAYS[i];

const ADMIN = { sub: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' };

/** The invitation of a caught message, parsed by ical.js. */
export function invitation(mail: CaughtMail) {
  const file = mail.attachments.find((a) => a.filename.endsWith('.ics'));
  if (!file) throw new Error(`no invitation in "${mail.subject}"`);
  const text = Buffer.from(file.content, 'base64').toString('utf8');
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    text,
    contentType: file.contentType,
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    status: event.getFirstPropertyValue('status'),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    end: (event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
    attendee: String(event.getFirstPropertyValue('attendee')),
  };
}

/** The manage link's token in a message's text. */
export const tokenIn = (mail: CaughtMail) => /\/booking\/([A-Za-z0-9_-]{43})\b/.exec(mail.text)?.[1];

export function defineBookingConversation(start: () => Promise<Harness>): void {
  let h: Harness;
  let admin: SupabaseClient;
  let n = 0;
  /** The circuit breaker's numbers as the migrations leave them, put back after the suite. */
  let breaker: { name: string; value: number }[] = [];
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    h.local.db.asSystem(async (tx) => (await tx.query<T>(text, params)).rows);

  /** Everything the catcher received since the last call, oldest first. */
  const mail = async (): Promise<CaughtMail[]> => {
    h.local.net.kick();
    await h.local.net.settled();
    const res = await fetch(`${h.url}/__local/mail`);
    const all = (await res.json()) as CaughtMail[];
    await fetch(`${h.url}/__local/mail`, { method: 'DELETE' });
    return all.reverse();
  };
  /** What the scheduled job does once a minute, and pg_net after it. */
  const runJob = async () => {
    await sql('select private.process_mail_outbox()');
    h.local.net.kick();
    await h.local.net.settled();
  };

  const email = () => `conv${++n}-${process.pid}@example.com`;
  /** Books as a visitor through the public API; returns the address and the caught confirmation. */
  async function book(at: string, zone: string | null = 'Europe/Sofia') {
    const address = email();
    const { error } = await h.visitor().from('appointments').insert({
      client_name: 'Ирина Разговорова',
      client_email: address,
      client_phone: '+359888123456',
      preferred_date: at,
      visitor_time_zone: zone,
    });
    expect(error).toBeNull();
    const [message, ...more] = await mail();
    expect(more).toEqual([]);
    const [{ id }] = await sql<{ id: string }>('select id from public.appointments where client_email = $1', [address]);
    return { address, message, id, token: tokenIn(message)! };
  }
  /** A booking arranged directly in the database (past the rules), with a live link. */
  async function arranged(at: Date, status = 'pending') {
    const address = email();
    const [{ id }] = await sql<{ id: string }>(
      `insert into public.appointments (client_name, client_email, preferred_date, status) values ('Стефан', $1, $2, $3) returning id`,
      [address, at.toISOString(), status],
    );
    await mail();
    const [{ token }] = await sql<{ token: string }>('select private.mint_booking_link($1) as token', [id]);
    return { id, address, token };
  }
  const taken = async (d: ReturnType<typeof bookableDay>) => instants((await h.anon.rpc('taken_slots', d.range)).data);

  beforeAll(async () => {
    h = await start();
    admin = h.as(ADMIN);
    // the tests play the job's minute themselves
    await sql(`update cron.job set active = false where jobname = 'booking-mail'`);
    // this suite mails more than 20 visitors at example.com within the hour: the circuit breaker,
    // which would hold the rest, is not what it tests
    breaker = await sql<{ name: string; value: number }>(
      `select name, value from private.intake_limits where name in ('mail_per_hour', 'mail_per_domain_per_hour')`,
    );
    expect(breaker).toHaveLength(2);
    await sql(`update private.intake_limits set value = 1000 where name in ('mail_per_hour', 'mail_per_domain_per_hour')`);
  });
  afterAll(async () => {
    await sql(`update cron.job set active = true where jobname = 'booking-mail'`);
    for (const { name, value } of breaker) await sql('update private.intake_limits set value = $2 where name = $1', [name, value]);
    await sql('delete from private.mail_settings');
    await sql(`select private.set_vault_secret('mail_api_key', null)`);
    await h.close();
  });
  beforeEach(async () => {
    await sql(
      `insert into private.mail_settings (api_url, sender, reply_to, site_url)
       values ($1, 'Синаптика <zdravei@sinaptika.example>', 'zdravei@sinaptika.example', 'https://sinaptika.example')
       on conflict (id) do update set api_url = excluded.api_url, site_url = excluded.site_url`,
      [`${h.url}/__local/mail`],
    );
    await sql(`select private.set_vault_secret('mail_api_key', 'local-mail-key')`);
    await mail();
  });

  describe('the confirmation e-mail', () => {
    it('reaches the visitor with both time zones, an invitation for the right instant, a Google link and a manage link', async () => {
      const slot = day(0);
      const { address, message, id, token } = await book(slot.at(10), 'America/New_York');
      expect(message.to).toBe(address);
      expect(message.subject).toMatch(/^Получихме заявката ви за консултация: .+10:00 \(българско време\)$/);
      expect(message.text).toMatch(/Кога: .+, 10:00 \(българско време\)/);
      // 10:00 in Sofia is 03:00 or 04:00 in New York, by the season
      expect(message.text).toMatch(/По вашето време: .+, 0[34]:00 \(America\/New_York\)/);
      expect(message.html).toContain('<h1');
      expect(message.html).not.toMatch(/<img|<script/i);
      const invite = invitation(message);
      expect(invite).toMatchObject({ method: 'REQUEST', sequence: 0, status: 'TENTATIVE', start: slot.at(10) });
      expect(invite.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
      expect(invite.uid).toBe(`booking-${id}@sinaptika.example`);
      expect(new Date(invite.end).getTime() - new Date(invite.start).getTime()).toBe(30 * 60_000);
      expect(invite.attendee).toBe(`mailto:${address}`);
      // an invitation is copied into calendars: it carries neither the manage link nor a name a stranger typed
      expect(invite.text).not.toContain(token);
      expect(invite.text).not.toMatch(/\r\nATTENDEE;CN=/);
      expect(invite.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(invite.text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
      const start = slot.at(10).replace(/[-:]/g, '').replace('.000', '');
      expect(message.text).toContain(`https://calendar.google.com/calendar/render?action=TEMPLATE&text=`);
      expect(message.text).toContain(`&dates=${start}/`);
      expect(token).toHaveLength(43);
      expect(message.text).toContain(`https://sinaptika.example/booking/${token}`);
      // only the hash is kept, and the sent message's body is dropped with its link
      await runJob();
      const stored = await sql<{ hashes: number; raw: number; payloads: number }>(
        `select (select count(*) from private.booking_links where appointment_id = $1)::int as hashes,
                (select count(*) from private.mail_outbox where payload::text like '%' || $2 || '%')::int as raw,
                (select count(*) from private.mail_outbox where appointment_id = $1 and payload is not null)::int as payloads`,
        [id, token],
      );
      expect(stored).toEqual([{ hashes: 1, raw: 0, payloads: 0 }]);
      expect(await sql('select status from private.mail_outbox where appointment_id = $1', [id])).toEqual([{ status: 'sent' }]);
    });

    it('an inquiry with an e-mail address is acknowledged; one by phone only is not', async () => {
      const address = email();
      const visitor = h.visitor();
      const inquiry = { name: 'Петя', company: 'Фирма', message: 'Здравейте', purpose: 'custom' };
      expect((await visitor.from('contact_submissions').insert({ ...inquiry, email: address, phone: '', contact_method: 'email' })).error).toBeNull();
      const [ack, ...more] = await mail();
      expect(more).toEqual([]);
      expect(ack).toMatchObject({ to: address, subject: 'Получихме запитването ви — Синаптика', attachments: [] });
      // the name a stranger typed is not mailed to the address they typed: a greeting without it
      expect(ack.text).toContain('Здравейте!');
      expect(ack.text).not.toContain('Петя');
      expect(ack.text).not.toContain('Здравейте\n'); // what the visitor wrote is never repeated
      expect((await visitor.from('contact_submissions').insert({ ...inquiry, email: '', phone: '+359888000111', contact_method: 'phone' })).error).toBeNull();
      expect(await mail()).toEqual([]);
    });

    it('a browser zone that is not a real zone is dropped, never refused', async () => {
      const { message, id } = await book(day(0).at(11), 'Mars/Olympus_Mons');
      expect(message.text).not.toContain('По вашето време');
      expect(await sql('select visitor_time_zone from public.appointments where id = $1', [id])).toEqual([{ visitor_time_zone: null }]);
    });
  });

  describe('the manage link', () => {
    it('shows the booking and nothing the visitor typed but the name', async () => {
      const slot = day(1);
      const { token } = await book(slot.at(9));
      const { data, error } = await h.anon.rpc('booking_by_token', { token });
      expect(error).toBeNull();
      expect(data).toMatchObject({ status: 'pending', client_name: 'Ирина Разговорова', cutoff_hours: 12, can_change: true, time_zone: 'Europe/Sofia' });
      expect(new Date(data.starts_at).toISOString()).toBe(slot.at(9));
      expect(JSON.stringify(data)).not.toMatch(/@example\.com|359888123456/);
    });

    it('moves the booking: a new link, the old one refused as replaced, the old slot free, a new invitation', async () => {
      const slot = day(2);
      const { token, id } = await book(slot.at(10));
      const moved = await h.anon.rpc('move_booking', { token, new_start: slot.at(14, 30) });
      expect(moved.error).toBeNull();
      const next = moved.data.token as string;
      expect(next).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(new Date(moved.data.booking.starts_at).toISOString()).toBe(slot.at(14, 30));
      expect(await taken(slot)).toEqual([slot.at(14, 30)]);

      const [message] = await mail();
      expect(message.subject).toMatch(/^Консултацията ви е преместена: .+14:30/);
      expect(tokenIn(message)).toBe(next);
      expect(invitation(message)).toMatchObject({ method: 'REQUEST', sequence: 1, uid: `booking-${id}@sinaptika.example`, start: slot.at(14, 30) });

      const old = await h.anon.rpc('booking_by_token', { token });
      expect(old.error).toMatchObject({ code: 'P0001', hint: 'booking_link_replaced' });
      const oldMove = await h.anon.rpc('move_booking', { token, new_start: slot.at(15) });
      expect(oldMove.error).toMatchObject({ hint: 'booking_link_replaced' });
      const oldCancel = await h.anon.rpc('cancel_booking', { token });
      expect(oldCancel.error).toMatchObject({ hint: 'booking_link_replaced' });
      expect((await h.anon.rpc('booking_by_token', { token: next })).data).toMatchObject({ status: 'pending' });
    });

    it('a move meets every booking rule, and a slot taken meanwhile is refused', async () => {
      const slot = day(3);
      const first = await book(slot.at(10));
      await book(slot.at(11));
      expect((await h.anon.rpc('move_booking', { token: first.token, new_start: slot.at(11) })).error).toMatchObject({ code: '23505' });
      expect((await h.anon.rpc('move_booking', { token: first.token, new_start: slot.at(10, 10) })).error).toMatchObject({ hint: 'booking_off_grid' });
      expect((await h.anon.rpc('move_booking', { token: first.token, new_start: slot.at(20) })).error).toMatchObject({ hint: 'booking_outside_hours' });
      expect((await h.anon.rpc('move_booking', { token: first.token, new_start: slot.at(10) })).error).toMatchObject({ hint: 'booking_same_slot' });
      // nothing happened: the link still works and nobody was written to
      expect((await h.anon.rpc('booking_by_token', { token: first.token })).error).toBeNull();
      expect(await mail()).toEqual([]);
    });

    it('cancels the booking: the slot is free again, the invitation is cancelled, and it cannot be moved or cancelled again', async () => {
      const slot = day(4);
      const { token, id } = await book(slot.at(12));
      const cancelled = await h.anon.rpc('cancel_booking', { token });
      expect(cancelled.error).toBeNull();
      expect(cancelled.data).toMatchObject({ status: 'cancelled', can_change: false });
      expect(await taken(slot)).toEqual([]);
      const [message] = await mail();
      expect(message.subject).toMatch(/^Консултацията ви е отменена/);
      expect(message.text).toContain('Отменихте консултацията си');
      expect(tokenIn(message)).toBeUndefined();
      expect(invitation(message)).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', sequence: 1, uid: `booking-${id}@sinaptika.example` });
      expect(message.attachments[0].contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
      expect((await h.anon.rpc('move_booking', { token, new_start: slot.at(13) })).error).toMatchObject({ hint: 'booking_move_cancelled' });
      expect((await h.anon.rpc('cancel_booking', { token })).error).toMatchObject({ hint: 'booking_already_cancelled' });
      // the link still shows what happened
      expect((await h.anon.rpc('booking_by_token', { token })).data).toMatchObject({ status: 'cancelled' });
    });

    it('refuses changes past the cut-off, which the calendar settings set', async () => {
      const soon = await arranged(new Date(Date.now() + 5 * 3600_000));
      expect((await h.anon.rpc('booking_by_token', { token: soon.token })).data).toMatchObject({ can_change: false, cutoff_hours: 12 });
      expect((await h.anon.rpc('cancel_booking', { token: soon.token })).error).toMatchObject({ hint: 'booking_change_too_late' });
      expect((await h.anon.rpc('move_booking', { token: soon.token, new_start: day(5).at(10) })).error).toMatchObject({
        hint: 'booking_change_too_late',
      });
      try {
        await sql('update public.calendar_settings set manage_cutoff_hours = 2');
        expect((await h.anon.rpc('booking_by_token', { token: soon.token })).data).toMatchObject({ can_change: true, cutoff_hours: 2 });
        expect((await h.anon.rpc('cancel_booking', { token: soon.token })).error).toBeNull();
      } finally {
        await sql('update public.calendar_settings set manage_cutoff_hours = 12');
      }
      // an admin changes it from the calendar tab; it is bounded
      const { error } = await admin.from('calendar_settings').update({ manage_cutoff_hours: 200 }).not('id', 'is', null);
      expect(error).toMatchObject({ code: '23514' });
    });

    it('refuses an expired link, an unknown one and a malformed one, each by name', async () => {
      const past = await arranged(new Date(Date.now() - 3600_000));
      expect((await h.anon.rpc('booking_by_token', { token: past.token })).error).toMatchObject({ code: 'P0001', hint: 'booking_link_expired' });
      expect((await h.anon.rpc('cancel_booking', { token: past.token })).error).toMatchObject({ hint: 'booking_link_expired' });
      const unknown = 'A'.repeat(43);
      expect((await h.anon.rpc('booking_by_token', { token: unknown })).error).toMatchObject({ hint: 'booking_link_unknown' });
      expect((await h.anon.rpc('booking_by_token', { token: "x' or 1=1 --" })).error).toMatchObject({ hint: 'booking_link_unknown' });
    });

    it('is the only way in: visitors still cannot read or change bookings, and cannot set the sequence', async () => {
      const { id } = await book(day(6).at(9));
      const visitor = h.visitor();
      expect((await visitor.from('appointments').select('id').eq('id', id)).data ?? []).toEqual([]);
      const update = await visitor.from('appointments').update({ status: 'cancelled' }).eq('id', id).select('id');
      expect(update.error?.code === '42501' || (update.data ?? []).length === 0).toBe(true);
      const sneaky = await visitor.from('appointments').insert({
        client_name: 'X', client_email: email(), preferred_date: day(6).at(10), sequence: 7,
      });
      expect(sneaky.error).toMatchObject({ code: '42501' });
      expect((await visitor.rpc('booking_history', { booking: id })).error).toMatchObject({ code: '42501' });
      await mail();
    });

    it('a move is not a new booking: the intake limits neither count it nor loosen', async () => {
      const slot = day(7);
      const visitor = h.visitor();
      const row = (hour: number) => ({ client_name: 'Л', client_email: email(), preferred_date: slot.at(hour) });
      // one visitor may hold 2 pending bookings
      for (const hour of [9, 10]) expect((await visitor.from('appointments').insert(row(hour))).error).toBeNull();
      const tokens = (await mail()).map(tokenIn);
      expect((await h.anon.rpc('move_booking', { token: tokens[0], new_start: slot.at(15) })).error).toBeNull();
      expect((await visitor.from('appointments').insert(row(11))).error).toMatchObject({ hint: 'booking_limit_client' });
      expect((await h.anon.rpc('cancel_booking', { token: tokens[1] })).error).toBeNull();
      expect((await visitor.from('appointments').insert(row(11))).error).toBeNull();
      await mail();
    });
  });

  describe('the consultant\'s answers', () => {
    it('a confirmation and a cancellation in the inbox reach the visitor, and the history tells who did what', async () => {
      const slot = day(8);
      const { id } = await book(slot.at(10));
      expect((await admin.from('appointments').update({ status: 'confirmed' }).eq('id', id).select('id')).error).toBeNull();
      const [confirmed] = await mail();
      expect(confirmed.subject).toMatch(/^Консултацията ви е потвърдена/);
      expect(invitation(confirmed)).toMatchObject({ method: 'REQUEST', status: 'CONFIRMED', sequence: 1, start: slot.at(10) });
      expect(tokenIn(confirmed)).toBeDefined();

      expect((await admin.from('appointments').update({ status: 'cancelled' }).eq('id', id).select('id')).error).toBeNull();
      const [cancelled] = await mail();
      expect(cancelled.text).toContain('За съжаление се налага да отменим');
      expect(invitation(cancelled)).toMatchObject({ method: 'CANCEL', sequence: 2 });
      await runJob();

      const { data, error } = await admin.rpc('booking_history', { booking: id });
      expect(error).toBeNull();
      const lines = (data as { kind: string; actor: string; actor_email: string | null; detail: Record<string, unknown> }[]).map((r) =>
        r.kind === 'mail' ? `mail ${r.detail.purpose} ${r.detail.status}` : `${r.kind} ${r.actor} ${r.actor_email ?? ''}`.trim(),
      );
      expect(lines).toEqual([
        'booked visitor',
        'mail booking_received sent',
        'confirmed admin admin@example.com',
        'mail booking_confirmed sent',
        'cancelled admin admin@example.com',
        'mail booking_cancelled sent',
      ]);
      expect((await h.anon.rpc('booking_history', { booking: id })).error).toMatchObject({ code: '42501' });
    });

    it('the team chat hears of a visitor\'s cancel and move', async () => {
      const hook = `${h.url}/__local/chat-webhook`;
      await sql(`select private.set_vault_secret('chat_webhook_url', $1)`, [hook]);
      try {
        await fetch(hook, { method: 'DELETE' });
        const slot = day(9);
        const { token } = await book(slot.at(10));
        const moved = await h.anon.rpc('move_booking', { token, new_start: slot.at(11) });
        await h.anon.rpc('cancel_booking', { token: moved.data.token });
        await h.local.net.settled();
        const chat = (await (await fetch(hook)).json()) as { body: { content: string; embeds: { fields: { name: string }[] }[] } }[];
        expect(chat.map((m) => m.body.content)).toEqual(['📅 Нова заявка за консултация', '🔁 Клиент премести консултация', '❌ Клиент отмени консултация']);
        expect(chat[1].body.embeds[0].fields.map((f) => f.name)).toEqual(['Клиент', 'Имейл', 'Предишен час', 'Нов час']);
      } finally {
        await sql(`select private.set_vault_secret('chat_webhook_url', null)`);
        await mail();
      }
    });
  });

  describe('the scheduled job', () => {
    it('sends a reminder 24 hours before a confirmed meeting, once', async () => {
      const confirmed = await arranged(new Date(Date.now() + 20 * 3600_000), 'confirmed');
      const pending = await arranged(new Date(Date.now() + 21 * 3600_000), 'pending');
      const later = await arranged(new Date(Date.now() + 30 * 3600_000), 'confirmed');
      await runJob();
      await runJob();
      const reminders = (await mail()).filter((m) => m.subject.startsWith('Напомняне'));
      expect(reminders.map((m) => m.to)).toEqual([confirmed.address]);
      expect(reminders[0].attachments).toEqual([]);
      expect(tokenIn(reminders[0])).toBeDefined();
      expect([pending.address, later.address]).not.toContain(reminders[0].to);
    });

    it('keeps a failed send with its error and sends it again until the provider takes it', async () => {
      await sql(`update private.mail_settings set api_url = $1`, [`${h.url}/__local/nowhere`]);
      await sql(`select private.set_vault_secret('mail_api_key', 'x')`);
      const address = email();
      expect((await h.visitor().from('contact_submissions').insert({
        name: 'Надя', company: 'Кафе Надя', message: 'Искаме сайт.', purpose: 'custom', email: address, phone: '', contact_method: 'email',
      })).error).toBeNull();
      await h.local.net.settled();
      await runJob();
      const [failed] = await sql<{ status: string; last_error: string; attempts: number }>(
        'select status, last_error, attempts from private.mail_outbox where recipient = $1', [address]);
      expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
      expect(failed.last_error).toMatch(/^HTTP 404/);
      expect(await mail()).toEqual([]);

      await sql(`update private.mail_settings set api_url = $1`, [`${h.url}/__local/mail`]);
      await sql(`update private.mail_outbox set last_attempt_at = now() - interval '2 minutes' where recipient = $1`, [address]);
      await runJob(); // sends again
      await runJob(); // reads the answer
      expect(await sql('select status, attempts, last_error from private.mail_outbox where recipient = $1', [address])).toEqual([
        { status: 'sent', attempts: 2, last_error: null },
      ]);
      expect((await mail()).map((m) => m.to)).toEqual([address]);
    });
  });
}
