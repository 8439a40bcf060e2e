// Requests from people about their data (migration 20261129000900_data_requests.sql), against the
// stand-in, its pg_net stand-in and its mail catcher: the form on /lichni-danni answers the same and
// mails exactly one fixed-text confirmation whether or not the address is known; the link's page
// changes nothing, its button confirms (once, within 7 days); consultants and admins at aal2 read
// and close the confirmed requests, nobody else; the contact's export holds what the database holds
// and is audited; an erasure answers the erasure request; the limits and the proof of work hold.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomVisitorAddress, setIntakeLimits, startHarness, type Harness } from './harness.ts';
import { challenge, solve } from './proof-of-work.ts';
import type { CaughtMail } from './booking-conversation.ts';
import { bookableDay } from './slots.ts';
import { LOCAL_ANON_KEY } from '../../supabase/local/keys.ts';
import { dataRequestConfirmPath } from '@/shared/config/addresses';

const ADMIN = { sub: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' };
const SITE = 'https://sinaptika.example';
const LINK = /https:\/\/sinaptika\.example\/lichni-danni\/potvardi\/([A-Za-z0-9_-]{43})/;

let h: Harness;
let n = 0;
let slots = 0;
const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => h.local.db.asSystem(async (tx) => (await tx.query<T>(text, params)).rows);
const unique = () => `${++n}x${process.pid}x${Date.now() % 100000}`;
const address = (name: string) => `${name}-${unique()}@example.com`;
const ask = (client: SupabaseClient, email: string, kind = 'copy', extra: Record<string, unknown> = {}) =>
  client.rpc('request_personal_data', { email, kind, ...extra });

/** The messages the catcher got since the last call (oldest first); the catcher is emptied. */
async function mail(): Promise<CaughtMail[]> {
  h.local.net.kick();
  await h.local.net.settled();
  const all = (await (await fetch(`${h.url}/__local/mail`)).json()) as CaughtMail[];
  await fetch(`${h.url}/__local/mail`, { method: 'DELETE' });
  return all.reverse();
}
/** Asks as a visitor of its own and returns the e-mailed link's token. */
async function requested(email: string, kind = 'copy'): Promise<string> {
  expect((await ask(h.visitor(), email, kind)).error).toBeNull();
  const messages = (await mail()).filter((m) => m.to === email.toLowerCase());
  expect(messages).toHaveLength(1);
  return LINK.exec(messages[0].text)![1];
}
const requestOf = async (email: string) =>
  (await sql<{ id: string; status: string; confirmed_at: Date | null; due_at: Date | null; contact_id: string | null; handled_by: string | null; outcome: string | null; closed_at: Date | null; email: string }>(
    'select id, status, confirmed_at, due_at, contact_id, handled_by, outcome, closed_at, email from public.data_requests where mailbox = private.mailbox_key($1) order by created_at',
    [email],
  ));
const auditOf = async (id: string) =>
  (await sql<{ kind: string; detail: Record<string, unknown>; actor_blog_user: string | null }>(
    'select kind, detail, actor_blog_user::text from private.audit_events where record_id = $1 order by id',
    [id],
  ));

/** A person who wrote and booked: their contact, inquiry and booking (the e-mails they caused are dropped). */
async function client(email: string): Promise<{ contact: string; inquiry: string; booking: string; message: string; at: string }> {
  const message = `Искаме сайт (${unique()}).`;
  expect((await h.visitor().from('contact_submissions').insert({ name: 'Иван Петров', email, phone: '', company: 'Петров ООД', message, purpose: 'custom', contact_method: 'email' })).error).toBeNull();
  const slot = slots++;
  const at = bookableDay(30 + Math.floor(slot / 8)).at(9 + (slot % 8));
  expect((await h.visitor().from('appointments').insert({ client_name: 'Иван Петров', client_email: email, client_phone: '', preferred_date: at })).error).toBeNull();
  const [inquiry] = await sql<{ id: string; contact_id: string }>('select id, contact_id from public.contact_submissions where message = $1', [message]);
  const [booking] = await sql<{ id: string }>('select id from public.appointments where preferred_date = $1 and client_email = $2', [at, email]);
  await mail();
  return { contact: inquiry.contact_id, inquiry: inquiry.id, booking: booking.id, message, at };
}

/** A blog user of a role (the trigger gives it a confirmed account of the same id), and a client at a level. */
async function staff(role: 'admin' | 'consultant' | 'author'): Promise<{ id: string; as: (aal: 'aal1' | 'aal2') => SupabaseClient }> {
  const username = `dr-${role}-${unique()}`;
  const email = `${username}@example.com`;
  const { data, error } = await h.service.from('blog_users').insert({ username, email, password: 'requests-password-2026', full_name: `Заявки ${role}`, role }).select('id').single();
  expect(error).toBeNull();
  return { id: data!.id as string, as: (aal) => h.as({ sub: data!.id as string, email, aal }) };
}

beforeAll(async () => {
  h = await startHarness();
  await sql(
    `insert into private.mail_settings (api_url, sender, reply_to, site_url, functions_url)
     values ($1, 'Синаптика <zdravei@sinaptika.example>', 'zdravei@sinaptika.example', $2, $3)
     on conflict (id) do update set api_url = excluded.api_url, site_url = excluded.site_url, functions_url = excluded.functions_url`,
    [`${h.url}/__local/mail`, SITE, `${h.url}/functions/v1`],
  );
  await sql(`select private.set_vault_secret('mail_api_key', 'local-mail-key')`);
  await sql(`update cron.job set active = false where jobname = 'booking-mail'`);
  // every address here is at example.com; the site-wide ceiling has a test of its own below
  await setIntakeLimits(h.local.db, { mail_per_hour: 100_000, mail_per_domain_per_hour: 100_000, data_requests_per_minute: 100_000 });
});
afterAll(async () => {
  await sql(`update cron.job set active = true where jobname = 'booking-mail'`);
  await h?.close();
});
beforeEach(async () => {
  await mail();
});

describe('asking', () => {
  it('answers the same and mails one fixed-text confirmation, whether or not the address is known', async () => {
    const known = address('poznat');
    await client(known);
    const unknown = address('nepoznat');
    const answers = [await ask(h.visitor(), known.toUpperCase(), 'erasure'), await ask(h.visitor(), unknown, 'erasure')];
    for (const { data, error, status } of answers) {
      expect(error).toBeNull();
      expect(data).toBeNull();
      expect([200, 204]).toContain(status);
    }
    const messages = await mail();
    expect(messages.map((m) => m.to).sort()).toEqual([known, unknown].sort());
    for (const m of messages) {
      expect(m.subject).toBe('Потвърдете заявката си за лични данни към Синаптика');
      expect(m.text).toContain('изтриване на личните данни');
      expect(m.text).toMatch(LINK);
    }
    // the two texts differ only in the link
    expect(messages[0].text.replace(LINK, '')).toBe(messages[1].text.replace(LINK, ''));
    const rows = await sql<{ email: string; status: string; kind: string; contact_id: string | null; token_hash: Buffer }>(
      'select email, status, kind, contact_id, token_hash from public.data_requests where mailbox in (private.mailbox_key($1), private.mailbox_key($2))',
      [known, unknown],
    );
    expect(rows.map(({ email, status, kind, contact_id }) => ({ email, status, kind, contact_id })).sort((a, b) => a.email.localeCompare(b.email))).toEqual(
      [known, unknown].sort().map((email) => ({ email, status: 'unconfirmed', kind: 'erasure', contact_id: null })),
    );
    // the link is the site's address of the confirm page (src/shared/config/addresses.ts), and its
    // token is kept as its hash only
    const [link, token] = LINK.exec(messages[0].text)!;
    expect(new URL(link).pathname).toBe(dataRequestConfirmPath(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('refuses a malformed address and an unknown kind in Bulgarian, storing nothing', async () => {
    const bad = await ask(h.visitor(), 'ivan@@example', 'copy');
    expect(bad.error).toMatchObject({ code: '22023', hint: 'data_request_email_invalid', message: 'Въведете валиден имейл адрес.' });
    const kind = await ask(h.visitor(), address('vid'), 'everything');
    expect(kind.error).toMatchObject({ code: '22023', hint: 'data_request_kind_invalid' });
    expect(await mail()).toEqual([]);
  });

  it('drops a bot silently: the hidden field filled, or sent sooner than a person could', async () => {
    const to = address('bot');
    expect((await ask(h.visitor(), to, 'copy', { bot_trap: 'http://spam.example' })).error).toBeNull();
    expect((await ask(h.visitor(), to, 'copy', { fill_ms: 200 })).error).toBeNull();
    expect(await requestOf(to)).toEqual([]);
    expect(await mail()).toEqual([]);
  });
});

describe('the e-mailed link', () => {
  it('shows what it confirms and changes nothing when opened; the button confirms once, with a deadline a month on', async () => {
    const known = address('link');
    const { contact } = await client(known);
    const token = await requested(known);
    // what the page reads, by GET (a mail scanner) and by POST: the state, nothing changed
    const got = await fetch(`${h.url}/rest/v1/rpc/data_request_by_token?token=${token}`, {
      headers: { apikey: LOCAL_ANON_KEY, 'cf-connecting-ip': randomVisitorAddress() },
    });
    expect(got.status).toBe(200);
    expect(await got.json()).toMatchObject({ state: 'ready', kind: 'copy', email: expect.stringMatching(/^l\*\*\*@example\.com$/) });
    expect((await h.anon.rpc('data_request_by_token', { token })).data).toMatchObject({ state: 'ready', due_at: null });
    expect((await requestOf(known))[0]).toMatchObject({ status: 'unconfirmed', confirmed_at: null });

    const first = await h.anon.rpc('confirm_data_request', { token });
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ state: 'confirmed', kind: 'copy', due_at: expect.any(String) });
    const [row] = await requestOf(known);
    expect(row).toMatchObject({ status: 'open', contact_id: contact });
    const due = new Date(row.confirmed_at!);
    due.setMonth(due.getMonth() + 1);
    expect(row.due_at!.getTime()).toBe(due.getTime());

    // reused: the same answer, nothing changed
    const again = await h.visitor().rpc('confirm_data_request', { token });
    expect(again.data).toEqual(first.data);
    expect((await requestOf(known))[0].confirmed_at).toEqual(row.confirmed_at);
    expect((await auditOf(row.id)).map((e) => e.kind)).toEqual(['data_request.received', 'data_request.confirmed']);
    expect(await mail()).toEqual([]);
  });

  it('expires after 7 days, and an unknown token confirms nothing', async () => {
    const to = address('staro');
    const token = await requested(to, 'erasure');
    await sql(`update public.data_requests set created_at = now() - interval '7 days 1 minute' where mailbox = private.mailbox_key($1)`, [to]);
    expect((await h.anon.rpc('data_request_by_token', { token })).data).toMatchObject({ state: 'expired', kind: 'erasure' });
    expect((await h.anon.rpc('confirm_data_request', { token })).error).toMatchObject({ code: '22023', hint: 'data_request_link_expired' });
    expect((await requestOf(to))[0].status).toBe('unconfirmed');
    const forged = 'A'.repeat(43);
    expect((await h.anon.rpc('data_request_by_token', { token: forged })).data).toEqual({ state: 'unknown' });
    expect((await h.anon.rpc('confirm_data_request', { token: forged })).error).toMatchObject({ hint: 'data_request_link_invalid' });
  });
});

describe('handling', () => {
  it('authors are refused everything; a consultant at aal1 too; at aal2 reads only confirmed requests and closes one with an outcome', async () => {
    const open = address('otvorena');
    const { contact } = await client(open);
    expect((await h.anon.rpc('confirm_data_request', { token: await requested(open) })).error).toBeNull();
    const waiting = address('chaka');
    await requested(waiting);
    const [request] = await requestOf(open);
    const author = await staff('author');
    const consultant = await staff('consultant');

    for (const client of [author.as('aal2'), consultant.as('aal1'), h.anon]) {
      const read = await client.from('data_requests').select('id');
      expect(read.data ?? []).toEqual([]);
      const changed = await client.from('data_requests').update({ outcome: 'x' }).eq('id', request.id).select('id');
      expect(changed.data ?? []).toEqual([]);
      expect((await client.rpc('contact_data_export', { contact })).error?.code).toBe('42501');
    }
    expect((await h.anon.from('data_requests').select('id')).error?.code).toBe('42501');

    const serving = consultant.as('aal2');
    const listed = await serving.from('data_requests').select('id, email, kind, status, due_at, contact_id');
    expect(listed.error).toBeNull();
    expect(listed.data!.map((r) => r.email)).toContain(open);
    expect(listed.data!.map((r) => r.email)).not.toContain(waiting);
    // only who handles it, its status and outcome change
    expect((await serving.from('data_requests').update({ email: 'other@example.com' }).eq('id', request.id)).error?.code).toBe('42501');
    expect((await serving.from('data_requests').update({ handled_by: author.id }).eq('id', request.id)).error).toMatchObject({ hint: 'data_request_handler' });
    expect((await serving.from('data_requests').update({ handled_by: consultant.id }).eq('id', request.id)).error).toBeNull();
    const bare = await serving.from('data_requests').update({ status: 'done', outcome: '   ' }).eq('id', request.id);
    expect(bare.error).toMatchObject({ code: '22023', hint: 'data_request_outcome_required', message: 'Опишете какво е направено по заявката, преди да я затворите.' });
    const closed = await serving.from('data_requests').update({ status: 'done', outcome: 'Изпратихме копие на данните.' }).eq('id', request.id).select('status, closed_at, outcome');
    expect(closed.error).toBeNull();
    expect(closed.data![0]).toMatchObject({ status: 'done', outcome: 'Изпратихме копие на данните.', closed_at: expect.any(String) });
    const events = await auditOf(request.id);
    expect(events.slice(2)).toEqual([
      { kind: 'data_request.handled', detail: { fields: ['handled_by'] }, actor_blog_user: consultant.id },
      { kind: 'data_request.closed', detail: { fields: ['outcome', 'status'], from: 'open', to: 'done' }, actor_blog_user: consultant.id },
    ]);
  });

  it("the contact's export holds the inquiry and the booking, and is in the audit log", async () => {
    const to = address('kopie');
    const { contact, inquiry, booking, message, at } = await client(to);
    const consultant = await staff('consultant');
    const { data, error } = await consultant.as('aal2').rpc('contact_data_export', { contact });
    expect(error).toBeNull();
    const document = data as Record<string, Record<string, unknown>[] & Record<string, unknown>>;
    expect(document.contact).toMatchObject({ id: contact, email: to });
    expect(document.inquiries).toEqual([expect.objectContaining({ id: inquiry, message, email: to })]);
    expect(document.bookings).toEqual([expect.objectContaining({ id: booking, client_email: to, history: expect.any(Array) })]);
    expect(new Date(document.bookings[0].preferred_date as string).toISOString()).toBe(at);
    expect(document.emails.map((m) => m.purpose)).toEqual(expect.arrayContaining(['inquiry_received', 'booking_received']));
    expect(JSON.stringify(document)).not.toMatch(/bot_trap|token_hash|"network"/);
    const [event] = await sql<{ kind: string; record_id: string; actor_blog_user: string }>(
      `select kind, record_id, actor_blog_user::text from private.audit_events where kind = 'contact.export' and record_id = $1`,
      [contact],
    );
    expect(event).toEqual({ kind: 'contact.export', record_id: contact, actor_blog_user: consultant.id });
  });

  it('an erasure closes the open erasure request, keeping the address as the proof', async () => {
    const to = address('iztrii');
    const { contact } = await client(to);
    expect((await h.anon.rpc('confirm_data_request', { token: await requested(to, 'erasure') })).error).toBeNull();
    const admin = h.as(ADMIN);
    const { data, error } = await admin.rpc('erase_contact', { contact });
    expect(error).toBeNull();
    expect(data).toMatchObject({ inquiries: 1, bookings: 1, requests: 1 });
    const [row] = await requestOf(to);
    const [eraser] = await sql<{ id: string }>('select id from public.blog_users where user_id = $1', [ADMIN.sub]);
    expect(row).toMatchObject({ status: 'done', outcome: 'Данните са изтрити', handled_by: eraser.id, contact_id: null, email: to, closed_at: expect.any(Date) });
    expect((await auditOf(row.id)).at(-1)).toMatchObject({ kind: 'data_request.closed', detail: { to: 'done' } });
  });
});

describe('limits', () => {
  it('stores at most three requests a day for one mailbox, answering the same past it', async () => {
    const to = address('mnogo');
    for (let i = 0; i < 5; i++) expect((await ask(h.visitor(), to)).error).toBeNull();
    expect(await requestOf(to)).toHaveLength(3);
    expect((await mail()).filter((m) => m.to === to)).toHaveLength(3);
  });

  it('stops a visitor past its limit, and asks a busy network for work', async () => {
    const visitor = h.visitor();
    for (let i = 0; i < 3; i++) expect((await ask(visitor, address('posetitel'))).error).toBeNull();
    expect((await ask(visitor, address('posetitel'))).error).toMatchObject({ code: '22023', hint: 'data_request_limit_client' });

    await setIntakeLimits(h.local.db, { data_requests_per_network_per_10_minutes: 2 });
    try {
      const office = randomVisitorAddress().split('.').slice(0, 3).join('.');
      const colleague = (k: number) => h.visitor(`${office}.${k}`);
      expect((await ask(colleague(1), address('ofis'))).error).toBeNull();
      const refused = await ask(colleague(2), address('ofis'));
      expect(refused.error).toMatchObject({ hint: 'intake_proof_required', details: 'level 1' });
      // a proof made for another form is no proof for this one
      expect((await ask(colleague(2), address('ofis'), 'copy', { proof: solve(await challenge('newsletter', colleague(2))) })).error?.hint).toBe('intake_proof_required');
      const worker = colleague(2);
      const proof = solve(await challenge('data_request', worker));
      expect((await ask(worker, address('ofis'), 'copy', { proof })).error).toBeNull();
      // spent once
      expect((await ask(worker, address('ofis'), 'copy', { proof })).error?.hint).toBe('intake_proof_required');
    } finally {
      await setIntakeLimits(h.local.db, { data_requests_per_network_per_10_minutes: 10 });
    }
  });
});
