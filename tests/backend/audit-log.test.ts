// The audit log (supabase/migrations/20261129000400_audit_log.sql): the database writes a row for each
// sign-in, factor change, content, people and lead change, export and erasure, with who, what kind
// and which record and no personal value; admins read it by person, kind and dates, a page at a
// time; nobody changes or deletes its rows, but the retention job, which removes only old ones.
import './node-websocket.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRole } from '../../supabase/local/db.ts';
import { totpCode } from '../../supabase/local/auth/totp.ts';
import { HOSTED_SIGNUPS, startHarness, type Harness } from './harness.ts';

const ADMIN = { id: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com', password: 'admin-local-password', name: 'Мария Иванова' };
const REFUSED = 'Одитният дневник не може да се променя или изтрива.';

interface AuditRow {
  id: number;
  at: string;
  actor_blog_user: string | null;
  actor_account: string | null;
  kind: string;
  record_table: string | null;
  record_id: string | null;
  detail: Record<string, unknown>;
}

let h: Harness;
let admin: SupabaseClient;
let adminAccount: string;
let n = 0;

const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await h.local.db.asSystem(async (tx) => tx.query<T>(text, params))).rows;
const unique = () => `${++n}${process.pid % 1000}${Date.now() % 100000}`;
/** The newest id now: the rows a step writes are those after it. */
const mark = async () => Number((await sql<{ id: string }>('select coalesce(max(id), 0)::text as id from private.audit_events'))[0].id);
const since = (id: number) =>
  sql<AuditRow>(
    `select id::int, at, actor_blog_user, actor_account, kind, record_table, record_id, detail
       from private.audit_events where id > $1 order by id`,
    [id],
  );
/** What a row says, without its id and time. */
const said = (rows: AuditRow[]) => rows.map(({ actor_blog_user, actor_account, kind, record_table, record_id, detail }) => ({ actor_blog_user, actor_account, kind, record_table, record_id, detail }));

async function signIn(email: string, password: string): Promise<SupabaseClient> {
  const client = h.newClient();
  const { error } = await client.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return client;
}
/** Signed in with the password and the authenticator's code (aal2), as an administrator works. */
async function signInWithCode(email: string, password: string): Promise<SupabaseClient> {
  const client = h.newClient();
  await h.signInWithSecondFactor(client, email, password);
  return client;
}

