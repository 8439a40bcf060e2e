// The privacy notice (supabase/migrations/20261129000800_privacy_notice.sql): everyone reads the
// controller's facts and the notice's versions; only an administrator at aal2 changes the facts or
// publishes a new version, numbered by the database and refused in Bulgarian without the
// controller's ЕИК, with a bad ЕИК, or with an empty or unchanged text; nobody changes or deletes a
// version; each inquiry, booking and newsletter consent records the version it was sent under; a
// change re-renders the page through the content webhook. Against the stand-in, through the
// real supabase-js of each caller.
import './node-websocket.ts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import { startHarness, type Harness } from './harness.ts';
import { bookableDay } from './slots.ts';

const ADMIN = { sub: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' };
const DEMO_EIK = '206123451';

let h: Harness;
let admin: SupabaseClient;
const people: string[] = [];
let n = 0;
const run = `${Date.now().toString(36)}${process.pid % 1000}`;

const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await h.local.db.asSystem(async (tx) => tx.query<T>(text, params))).rows;
const currentVersion = async () => (await sql<{ v: number | null }>('select max(version) as v from public.privacy_notices'))[0].v;
const settings = async () => (await sql<Record<string, unknown>>('select * from public.privacy_settings'))[0];
const publish = (client: SupabaseClient, body: string) => client.from('privacy_notices').insert({ body });

/** A blog user of a role (the service role makes it; the trigger gives it an account of the same id). */
async function person(role: 'admin' | 'consultant' | 'author') {
  const username = `privacy-${role}-${run}-${++n}`;
  const email = `${username}@example.com`;
  const { data, error } = await h.service.from('blog_users').insert({ username, email, password: 'privacy-password-2026', full_name: `Поверителност ${role}`, role }).select('id').single();
  expect(error).toBeNull();
  people.push(data!.id);
  return { id: data!.id as string, email };
}

beforeAll(async () => {
  h = await startHarness();
  admin = h.as(ADMIN);
});
afterAll(async () => {
  for (const id of people) await h?.service.from('blog_users').delete().eq('id', id);
  await h?.close();
});

describe('reading', () => {
  it('a visitor reads the current notice and the controller, never who published it', async () => {
    const notice = await h.anon.from('privacy_notices').select('*').order('version', { ascending: false }).limit(1).single();
    expect(notice.error).toBeNull();
    expect(notice.data).toMatchObject({ version: await currentVersion(), body: expect.stringContaining('Вашите права') });
    const facts = await h.anon.from('privacy_settings').select('*').single();
    expect(facts.error).toBeNull();
    expect(facts.data).toMatchObject({ controller_name: 'Синаптика ООД', controller_eik: DEMO_EIK, controller_email: 'zdravei@sinaptika.example' });
    expect((facts.data!.processors as { name: string }[]).map((p) => p.name)).toEqual(expect.arrayContaining(['Supabase', 'Resend']));
    expect((await h.anon.from('privacy_notice_staff').select('*')).error?.code).toBe('42501');
  });
});

