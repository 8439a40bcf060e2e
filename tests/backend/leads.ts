// Every inquiry and booking is a lead (migration *_leads.sql): the first touch the browser sends,
// checked by the database; contacts found by mailbox (contacts.ts: and changed only by an admin), merged and erased only by hand;
// stages, owners, follow-ups and offers with their history; append-only notes; one contact's
// timeline; and the morning e-mail of each owner's follow-ups, through the outbox into the
// stand-in's mail catcher. Defined once and run against the stand-in (leads.test.ts) and
// PostgreSQL 15 (rls-matrix.postgres.test.ts).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness.ts';
import type { CaughtMail } from './booking-conversation.ts';
import { bookableDay } from './slots.ts';

const ADMIN = { sub: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' };
const INACTIVE = 'a0000000-0000-4000-8000-000000000002';

interface Timeline {
  contact: { id: string; name: string; email: string; phone: string };
  inquiries: { id: string; status: string; first_touch: Record<string, unknown> | null }[];
  bookings: { id: string; client_email: string }[];
  events: { kind: string; detail: Record<string, unknown>; actor: string | null }[];
  mails: { purpose: string; recipient: string }[];
  notes: { body: string; author_name: string; author_id: string }[];
}

export function defineLeads(start: () => Promise<Harness>): void {
  let h: Harness;
  let admin: SupabaseClient;
  let stranger: SupabaseClient;
  let n = 0;
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    h.local.db.asSystem(async (tx) => (await tx.query<T>(text, params)).rows);
  const unique = () => `${++n}-${process.pid}-${Date.now() % 100000}`;
  const touch = (extra: Record<string, unknown> = {}) => ({
    utm_source: 'newsletter',
    utm_medium: 'email',
    utm_campaign: 'есенна-кампания',
    landing_path: '/blog/ai-za-biznesa',
    at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    ...extra,
  });
  const inquiry = (fields: Record<string, unknown>) => ({
    name: 'Лидия Лидова',
    email: '',
    phone: '',
    company: 'Лиди ООД',
    message: 'Искаме автоматизация.',
    purpose: 'custom',
    contact_method: 'email',
    ...fields,
  });
  /** Sends an inquiry as a visitor of its own; returns its id (read as the system, by its message). */
  async function send(fields: Record<string, unknown>): Promise<string> {
    const message = `Искаме автоматизация (${unique()}).`;
    const { error } = await h.visitor().from('contact_submissions').insert(inquiry({ message, ...fields }));
    expect(error).toBeNull();
    const [row] = await sql<{ id: string }>('select id from public.contact_submissions where message = $1', [message]);
    return row.id;
  }
  /** A booking arranged by the system (past the booking rules); returns its id. */
  async function arranged(name: string, email: string, at: string): Promise<string> {
    const [row] = await sql<{ id: string }>(
      `insert into public.appointments (client_name, client_email, preferred_date, status) values ($1, $2, $3, 'confirmed') returning id`,
      [name, email, at],
    );
    return row.id;
  }
  const contactOf = async (table: 'contact_submissions' | 'appointments', id: string) =>
    (await sql<{ contact_id: string }>(`select contact_id from public.${table} where id = $1`, [id]))[0].contact_id;
  const timeline = async (contact: string) => {
    const { data, error } = await admin.rpc('contact_timeline', { contact });
    expect(error).toBeNull();
    return data as Timeline;
  };
  const farDay = (days: number, hour: number) => {
    const at = new Date(Date.now() + days * 86_400_000);
    // off the slot grid: no booking of another suite is ever there
    at.setUTCHours(hour, 17, 0, 0);
    return at.toISOString();
  };

  beforeAll(async () => {
    h = await start();
    admin = h.as(ADMIN);
    stranger = h.as({ sub: 'b0000000-0000-4000-8000-00000000001f', email: 'lead-stranger@example.com' });
  });
  afterAll(() => h.close());

  describe('the first touch', () => {
    it('is stored with an inquiry and a booking as the visitor sent it', async () => {
      const email = `touch-${unique()}@example.com`;
      const id = await send({ email, first_touch: touch({ gclid: true, referrer: 'www.google.com' }) });
      const [row] = await sql<{ first_touch: Record<string, unknown> }>('select first_touch from public.contact_submissions where id = $1', [id]);
      expect(row.first_touch).toMatchObject({ utm_source: 'newsletter', utm_campaign: 'есенна-кампания', gclid: true, referrer: 'www.google.com' });

      const at = bookableDay(44).at(11);
      const booked = await h.visitor().from('appointments').insert({
        client_name: 'Лидия Лидова',
        client_email: email,
        preferred_date: at,
        first_touch: touch({ utm_source: 'linkedin' }),
      });
      expect(booked.error).toBeNull();
      const [stored] = await sql<{ first_touch: Record<string, unknown> }>('select first_touch from public.appointments where preferred_date = $1', [at]);
      expect(stored.first_touch).toMatchObject({ utm_source: 'linkedin', landing_path: '/blog/ai-za-biznesa' });
    });

    it('is refused, in Bulgarian, with a key it does not know, a value too long, a click id itself or a query string', async () => {
      for (const bad of [
        touch({ email: 'someone@example.com' }),
        touch({ utm_source: 'x'.repeat(101) }),
        touch({ gclid: 'Cj0KCQjw-abc' }),
        touch({ landing_path: '/?utm_source=x&email=someone@example.com' }),
        touch({ at: new Date(Date.now() - 91 * 86_400_000).toISOString() }),
        touch({ referrer: 'https://evil.example/path' }),
        [touch()],
      ]) {
        const { error } = await h.visitor().from('contact_submissions').insert(inquiry({ email: `bad-touch-${unique()}@example.com`, first_touch: bad }));
        expect(error?.code, JSON.stringify(bad)).toBe('23514');
        expect(error?.hint).toBe('first_touch_invalid');
        expect(error?.message).toMatch(/^Данните за това откъде идва посещението са невалидни/);
      }
    });

    it('cannot be changed by an admin afterwards', async () => {
      const id = await send({ email: `fixed-${unique()}@example.com`, first_touch: touch() });
      const { error } = await admin.from('contact_submissions').update({ first_touch: touch({ utm_source: 'other' }) }).eq('id', id);
      expect(error?.code).toBe('42501');
    });
  });

  describe('contacts', () => {
    it('are one per mailbox: an inquiry and a later booking under a differently written address meet on one contact', async () => {
      const tag = unique().replace(/\D/g, '');
      const inquiryId = await send({ email: `Petar.Petrov.${tag}+oferta@gmail.com` });
      const bookingId = await arranged('Петър Петров', `PetarPetrov${tag}+sreshta@GMAIL.com`, farDay(40, 7));
      const contact = await contactOf('contact_submissions', inquiryId);
      expect(await contactOf('appointments', bookingId)).toBe(contact);
      const page = await timeline(contact);
      expect(page.inquiries.map((i) => i.id)).toEqual([inquiryId]);
      expect(page.bookings.map((b) => b.id)).toEqual([bookingId]);
    });

    it('are never found by a phone alone (contacts.ts): two forms with one phone are two contacts, each the other’s possible match', async () => {
      const phone = `+35988${String(1000000 + n * 7919).slice(-7)}`;
      const first = await contactOf('contact_submissions', await send({ email: '', phone, contact_method: 'phone' }));
      const second = await contactOf('contact_submissions', await send({ email: `phone-${unique()}@example.com`, phone, contact_method: 'both' }));
      expect(second).not.toBe(first);
      const { data } = await admin.rpc('contact_timeline', { contact: first });
      expect((data as { matches: { id: string }[] }).matches.map((m) => m.id)).toEqual([second]);
    });

    it('are never merged by the database: an address of one and a phone of another go to the address', async () => {
      const phone = `+35987${String(1000000 + n * 104729).slice(-7)}`;
      const byPhone = await send({ email: '', phone, contact_method: 'phone' });
      const byMail = await send({ email: `mailbox-${unique()}@example.com` });
      const [mailbox] = await sql<{ email: string }>('select email from public.contact_submissions where id = $1', [byMail]);
      const both = await send({ email: mailbox.email, phone, contact_method: 'both' });
      expect(await contactOf('contact_submissions', both)).toBe(await contactOf('contact_submissions', byMail));
      expect(await contactOf('contact_submissions', byPhone)).not.toBe(await contactOf('contact_submissions', byMail));
    });

    it('are read by admins alone', async () => {
      const anon = await h.anon.from('contacts').select('id').limit(1);
      expect(anon.error?.code).toBe('42501');
      const notAdmin = await stranger.from('contacts').select('id').limit(1);
      expect(notAdmin.data ?? []).toEqual([]);
      for (const client of [h.anon, stranger]) {
        const { error } = await client.rpc('contact_timeline', { contact: '00000000-0000-4000-8000-000000000000' });
        expect(error?.code).toBe('42501');
      }
      const { data } = await admin.from('contacts').select('id').limit(1);
      expect(data).toHaveLength(1);
    });

    it('merge by hand: the other one’s inquiries, notes and address move, and later messages follow', async () => {
      const keepId = await send({ email: `keep-${unique()}@example.com` });
      const otherMail = `other-${unique()}@example.com`;
      const otherId = await send({ email: otherMail, name: 'Друг Човек' });
      const keep = await contactOf('contact_submissions', keepId);
      const other = await contactOf('contact_submissions', otherId);
      expect((await admin.from('lead_notes').insert({ contact_id: other, body: 'Обади се вчера.' })).error).toBeNull();

      expect((await stranger.rpc('merge_contacts', { keep, other })).error?.code).toBe('42501');
      expect((await admin.rpc('merge_contacts', { keep, other: keep })).error?.hint).toBe('merge_same');
      expect((await admin.rpc('merge_contacts', { keep, other })).error).toBeNull();

      const page = await timeline(keep);
      expect(page.inquiries.map((i) => i.id).sort()).toEqual([keepId, otherId].sort());
      expect(page.notes.map((note) => note.body)).toEqual(['Обади се вчера.']);
      expect(page.events).toEqual([expect.objectContaining({ kind: 'merged', detail: expect.objectContaining({ email: otherMail }) })]);
      expect(await sql('select id from public.contacts where id = $1', [other])).toEqual([]);
      const later = await send({ email: otherMail.toUpperCase() });
      expect(await contactOf('contact_submissions', later)).toBe(keep);
    });

    it('erased on request: inquiries, notes and e-mails go, a booking keeps its time without the person, and the erasure is recorded without them', async () => {
      const address = `erase-${unique()}@example.com`;
      const inquiryId = await send({ email: address, name: 'Ерика Изтрита' });
      const contact = await contactOf('contact_submissions', inquiryId);
      const bookingId = await arranged('Ерика Изтрита', address, farDay(70, 6));
      expect((await admin.from('lead_notes').insert({ contact_id: contact, body: 'Иска оферта до петък.' })).error).toBeNull();

      expect((await stranger.rpc('erase_contact', { contact })).error?.code).toBe('42501');
      const { data, error } = await admin.rpc('erase_contact', { contact });
      expect(error).toBeNull();
      expect(data).toMatchObject({ inquiries: 1, bookings: 1, notes: 1 });

      expect(await sql('select id from public.contact_submissions where id = $1', [inquiryId])).toEqual([]);
      expect(await sql('select id from public.contacts where id = $1', [contact])).toEqual([]);
      expect(await sql('select id from public.lead_notes where contact_id = $1', [contact])).toEqual([]);
      expect(await sql('select client_name, client_email, client_phone, contact_id from public.appointments where id = $1', [bookingId])).toEqual([
        { client_name: 'Изтрит контакт', client_email: 'erased@erased.invalid', client_phone: '', contact_id: null },
      ]);
      const everything = JSON.stringify(await sql('select * from private.contact_erasures order by id desc limit 1'));
      expect(everything).not.toContain('erase-');
      expect(everything).not.toContain('Ерика');
      expect(everything).toContain('"inquiries":1');
    });
  });

  describe('stages, owner, follow-up and offer', () => {
    it('move new → contacted → proposal → won, each change kept with who made it', async () => {
      const id = await send({ email: `stages-${unique()}@example.com` });
      for (const status of ['contacted', 'proposal', 'won']) {
        const { error } = await admin.from('contact_submissions').update({ status }).eq('id', id);
        expect(error).toBeNull();
      }
      const page = await timeline(await contactOf('contact_submissions', id));
      expect(page.events.filter((e) => e.kind === 'stage').map((e) => [e.detail.from, e.detail.to, e.actor])).toEqual([
        ['proposal', 'won', 'Мария Иванова'],
        ['contacted', 'proposal', 'Мария Иванова'],
        ['new', 'contacted', 'Мария Иванова'],
      ]);
    });

    it('"lost" needs a reason; leaving it drops the reason', async () => {
      const id = await send({ email: `lost-${unique()}@example.com` });
      const bare = await admin.from('contact_submissions').update({ status: 'lost' }).eq('id', id);
      expect(bare.error?.hint).toBe('lost_reason_required');
      expect(bare.error?.message).toBe('Изберете или напишете причина за загубата.');
      const long = await admin.from('contact_submissions').update({ status: 'lost', lost_reason: 'x'.repeat(301) }).eq('id', id);
      expect(long.error?.hint).toBe('lost_reason_too_long');
      expect((await admin.from('contact_submissions').update({ status: 'lost', lost_reason: '  Цена  ' }).eq('id', id)).error).toBeNull();
      expect(await sql('select status, lost_reason from public.contact_submissions where id = $1', [id])).toEqual([{ status: 'lost', lost_reason: 'Цена' }]);
      expect((await admin.from('contact_submissions').update({ status: 'proposal' }).eq('id', id)).error).toBeNull();
      expect(await sql('select status, lost_reason from public.contact_submissions where id = $1', [id])).toEqual([{ status: 'proposal', lost_reason: null }]);
    });

    it('an owner is an active consultant or admin, a follow-up is in the future, an offer is not negative', async () => {
      const id = await send({ email: `owner-${unique()}@example.com` });
      const inactive = await admin.from('contact_submissions').update({ owner_id: INACTIVE }).eq('id', id);
      expect(inactive.error?.hint).toBe('owner_not_admin');
      expect(inactive.error?.message).toBe('Отговорникът трябва да е активен консултант или администратор.');
      const past = await admin.from('contact_submissions').update({ follow_up_at: new Date(Date.now() - 60_000).toISOString() }).eq('id', id);
      expect(past.error?.hint).toBe('follow_up_past');
      expect(past.error?.message).toBe('Следващият контакт трябва да е в бъдещето.');
      const negative = await admin.from('contact_submissions').update({ offer_amount: -5 }).eq('id', id);
      expect(negative.error?.code).toBe('23514');
      const next = farDay(3, 9);
      const ok = await admin.from('contact_submissions').update({ owner_id: ADMIN.sub, follow_up_at: next, offer_amount: 4800 }).eq('id', id).select('owner_id, follow_up_at, offer_amount');
      expect(ok.error).toBeNull();
      expect(ok.data).toEqual([{ owner_id: ADMIN.sub, follow_up_at: expect.any(String), offer_amount: 4800 }]);
      expect(Date.parse(ok.data![0].follow_up_at)).toBe(Date.parse(next));
      // won: off the morning e-mail's list (its test counts its own leads)
      expect((await admin.from('contact_submissions').update({ status: 'won' }).eq('id', id)).error).toBeNull();
    });

    it('a visitor sets none of them, and others change nothing', async () => {
      const { error } = await h.visitor().from('contact_submissions').insert(inquiry({ email: `sneaky-${unique()}@example.com`, owner_id: ADMIN.sub }));
      expect(error?.code).toBe('42501');
      const id = await send({ email: `guarded-${unique()}@example.com` });
      const { data } = await stranger.from('contact_submissions').update({ status: 'won' }).eq('id', id).select('id');
      expect(data ?? []).toEqual([]);
      expect(await sql('select status from public.contact_submissions where id = $1', [id])).toEqual([{ status: 'new' }]);
    });

    it('the board’s totals count each stage and sum its offers', async () => {
      const before = await admin.rpc('lead_stage_totals');
      expect(before.error).toBeNull();
      const id = await send({ email: `board-${unique()}@example.com` });
      await admin.from('contact_submissions').update({ status: 'proposal', offer_amount: 1250.5 }).eq('id', id);
      const after = await admin.rpc('lead_stage_totals');
      const proposal = (rows: { stage: string; leads: number; offers: number }[]) => rows.find((r) => r.stage === 'proposal')!;
      expect(after.data.map((r: { stage: string }) => r.stage)).toEqual(['new', 'contacted', 'proposal', 'won', 'lost']);
      expect(proposal(after.data).leads).toBe(proposal(before.data).leads + 1);
      expect(proposal(after.data).offers).toBeCloseTo(proposal(before.data).offers + 1250.5, 2);
      expect((await stranger.rpc('lead_stage_totals')).error?.code).toBe('42501');
    });
  });

  describe('notes', () => {
    it('are kept with their author and time, append-only, and read by admins alone', async () => {
      const id = await send({ email: `notes-${unique()}@example.com` });
      const contact = await contactOf('contact_submissions', id);
      const added = await admin.from('lead_notes').insert({ inquiry_id: id, contact_id: contact, body: 'Обадих се, иска демо.', author_id: INACTIVE } as never).select('*');
      // the author is the database's: a body may not name another one
      expect(added.error?.code).toBe('42501');
      const note = await admin.from('lead_notes').insert({ inquiry_id: id, contact_id: contact, body: ' Обадих се, иска демо. ' }).select('id, body, author_id, author_name, contact_id').single();
      expect(note.error).toBeNull();
      expect(note.data).toMatchObject({ body: 'Обадих се, иска демо.', author_id: ADMIN.sub, author_name: 'Мария Иванова', contact_id: contact });

      expect((await admin.from('lead_notes').update({ body: 'Друго' }).eq('id', note.data!.id)).error?.code).toBe('42501');
      expect((await admin.from('lead_notes').delete().eq('id', note.data!.id)).error?.code).toBe('42501');
      expect((await admin.from('lead_notes').insert({ contact_id: contact, body: 'б'.repeat(2001) })).error?.hint).toBe('note_too_long');
      expect((await admin.from('lead_notes').insert({ contact_id: contact, body: '   ' })).error?.hint).toBe('note_empty');

      expect((await h.anon.from('lead_notes').select('id').limit(1)).error?.code).toBe('42501');
      expect((await h.anon.from('lead_notes').insert({ contact_id: contact, body: 'Спам' })).error?.code).toBe('42501');
      expect((await stranger.from('lead_notes').select('id').eq('contact_id', contact)).data ?? []).toEqual([]);
      expect((await stranger.from('lead_notes').insert({ contact_id: contact, body: 'Спам' })).error?.code).toBe('42501');
    });
  });

  describe('the morning e-mail of follow-ups', () => {
    const mail = async (): Promise<CaughtMail[]> => {
      h.local.net.kick();
      await h.local.net.settled();
      const all = (await (await fetch(`${h.url}/__local/mail`)).json()) as CaughtMail[];
      await fetch(`${h.url}/__local/mail`, { method: 'DELETE' });
      return all.reverse();
    };
    /** `days` from today at hh:mm on the consultant's clock (Sofia), as an instant. */
    const sofia = async (days: number, time: string) =>
      (await sql<{ at: Date }>(`select ((current_date + $1::int)::timestamp + $2::time) at time zone 'Europe/Sofia' as at`, [days, time]))[0].at;

    beforeAll(async () => {
      await sql(
        `insert into private.mail_settings (api_url, sender, reply_to, site_url)
         values ($1, 'Синаптика <zdravei@sinaptika.example>', 'zdravei@sinaptika.example', 'https://sinaptika.example')
         on conflict (id) do update set api_url = excluded.api_url, site_url = excluded.site_url`,
        [`${h.url}/__local/mail`],
      );
      await sql(`select private.set_vault_secret('mail_api_key', 'local-mail-key')`);
      await sql(`update cron.job set active = false where jobname in ('lead-follow-ups', 'booking-mail')`);
      await mail();
    });
    afterAll(async () => {
      await sql(`update cron.job set active = true where jobname in ('lead-follow-ups', 'booking-mail')`);
      await sql('delete from private.mail_settings');
      await sql(`select private.set_vault_secret('mail_api_key', null)`);
    });

    it('lists each owner’s follow-ups due that day and those overdue, once, from 08:00 on the consultant’s clock', async () => {
      const tag = unique();
      const due = await send({ email: `due-${tag}@example.com`, name: 'Днешна Среща', company: 'Днес АД' });
      const overdue = await send({ email: `overdue-${tag}@example.com`, name: 'Забравен Клиент' });
      const later = await send({ email: `later-${tag}@example.com`, name: 'Следващ Месец' });
      // the admin's other follow-ups (the seed's demo leads) are set aside: this e-mail lists these three
      await sql(`update public.contact_submissions set follow_up_at = null where owner_id = $1`, [ADMIN.sub]);
      // the follow-ups as set on earlier days (the database refuses a past one now)
      await sql(`update public.contact_submissions set owner_id = $1 where id = any($2)`, [ADMIN.sub, [due, overdue, later]]);
      await sql('alter table public.contact_submissions disable trigger contact_submissions_70_lead');
      try {
        await sql('update public.contact_submissions set follow_up_at = $2 where id = $1', [due, await sofia(5, '14:30')]);
        await sql('update public.contact_submissions set follow_up_at = $2 where id = $1', [overdue, await sofia(3, '11:00')]);
        await sql('update public.contact_submissions set follow_up_at = $2 where id = $1', [later, await sofia(30, '10:00')]);
      } finally {
        await sql('alter table public.contact_submissions enable trigger contact_submissions_70_lead');
      }
      await mail();

      // day 5 at 07:59: not yet
      expect((await sql<{ sent: number }>('select private.send_follow_up_digests($1) as sent', [await sofia(5, '07:59')]))[0].sent).toBe(0);
      // day 5 at 08:00: one e-mail
      expect((await sql<{ sent: number }>('select private.send_follow_up_digests($1) as sent', [await sofia(5, '08:00')]))[0].sent).toBe(1);
      const [message, ...more] = await mail();
      expect(more).toEqual([]);
      expect(message.to).toBe('admin@example.com');
      expect(message.subject).toMatch(/^Проследявания за \d{2}\.\d{2}\.\d{4} — Синаптика$/);
      expect(message.text).toContain('Днешна Среща (Днес АД) — Нова');
      expect(message.text).toContain('14:30');
      expect(message.text).toMatch(/\d{2}\.\d{2}\.\d{4} 11:00: Забравен Клиент \(Лиди ООД\) — Нова/);
      expect(message.text).toContain('Просрочени: 1');
      expect(message.text).not.toContain('Следващ Месец');
      expect(message.text).toContain('https://sinaptika.example/blog-admin/inquiries');
      // the same morning again: nothing more
      expect((await sql<{ sent: number }>('select private.send_follow_up_digests($1) as sent', [await sofia(5, '09:30')]))[0].sent).toBe(0);
      expect(await mail()).toEqual([]);
      // a won lead is not followed up
      await sql(`update public.contact_submissions set status = 'won' where id = any($1)`, [[due, overdue]]);
      expect((await sql<{ sent: number }>('select private.send_follow_up_digests($1) as sent', [await sofia(6, '08:10')]))[0].sent).toBe(0);
      expect(await mail()).toEqual([]);
    });

    it('is scheduled every minute under its own name', async () => {
      expect(await sql(`select schedule, command from cron.job where jobname = 'lead-follow-ups'`)).toEqual([
        { schedule: '* * * * *', command: 'select private.send_follow_up_digests()' },
      ]);
    });
  });
}