beforeAll(async () => {
  h = await startHarness({ auth: HOSTED_SIGNUPS });
  adminAccount = (await sql<{ user_id: string }>('select user_id from public.blog_users where id = $1', [ADMIN.id]))[0].user_id;
  admin = await signInWithCode(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await h?.close();
});

describe('what the database writes', () => {
  it('a sign-in: account.signed_in, as the account and its blog user', async () => {
    const before = await mark();
    await signIn(ADMIN.email, ADMIN.password);
    const rows = await since(before);
    expect(rows).toHaveLength(1);
    const [session] = await sql<{ id: string }>('select id from auth.sessions where user_id = $1 order by created_at desc limit 1', [adminAccount]);
    expect(said(rows)).toEqual([
      { actor_blog_user: ADMIN.id, actor_account: adminAccount, kind: 'account.signed_in', record_table: 'auth.sessions', record_id: session.id, detail: {} },
    ]);
  });

  it("an admin's post: created, then changed with the names of the fields only", async () => {
    const before = await mark();
    const title = `Тайното заглавие ${unique()}`;
    const post = await admin.from('blog_posts').insert({ title, slug: `taina-${unique()}`, author: 'Мария', content: 'Първа версия.' }).select('id').single();
    expect(post.error).toBeNull();
    const edited = await admin.from('blog_posts').update({ title: `${title} (поправено)`, content: 'Втора версия с тайна.' }).eq('id', post.data!.id);
    expect(edited.error).toBeNull();
    const rows = await since(before);
    const who = { actor_blog_user: ADMIN.id, actor_account: adminAccount, record_table: 'blog_posts', record_id: post.data!.id };
    expect(said(rows)).toEqual([
      { ...who, kind: 'post.created', detail: {} },
      { ...who, kind: 'post.changed', detail: { fields: ['content', 'title'] } },
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/Тайното|тайна|версия/);
  });

  it("an admin's project (in a new category): created, with who and which", async () => {
    const before = await mark();
    const category = await admin.from('project_categories').insert({ name: `Одит ${unique()}` }).select('id, name').single();
    expect(category.error).toBeNull();
    const project = await admin
      .from('projects')
      .insert({ title: 'Проект за одит', category: category.data!.name, image: '/img/p.png', image_alt: 'екран', link: 'https://example.com' })
      .select('id')
      .single();
    expect(project.error).toBeNull();
    const who = { actor_blog_user: ADMIN.id, actor_account: adminAccount };
    expect(said(await since(before))).toEqual([
      { ...who, kind: 'category.created', record_table: 'project_categories', record_id: category.data!.id, detail: {} },
      { ...who, kind: 'project.created', record_table: 'projects', record_id: project.data!.id, detail: {} },
    ]);
  });

  it('a person: created, deactivated, activated again and given a new password, never with their name, address or password', async () => {
    const before = await mark();
    const email = `odit-${unique()}@example.com`;
    const person = await admin
      .from('blog_users')
      .insert({ username: `odit${unique()}`, email, password: 'odit-parola-2026', full_name: 'Петър Одитов', is_active: true })
      .select('id')
      .single();
    expect(person.error).toBeNull();
    expect((await admin.from('blog_users').update({ is_active: false }).eq('id', person.data!.id)).error).toBeNull();
    expect((await admin.from('blog_users').update({ is_active: true }).eq('id', person.data!.id)).error).toBeNull();
    expect((await admin.from('blog_users').update({ password: 'nova-odit-parola-2026' }).eq('id', person.data!.id)).error).toBeNull();
    const rows = await since(before);
    const who = { actor_blog_user: ADMIN.id, actor_account: adminAccount, record_table: 'blog_users', record_id: person.data!.id };
    expect(said(rows)).toEqual([
      { ...who, kind: 'person.created', detail: {} },
      { ...who, kind: 'person.deactivated', detail: { fields: ['is_active'] } },
      { ...who, kind: 'person.activated', detail: { fields: ['is_active'] } },
      { ...who, kind: 'person.changed', detail: { fields: ['password'] } },
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/Петър|Одитов|odit-|parola/);
  });

  it("a lead's stage, owner and note, an export and the erasure: ids and stages, no personal value", async () => {
    const message = `Тайна поръчка ${unique()}`;
    const email = `lead-${unique()}@example.com`;
    const sent = await h.visitor().from('contact_submissions').insert({
      name: 'Лидия Тайнова', email, phone: '', company: 'Тайна ООД', message, purpose: 'custom', contact_method: 'email',
    });
    expect(sent.error).toBeNull();
    const [lead] = await sql<{ id: string; contact_id: string }>('select id, contact_id from public.contact_submissions where message = $1', [message]);

    const before = await mark();
    expect((await admin.from('contact_submissions').update({ status: 'contacted' }).eq('id', lead.id)).error).toBeNull();
    expect((await admin.from('contact_submissions').update({ owner_id: ADMIN.id }).eq('id', lead.id)).error).toBeNull();
    const note = await admin.from('lead_notes').insert({ contact_id: lead.contact_id, inquiry_id: lead.id, body: 'Тайна бележка: обади се.' }).select('id').single();
    expect(note.error).toBeNull();
    expect((await admin.rpc('record_export', { kind: 'contact.export', rows: 1 })).error).toBeNull();
    expect((await admin.rpc('erase_contact', { contact: lead.contact_id })).error).toBeNull();

    const rows = await since(before);
    const who = { actor_blog_user: ADMIN.id, actor_account: adminAccount };
    expect(said(rows)).toEqual([
      { ...who, kind: 'lead.stage', record_table: 'contact_submissions', record_id: lead.id, detail: { from: 'new', to: 'contacted', contact_id: lead.contact_id } },
      { ...who, kind: 'lead.owner', record_table: 'contact_submissions', record_id: lead.id, detail: { from: null, to: ADMIN.id, contact_id: lead.contact_id } },
      { ...who, kind: 'lead.note', record_table: 'lead_notes', record_id: note.data!.id, detail: { contact_id: lead.contact_id, inquiry_id: lead.id } },
      { ...who, kind: 'contact.export', record_table: null, record_id: null, detail: { rows: 1 } },
      // the erasure names each inquiry it removed, then itself
      { ...who, kind: 'lead.deleted', record_table: 'contact_submissions', record_id: lead.id, detail: { contact_id: lead.contact_id } },
      { ...who, kind: 'contact.erased', record_table: 'contacts', record_id: lead.contact_id, detail: { inquiries: 1, bookings: 0, notes: 1, mails: expect.any(Number) } },
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/Лидия|Тайн|lead-|@example/);
  });

  it('a second factor enrolled by its holder, then reset by an admin: factor.enrolled, factor.removed and factor.reset', async () => {
    const name = `faktor${unique()}`;
    const email = `${name}@example.com`;
    const password = `${name}-parola-2026`;
    const row = await h.service.from('blog_users').insert({ username: name, email, password, full_name: name, is_active: true }).select('id').single();
    expect(row.error).toBeNull();
    const [{ user_id: account }] = await sql<{ user_id: string }>('select user_id from public.blog_users where id = $1', [row.data!.id]);
    const colleague = await signIn(email, password);

    const before = await mark();
    const enrolled = await colleague.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Телефон' });
    expect(enrolled.error).toBeNull();
    const verified = await colleague.auth.mfa.challengeAndVerify({ factorId: enrolled.data!.id, code: totpCode(enrolled.data!.totp.secret) });
    expect(verified.error).toBeNull();
    expect((await admin.rpc('reset_second_factor', { blog_user: row.data!.id })).error).toBeNull();

    const factor = { record_table: 'auth.mfa_factors', record_id: enrolled.data!.id };
    expect(said(await since(before))).toEqual([
      { actor_blog_user: row.data!.id, actor_account: account, kind: 'factor.enrolled', ...factor, detail: { account, factor_type: 'totp' } },
      { actor_blog_user: ADMIN.id, actor_account: adminAccount, kind: 'factor.removed', ...factor, detail: { account, factor_type: 'totp' } },
      { actor_blog_user: ADMIN.id, actor_account: adminAccount, kind: 'factor.reset', record_table: 'blog_users', record_id: row.data!.id, detail: { account } },
    ]);
  });

  it("a subscriber's suppression lifted, then the subscriber erased: the ids, not the address nor the reason", async () => {
    const email = `abonat-${unique()}@example.com`;
    const [subscriber] = await sql<{ id: string }>(
      `insert into public.newsletter_subscribers (email, mailbox, status, suppressed_reason, suppressed_at)
       values ($1, private.mailbox_key($1), 'suppressed', 'bounced', now()) returning id`,
      [email],
    );
    const before = await mark();
    const lifted = await admin.rpc('lift_newsletter_suppression', { subscriber: subscriber.id, reason: 'Тайна причина: поправен адрес.' });
    expect(lifted.error).toBeNull();
    expect((await admin.rpc('erase_newsletter_subscriber', { subscriber: subscriber.id })).error).toBeNull();
    const rows = await since(before);
    const who = { actor_blog_user: ADMIN.id, actor_account: adminAccount, record_table: 'newsletter_subscribers', record_id: subscriber.id };
    expect(said(rows)).toEqual([
      { ...who, kind: 'newsletter.suppression_lifted', detail: { restored_status: lifted.data } },
      { ...who, kind: 'subscriber.erased', detail: {} },
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/abonat|Тайна|@example/);
  });

  it('an inquiry and a booking deleted directly: lead.deleted and booking.deleted with the ids; a job\'s delete is not an event', async () => {
    const message = `Изтриване ${unique()}`;
    expect((await h.visitor().from('contact_submissions').insert({
      name: 'Петя Тестова', email: `del-${unique()}@example.com`, phone: '', company: 'Тест ООД', message, purpose: 'custom', contact_method: 'email',
    })).error).toBeNull();
    const [lead] = await sql<{ id: string; contact_id: string }>('select id, contact_id from public.contact_submissions where message = $1', [message]);
    const at = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const [booking] = await sql<{ id: string; contact_id: string }>(
      `insert into public.appointments (client_name, client_email, preferred_date, status) values ('Петя', $1, $2, 'pending') returning id, contact_id`,
      [`del-${unique()}@example.com`, at],
    );
    const [kept] = await sql<{ id: string }>(
      `insert into public.appointments (client_name, client_email, preferred_date, status) values ('Петя', $1, $2, 'pending') returning id`,
      [`del-${unique()}@example.com`, new Date(Date.now() + 6 * 86_400_000).toISOString()],
    );

    const before = await mark();
    expect((await admin.from('contact_submissions').delete().eq('id', lead.id).select('id')).data).toHaveLength(1);
    expect((await admin.from('appointments').delete().eq('id', booking.id).select('id')).data).toHaveLength(1);
    // the database's own delete (no caller, as the retention job) is counted where it runs
    await sql('delete from public.appointments where id = $1', [kept.id]);

    const who = { actor_blog_user: ADMIN.id, actor_account: adminAccount };
    expect(said(await since(before))).toEqual([
      { ...who, kind: 'lead.deleted', record_table: 'contact_submissions', record_id: lead.id, detail: { contact_id: lead.contact_id } },
      { ...who, kind: 'booking.deleted', record_table: 'appointments', record_id: booking.id, detail: { contact_id: booking.contact_id } },
    ]);
  });

  it("the service role's change has no actor: the system did it", async () => {
    const before = await mark();
    const client = await h.service.from('clients').insert({ name: 'Клиент за одит', logo: '/img/c.png' }).select('id').single();
    expect(client.error).toBeNull();
    expect(said(await since(before))).toEqual([
      { actor_blog_user: null, actor_account: null, kind: 'client.created', record_table: 'clients', record_id: client.data!.id, detail: {} },
    ]);
  });
});

describe('record_export', () => {
  it('records a CSV export for an admin; refuses an unknown kind (22023, in Bulgarian), visitors and strangers (42501)', async () => {
    const before = await mark();
    expect((await admin.rpc('record_export', { kind: 'export.csv', rows: 12 })).error).toBeNull();
    expect(said(await since(before))).toEqual([
      { actor_blog_user: ADMIN.id, actor_account: adminAccount, kind: 'export.csv', record_table: null, record_id: null, detail: { rows: 12 } },
    ]);

    const unknown = await admin.rpc('record_export', { kind: 'post.deleted', rows: 1 });
    expect(unknown.error).toMatchObject({ code: '22023', message: 'Непознат вид изнасяне.' });
    expect((await admin.rpc('record_export', { kind: 'export.csv', rows: -1 })).error?.code).toBe('22023');
    expect((await h.anon.rpc('record_export', { kind: 'export.csv', rows: 1 })).error?.code).toBe('42501');
    const stranger = await h.stranger(`odit-stranger-${unique()}@example.com`, { confirmed: true });
    expect((await stranger.client.rpc('record_export', { kind: 'export.csv', rows: 1 })).error?.code).toBe('42501');
    // what is there since: the one export, and the stranger's own sign-ins (an account, no blog user)
    const rows = await since(before);
    expect(rows.filter((r) => r.kind !== 'account.signed_in')).toHaveLength(1);
    for (const r of rows.filter((r) => r.kind === 'account.signed_in')) {
      expect(r).toMatchObject({ actor_blog_user: null, actor_account: stranger.id });
    }
  });
});

describe('the reader', () => {
  it('filters by person, kind and dates, newest first, a page at a time, for admins only', async () => {
    // three rows of a known time, by the admin; one by the system in between
    const [first] = await sql<{ id: string }>(
      `insert into private.audit_events (at, actor_blog_user, actor_account, kind, detail) values
         ('2020-01-10Z', $1, $2, 'export.csv', '{"rows": 1}'), ('2020-06-10Z', $1, $2, 'export.csv', '{"rows": 2}'),
         ('2020-06-20Z', null, null, 'export.csv', '{"rows": 3}'), ('2020-12-10Z', $1, $2, 'contact.export', '{"rows": 4}')
       returning id::text`,
      [ADMIN.id, adminAccount],
    );
    expect(first).toBeDefined();
    const read = async (args: Record<string, unknown>) => {
      const { data, error } = await admin.rpc('audit_events', args);
      expect(error).toBeNull();
      return data as { id: number; kind: string; actor_blog_user: string | null; actor_name: string | null; detail: { rows?: number } }[];
    };
    const old = { since: '2020-01-01T00:00:00Z', until: '2021-01-01T00:00:00Z' };
    expect((await read(old)).map((r) => r.detail.rows)).toEqual([4, 3, 2, 1]);
    expect((await read({ ...old, person: ADMIN.id })).map((r) => r.detail.rows)).toEqual([4, 2, 1]);
    expect((await read({ ...old, kinds: ['contact.export'] })).map((r) => r.detail.rows)).toEqual([4]);
    expect((await read({ since: '2020-02-01T00:00:00Z', until: '2020-12-10T00:00:00Z' })).map((r) => r.detail.rows)).toEqual([3, 2]);
    const [newest] = await read({ ...old, page_size: 1 });
    expect(newest).toMatchObject({ actor_blog_user: ADMIN.id, actor_name: ADMIN.name, kind: 'contact.export' });

    // pages: each after the last id of the one before, together the whole
    const page1 = await read({ ...old, page_size: 3 });
    const page2 = await read({ ...old, page_size: 3, before_id: page1.at(-1)!.id });
    expect([...page1, ...page2].map((r) => r.detail.rows)).toEqual([4, 3, 2, 1]);
    expect((await read({ ...old, page_size: 0 })).length).toBe(1);

    // the newest come first without filters, and a page holds at most 500
    await sql(`insert into private.audit_events (kind, detail) select 'export.csv', jsonb_build_object('rows', g) from generate_series(1, 510) g`);
    const big = await read({ page_size: 10_000 });
    expect(big).toHaveLength(500);
    expect(big[0].detail.rows).toBe(510);
    expect(big[0].id).toBeGreaterThan(big[1].id);

    expect((await h.anon.rpc('audit_events', {})).error?.code).toBe('42501');
    const stranger = await h.stranger(`odit-reader-${unique()}@example.com`, { confirmed: true });
    expect((await stranger.client.rpc('audit_events', {})).error?.code).toBe('42501');
    // the service role is no admin either
    expect((await h.service.rpc('audit_events', {})).error?.code).toBe('42501');
  });
});

describe('append-only', () => {
  const count = async () => Number((await sql<{ n: string }>('select count(*)::text as n from private.audit_events'))[0].n);

  it('the API cannot name the table nor its writers; admins read it only through audit_events', async () => {
    expect((await admin.rpc('audit_events', { page_size: 1 })).data).toHaveLength(1);
    for (const client of [h.anon, admin, h.service]) {
      const read = await client.schema('private').from('audit_events').select('id').limit(1);
      expect(read.status).toBe(406);
      expect(read.error?.code).toBe('PGRST106');
      expect((await client.schema('private').from('audit_events').delete().gt('id', 0)).error?.code).toBe('PGRST106');
      expect((await client.from('audit_events' as never).delete().gt('id', 0)).error).not.toBeNull();
      expect((await client.rpc('audit' as never, { kind: 'export.csv' } as never)).error).not.toBeNull();
      expect((await client.rpc('prune_audit_events' as never)).error).not.toBeNull();
    }
  });

  it('no API role may read, write or prune it in SQL, not even with the retention flag raised', async () => {
    const before = await count();
    const roles: { role: ApiRole; sub?: string; email?: string }[] = [
      { role: 'anon' },
      { role: 'authenticated', sub: adminAccount, email: ADMIN.email },
      { role: 'service_role' },
    ];
    for (const claims of roles) {
      for (const statement of [
        'select * from private.audit_events',
        `insert into private.audit_events (kind) values ('export.csv')`,
        `update private.audit_events set kind = 'export.csv'`,
        `select set_config('audit.retention', 'on', true); delete from private.audit_events`,
        'truncate private.audit_events',
        `select private.audit('export.csv', null, null)`,
        'select private.prune_audit_events()',
      ]) {
        await expect(h.local.db.asRole(claims, (tx) => tx.exec(statement)), `${claims.role}: ${statement}`).rejects.toMatchObject({ code: '42501' });
      }
    }
    // as PostgREST does it: the role set for the transaction
    await expect(h.local.db.asSystem((tx) => tx.exec('set local role authenticated; delete from private.audit_events'))).rejects.toMatchObject({ code: '42501' });
    expect(await count()).toBe(before);
  });

  it("the owner's own UPDATE, DELETE and TRUNCATE are refused too, in Bulgarian", async () => {
    const before = await count();
    expect(before).toBeGreaterThan(0);
    for (const statement of ['update private.audit_events set detail = \'{}\'', 'delete from private.audit_events', 'truncate private.audit_events']) {
      await expect(h.local.db.asSystem((tx) => tx.exec(statement)), statement).rejects.toMatchObject({ code: '42501', message: REFUSED });
    }
    // the retention job's flag lasts for its own statement only
    await expect(h.local.db.asSystem((tx) => tx.exec('select private.prune_audit_events(); delete from private.audit_events'))).rejects.toMatchObject({
      code: '42501',
    });
    expect(await count()).toBe(before);
  });
});

describe('retention', () => {
  it('the daily retention job removes only the rows older than the period of audit_events', async () => {
    const [job] = await sql<{ command: string }>(`select command from cron.job where jobname = 'retention'`);
    expect(job).toEqual({ command: 'select private.apply_retention()' });
    expect(await sql(`select 1 from cron.job where jobname = 'audit-retention'`)).toEqual([]);
    const [{ days }] = await sql<{ days: number }>(`select days from public.retention_settings where kind = 'audit_events'`);
    expect(days).toBe(365);

    const rows = await sql<{ id: string }>(
      `insert into private.audit_events (at, kind, detail) values
         (now() - interval '400 days', 'export.csv', '{"rows": 400}'), (now() - interval '300 days', 'export.csv', '{"rows": 300}')
       returning id::text`,
    );
    const ids = rows.map((r) => r.id);
    const left = async () => (await sql<{ id: string }>('select id::text from private.audit_events where id = any ($1::bigint[]) order by id', [ids])).map((r) => r.id);
    const recent = async () => Number((await sql<{ n: string }>(`select count(*)::text as n from private.audit_events where at > now() - interval '200 days'`))[0].n);
    const recentBefore = await recent();

    await sql(job.command);
    expect(await left()).toEqual([ids[1]]);
    expect(await recent()).toBe(recentBefore);

    // the change is itself a row of the log (settings.changed)
    await sql(`update public.retention_settings set days = 200 where kind = 'audit_events'`);
    try {
      const recentNow = await recent();
      expect(recentNow).toBe(recentBefore + 1);
      await sql(job.command);
      expect(await left()).toEqual([]);
      expect(await recent()).toBe(recentNow);
    } finally {
      await sql(`update public.retention_settings set days = 365 where kind = 'audit_events'`);
    }
  });
});