describe('who may publish and change the facts', () => {
  it('an author, a consultant and an admin at aal1 neither publish nor change the facts; an admin at aal2 does both', async () => {
    const author = await person('author');
    const consultant = await person('consultant');
    const secondAdmin = await person('admin');
    const before = await currentVersion();
    const callers: [string, SupabaseClient][] = [
      ['anon', h.anon],
      ['author aal2', h.as({ sub: author.id, email: author.email })],
      ['consultant aal1', h.as({ sub: consultant.id, email: consultant.email, aal: 'aal1' })],
      ['consultant aal2', h.as({ sub: consultant.id, email: consultant.email })],
      ['admin aal1', h.as({ sub: secondAdmin.id, email: secondAdmin.email, aal: 'aal1' })],
    ];
    for (const [who, client] of callers) {
      const inserted = await publish(client, `Опит на ${who} да публикува.`);
      expect(inserted.error?.code, who).toBe('42501');
      const changed = await client.from('privacy_settings').update({ controller_name: `Чужда фирма ${who}` }).eq('id', true).select('id');
      expect(changed.data ?? [], who).toEqual([]);
    }
    expect(await currentVersion()).toBe(before);
    expect((await settings()).controller_name).toBe('Синаптика ООД');

    const byAdmin = h.as({ sub: secondAdmin.id, email: secondAdmin.email });
    const made = await publish(byAdmin, `Нова версия от втори администратор ${run}.`).select('version, created_at').single();
    expect(made.error).toBeNull();
    expect(made.data!.version).toBe(before! + 1);
    const staff = await admin.from('privacy_notice_staff').select('*').eq('version', made.data!.version).single();
    expect(staff.data).toEqual({ version: before! + 1, created_by: secondAdmin.id, created_by_name: 'Поверителност admin' });
    const [event] = await sql<{ kind: string; actor_blog_user: string; record_id: string }>(
      `select kind, actor_blog_user::text, record_id from private.audit_events where kind = 'privacy.published' order by id desc limit 1`,
    );
    expect(event).toEqual({ kind: 'privacy.published', actor_blog_user: secondAdmin.id, record_id: String(before! + 1) });

    const renamed = await byAdmin.from('privacy_settings').update({ controller_address: '  гр. Пловдив,\tул. „Тестова“ 5 ' }).eq('id', true).select('controller_address');
    expect(renamed.error).toBeNull();
    expect(renamed.data).toEqual([{ controller_address: 'гр. Пловдив, ул. „Тестова“ 5' }]);
    const [audit] = await sql<{ kind: string; record_table: string; detail: unknown }>(
      `select kind, record_table, detail from private.audit_events where record_table = 'privacy_settings' order by id desc limit 1`,
    );
    expect(audit).toEqual({ kind: 'settings.changed', record_table: 'privacy_settings', detail: { fields: ['controller_address'] } });
  });

  it('a version is never changed nor deleted: not through the API by anyone, not in SQL', async () => {
    const version = await currentVersion();
    for (const client of [h.anon, admin, h.service]) {
      expect((await client.from('privacy_notices').update({ body: 'Подменен текст.' }).eq('version', version)).error?.code).toBe('42501');
      expect((await client.from('privacy_notices').delete().eq('version', version)).error?.code).toBe('42501');
    }
    await expect(sql(`update public.privacy_notices set body = 'Подменен текст.' where version = $1`, [version])).rejects.toMatchObject({
      code: '42501',
      message: 'Публикувана версия на политиката не се променя и не се изтрива: публикувайте нова версия.',
    });
    await expect(sql('delete from public.privacy_notices where version = $1', [version])).rejects.toMatchObject({ code: '42501' });
    expect((await sql<{ body: string }>('select body from public.privacy_notices where version = $1', [version]))[0].body).not.toBe('Подменен текст.');
  });
});

describe('what is refused, in Bulgarian', () => {
  it('a notice while the controller has no ЕИК', async () => {
    const before = await currentVersion();
    expect((await admin.from('privacy_settings').update({ controller_eik: '' }).eq('id', true)).error).toBeNull();
    try {
      const { error } = await publish(admin, `Текст без ЕИК ${run}.`);
      expect(error).toMatchObject({ code: '22023', hint: 'privacy_controller_eik' });
      expect(error!.message).toContain('без ЕИК на администратора на данните');
      expect(await currentVersion()).toBe(before);
    } finally {
      await admin.from('privacy_settings').update({ controller_eik: DEMO_EIK }).eq('id', true);
    }
  });

  it('an ЕИК of the wrong length or with a wrong check digit; a 13-digit branch and spaces are fine', async () => {
    for (const eik of ['206123450', '12345', '20612345A', '1213961230343']) {
      const { error } = await admin.from('privacy_settings').update({ controller_eik: eik }).eq('id', true);
      expect(error, eik).toMatchObject({ code: '22023', hint: 'privacy_controller_eik_invalid' });
      expect(error!.message, eik).toMatch(/ЕИК/);
    }
    expect((await settings()).controller_eik).toBe(DEMO_EIK);
    const branch = await admin.from('privacy_settings').update({ controller_eik: '121 396 123 0342' }).eq('id', true).select('controller_eik');
    expect(branch.data).toEqual([{ controller_eik: '1213961230342' }]);
    await admin.from('privacy_settings').update({ controller_eik: DEMO_EIK }).eq('id', true);
  });

  it('an empty text, the current text again, a bad e-mail or an incomplete processor', async () => {
    expect((await publish(admin, ' \n ')).error).toMatchObject({ code: '22023', hint: 'privacy_notice_empty', message: 'Текстът на политиката е празен.' });
    const [current] = await sql<{ body: string }>('select body from public.privacy_notices order by version desc limit 1');
    expect((await publish(admin, `${current.body}\n\n`)).error).toMatchObject({ code: '22023', hint: 'privacy_notice_unchanged' });
    expect((await publish(admin, 'а'.repeat(50_001))).error).toMatchObject({ code: '22023', hint: 'privacy_notice_too_long' });
    expect((await admin.from('privacy_settings').update({ controller_email: 'не е имейл' }).eq('id', true)).error).toMatchObject({ code: '22023', hint: 'privacy_controller_email_invalid' });
    const incomplete = await admin.from('privacy_settings').update({ processors: [{ name: 'Някой', purpose: '', location: 'ЕС' }] }).eq('id', true);
    expect(incomplete.error).toMatchObject({ code: '22023', hint: 'privacy_processor_incomplete' });
    expect(((await settings()).processors as unknown[]).length).toBe(4);
  });
});

describe('the version each form was sent under', () => {
  const inquiry = (extra: Record<string, unknown> = {}) => ({
    name: 'Поля Поверителна',
    email: `polya-${run}-${++n}@example.com`,
    phone: '',
    company: 'Поля ООД',
    message: `Искаме автоматизация (${run}-${n}).`,
    purpose: 'custom',
    contact_method: 'email',
    ...extra,
  });
  const storedInquiry = async (message: string) =>
    (await sql<{ privacy_version: number | null }>('select privacy_version from public.contact_submissions where message = $1', [message]))[0];

  it('an inquiry, a booking and a subscription record the current version, or the one the page showed', async () => {
    const current = await currentVersion();
    expect(current).toBeGreaterThan(1);

    const plain = inquiry();
    expect((await h.visitor().from('contact_submissions').insert(plain)).error).toBeNull();
    expect(await storedInquiry(plain.message)).toEqual({ privacy_version: current });
    const shown = inquiry({ privacy_version: 1 });
    expect((await h.visitor().from('contact_submissions').insert(shown)).error).toBeNull();
    expect(await storedInquiry(shown.message)).toEqual({ privacy_version: 1 });

    const email = `booking-${run}@example.com`;
    const booked = await h.visitor().from('appointments').insert({ client_name: 'Борис Резервиран', client_email: email, client_phone: '', company_name: '', message: '', preferred_date: bookableDay(12).at(10, 30), privacy_version: current });
    expect(booked.error).toBeNull();
    expect(await sql('select privacy_version from public.appointments where client_email = $1', [email])).toEqual([{ privacy_version: current }]);

    const subscriber = `reader-${run}@example.com`;
    const signedUp = await h.visitor().rpc('subscribe_newsletter', { email: subscriber, page: '/blog', wording_version: '2026-12' });
    expect(signedUp.error).toBeNull();
    expect(
      await sql('select c.privacy_version from public.newsletter_consents c join public.newsletter_subscribers s on s.id = c.subscriber_id where s.email = $1', [subscriber]),
    ).toEqual([{ privacy_version: current }]);
  });

  it('a version that does not exist is refused', async () => {
    const unknown = (await currentVersion())! + 100;
    const sent = inquiry({ privacy_version: unknown });
    const { error } = await h.visitor().from('contact_submissions').insert(sent);
    expect(error).toMatchObject({ code: '22023', hint: 'privacy_version_unknown' });
    expect(error!.message).toContain('версия на политиката за поверителност');
    expect(await storedInquiry(sent.message)).toBeUndefined();
    const booked = await h.visitor().from('appointments').insert({ client_name: 'Борис', client_email: `unknown-${run}@example.com`, preferred_date: bookableDay(12).at(11, 30), privacy_version: unknown });
    expect(booked.error).toMatchObject({ code: '22023', hint: 'privacy_version_unknown' });
  });
});

describe('the page follows', () => {
  let receiver: Server;
  const received: { table: string; record: Record<string, unknown> | null }[] = [];
  const configure = (method: 'PUT' | 'DELETE', body?: unknown) =>
    fetch(`${h.url}/__local/content-webhook`, {
      method,
      headers: { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        res.writeHead(202).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
    expect((await configure('PUT', { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` })).status).toBe(204);
  });
  afterAll(async () => {
    await configure('DELETE');
    await new Promise((r) => receiver.close(r));
  });

  it('a new version and a change of the facts reach the content webhook, without the text', async () => {
    expect((await publish(admin, `Версия за куката ${run}.`)).error).toBeNull();
    expect((await admin.from('privacy_settings').update({ controller_name: 'Синаптика ООД (клон)' }).eq('id', true)).error).toBeNull();
    await h.local.net.settled();
    expect(received.map((r) => r.table)).toEqual(['privacy_notices', 'privacy_settings']);
    expect(received[0].record).toMatchObject({ version: await currentVersion() });
    expect(received[0].record).not.toHaveProperty('body');
    await admin.from('privacy_settings').update({ controller_name: 'Синаптика ООД' }).eq('id', true);
  });
});
