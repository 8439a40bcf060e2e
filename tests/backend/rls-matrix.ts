// The access matrix, asked through the real supabase-js of each kind of caller: an anonymous
// visitor, an admitted admin, a signed-in account whose blog user is inactive, a token for an
// account that does not exist, and two people who signed up on their own as anyone may on a
// hosted project (one who confirmed the address, one who holds a token without confirming it);
// every refusal is checked against the rows. Plus who may
// execute which function. Defined once and run against the stand-in (rls-matrix.test.ts) and
// against a real PostgreSQL server (rls-matrix.postgres.test.ts).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_PUBLIC_FUNCTIONS } from '../../scripts/tools/doctor-hosted.ts';
import type { Harness } from './harness.ts';
import { bookableDay } from './slots.ts';

/**
 * The API's functions that run as the caller all the way (row-level security decides): every other
 * function of public that the API roles may execute is the SECURITY INVOKER twin of a body in
 * api_definers that runs as its owner, which those roles must be able to execute too.
 */
const RUNS_AS_CALLER = [
  'public.blog_category_counts(max_count integer)',
  'public.rename_project_category(category_id uuid, new_name text, expected_updated_at timestamp with time zone)',
];
/** A public function and, where it has one, its body in api_definers. */
const withDefiner = (fns: string[]) => fns.flatMap((fn) => (RUNS_AS_CALLER.includes(fn) ? [fn] : [fn, fn.replace(/^public\./, 'api_definers.')]));

/**
 * Functions an anonymous visitor may execute (schemas public, api_definers, auth, storage, and
 * private, which the API roles may look into since is_admin() moved there: only what row-level
 * security and the mailbox indexes call as the caller, the role checks among them; none of it is
 * in the API).
 */
export const ANON_FUNCTIONS = [
  'auth.email()',
  'auth.jwt()',
  'auth.role()',
  'auth.uid()',
  'private.has_second_factor()',
  'private.is_admin()',
  'private.is_staff()',
  'private.mailbox_key(address text)',
  'private.sees_visitors()',
  'private.staff_role()',
  'private.writes_content()',
  ...withDefiner(ANON_PUBLIC_FUNCTIONS),
  'storage.extension(name text)',
  'storage.filename(name text)',
  'storage.foldername(name text)',
].sort();
/** And a signed-in account: the same, plus what admins call (row-level security decides the rest). */
export const AUTHENTICATED_FUNCTIONS = [
  ...ANON_FUNCTIONS,
  // each asks the role it serves itself (is_admin, sees_visitors, writes_content) and refuses anybody else with 42501
  ...withDefiner([
    'public.add_calendar_feed(label text, url text, owner_email text)',
    'public.admin_unsubscribe_newsletter(subscriber uuid)',
    'public.audit_events(person uuid, kinds text[], since timestamp with time zone, until timestamp with time zone, page_size integer, before_id bigint)',
    'public.booking_history(booking uuid)',
    'public.calendar_feeds()',
    'public.contact_data_export(contact uuid)',
    'public.contact_timeline(contact uuid)',
    'public.erase_contact(contact uuid)',
    'public.erase_newsletter_subscriber(subscriber uuid)',
    'public.insights_attribution(from_day date, to_day date)',
    'public.insights_funnels(from_day date, to_day date)',
    'public.insights_newsletter(from_day date, to_day date)',
    'public.insights_summary(from_day date, to_day date)',
    'public.insights_top(from_day date, to_day date, dimension text, max_rows integer)',
    'public.lead_stage_totals()',
    'public.lift_newsletter_suppression(subscriber uuid, reason text)',
    'public.merge_contacts(keep uuid, other uuid)',
    'public.newsletter_counts()',
    'public.newsletter_send_status(post uuid)',
    'public.pending_staff_invitation(blog_user uuid)',
    'public.prepare_staff_invitation(email text, full_name text, role text)',
    'public.record_export(kind text, rows integer)',
    'public.remove_calendar_feed(feed uuid)',
    'public.rename_project_category(category_id uuid, new_name text, expected_updated_at timestamp with time zone)',
    'public.reset_second_factor(blog_user uuid)',
    'public.restore_from_bin(item uuid, new_password text)',
    'public.retention_runs()',
    'public.review_contact_detail(contact uuid, field text, value text, decision text)',
    'public.send_newsletter_test(post uuid, html text, plain text)',
    'public.set_calendar_feed_active(feed uuid, active boolean)',
    'public.staff_second_factors()',
    'public.start_newsletter_send(post uuid, html text, plain text)',
    'public.sync_calendar_feeds()',
    'public.withdraw_staff_invitation(blog_user uuid)',
  ]),
].sort();

const ADMIN_ID = 'a0000000-0000-4000-8000-000000000001';

export function defineRlsMatrix(start: () => Promise<Harness>): void {
  let h: Harness;
  let admin: SupabaseClient;
  let inactive: SupabaseClient;
  let stranger: SupabaseClient;
  let signedUp: SupabaseClient;
  let unconfirmed: SupabaseClient;

  beforeAll(async () => {
    h = await start();
    admin = h.as({ sub: ADMIN_ID, email: 'admin@example.com' });
    inactive = h.as({ sub: 'a0000000-0000-4000-8000-000000000002', email: 'georgi@example.com' });
    stranger = h.as({ sub: 'b0000000-0000-4000-8000-00000000000f', email: 'stranger@example.com' });
    signedUp = (await h.stranger('signed-up@example.net', { confirmed: true })).client;
    unconfirmed = (await h.stranger('unconfirmed@example.net', { confirmed: false })).client;
  });
  afterAll(() => h?.close());

  type Caller = 'anon' | 'inactive' | 'stranger' | 'signed-up' | 'unconfirmed';
  const callers = (): [Caller, SupabaseClient][] => [
    ['anon', h.anon],
    ['inactive', inactive],
    ['stranger', stranger],
    ['signed-up', signedUp],
    ['unconfirmed', unconfirmed],
  ];

  async function count(table: string, filter?: [string, string]) {
    let q = h.service.from(table).select('*', { count: 'exact', head: true });
    if (filter) q = q.eq(filter[0], filter[1]);
    const { count: n, error } = await q;
    expect(error).toBeNull();
    return n ?? 0;
  }

  const PUBLIC_TABLES = ['clients', 'projects', 'project_categories', 'calendar_settings', 'privacy_settings', 'privacy_notices', 'retention_settings'] as const;

  describe('public tables: everyone reads, only admins write', () => {
    for (const table of PUBLIC_TABLES) {
      it(`${table}: every caller reads the rows`, async () => {
        const total = await count(table);
        expect(total).toBeGreaterThan(0);
        for (const [, client] of [...callers(), ['admin', admin] as const]) {
          const { data, error } = await client.from(table).select('*');
          expect(error).toBeNull();
          expect(data).toHaveLength(total);
        }
      });
    }

    it("non-admins neither change the privacy notice's facts nor publish, change or delete a version of it", async () => {
      const snapshot = async () =>
        Promise.all([h.service.from('privacy_settings').select('*'), h.service.from('privacy_notices').select('*').order('version')]).then((rs) => rs.map((r) => r.data));
      const before = await snapshot();
      for (const [who, client] of [...callers(), ['admin', admin] as const]) {
        if (who !== 'admin') await client.from('privacy_settings').update({ controller_name: `by ${who}` }).eq('id', true);
        expect((await client.from('privacy_settings').insert({ id: true }).select()).error?.code, who).toBe('42501');
        expect((await client.from('privacy_settings').delete().eq('id', true).select()).error?.code, who).toBe('42501');
        expect((await client.from('privacy_notices').update({ body: `by ${who}` }).gt('version', 0)).error?.code, who).toBe('42501');
        expect((await client.from('privacy_notices').delete().gt('version', 0)).error?.code, who).toBe('42501');
        if (who !== 'admin') expect((await client.from('privacy_notices').insert({ body: `by ${who}` })).error?.code, who).toBe('42501');
      }
      expect(await snapshot()).toEqual(before);
    });

    it('non-admins cannot insert, update or delete clients', async () => {
      const before = await h.service.from('clients').select('id, name').order('id');
      const target = before.data![0];
      for (const [who, client] of callers()) {
        const ins = await client.from('clients').insert({ name: `by ${who}`, logo: '/x.svg', logo_alt: `Лого by ${who}` });
        expect(ins.error?.code, who).toBe('42501');
        expect(ins.status, who).toBe(who === 'anon' ? 401 : 403);

        const upd = await client.from('clients').update({ name: 'hijacked' }).eq('id', target.id).select();
        if (who === 'anon') expect(upd.error?.code).toBe('42501');
        else expect(upd.data ?? []).toEqual([]);

        const del = await client.from('clients').delete().eq('id', target.id).select();
        if (who === 'anon') expect(del.error?.code).toBe('42501');
        else expect(del.data ?? []).toEqual([]);
      }
      const after = await h.service.from('clients').select('id, name').order('id');
      expect(after.data).toEqual(before.data);
    });

    it('non-admins cannot change projects, categories or the calendar', async () => {
      const snapshot = async () =>
        Promise.all([
          h.service.from('projects').select('id, title, category').order('id'),
          h.service.from('project_categories').select('id, name').order('id'),
          h.service.from('calendar_settings').select('id, consultant_name, working_hours'),
        ]).then((rs) => rs.map((r) => r.data));
      const before = await snapshot();
      for (const [who, client] of callers()) {
        const cat = await client.from('project_categories').insert({ name: `cat ${who}` });
        expect(cat.error?.code, who).toBe('42501');
        await client.from('project_categories').update({ name: 'renamed' }).neq('name', '');
        await client.from('project_categories').delete().neq('name', '');
        await client.from('projects').update({ title: 'hijacked' }).neq('title', '');
        await client.from('projects').delete().neq('title', '');
        await client.from('calendar_settings').update({ consultant_name: 'hijacked' }).neq('consultant_name', '');
        const cal = await client.from('calendar_settings').insert({ consultant_name: 'second' });
        expect(cal.error?.code, who).toBe('42501');
      }
      expect(await snapshot()).toEqual(before);
    });

    it('the admin writes every public table', async () => {
      const cat = await admin.from('project_categories').insert({ name: 'RLS test category' }).select().single();
      expect(cat.error).toBeNull();
      const client = await admin.from('clients').insert({ name: 'RLS test client', logo: '/demo/client-1.svg', logo_alt: 'Лого на RLS test client' }).select().single();
      expect(client.error).toBeNull();
      const project = await admin
        .from('projects')
        .insert({ title: 'RLS test project', category: 'RLS test category', image: '/x.svg', image_alt: 'Тестов проект', link: 'https://example.com' })
        .select('id, status, gallery, technologies')
        .single();
      expect(project.error).toBeNull();
      expect(project.data).toMatchObject({ status: 'in_progress', gallery: [], technologies: [] });
      const cal = await admin.from('calendar_settings').update({ consultant_name: 'Нов консултант' }).neq('id', '00000000-0000-0000-0000-000000000000').select();
      expect(cal.data).toHaveLength(1);
      expect(await count('clients', ['name', 'RLS test client'])).toBe(1);
      await admin.from('projects').delete().eq('id', project.data!.id);
      await admin.from('project_categories').delete().eq('name', 'RLS test category');
      await admin.from('clients').delete().eq('name', 'RLS test client');
      expect(await count('clients', ['name', 'RLS test client'])).toBe(0);
    });
  });

  describe('blog posts', () => {
    it('visitors and non-admins read published posts only; the admin reads drafts too', async () => {
      const published = await count('blog_posts', ['is_published', 'true']);
      const all = await count('blog_posts');
      expect(all).toBeGreaterThan(published);
      for (const [who, client] of callers()) {
        const { data, error } = await client.from('blog_posts').select('slug, is_published');
        expect(error, who).toBeNull();
        expect(data, who).toHaveLength(published);
        expect(data!.every((p) => p.is_published), who).toBe(true);
      }
      const { data } = await admin.from('blog_posts').select('slug');
      expect(data).toHaveLength(all);
    });

    it('a draft cannot be fetched by its slug by a visitor', async () => {
      // select=*, as every Supabase client asks: the staff ids are no column of the post
      const { data, error, status } = await h.anon
        .from('blog_posts')
        .select('*')
        .eq('slug', 'chernova-planove')
        .eq('is_published', true)
        .single();
      expect(data).toBeNull();
      expect(error?.code).toBe('PGRST116');
      expect(status).toBe(406);
    });

    it('who wrote and saved posts and projects (blog_post_staff, project_staff): only the admin reads it or names a post\'s blog user', async () => {
      const staffed = async () =>
        Promise.all([
          h.service.from('blog_post_staff').select('*').order('post_id'),
          h.service.from('project_staff').select('*').order('project_id'),
        ]).then((rs) => rs.map((r) => r.data));
      const before = await staffed();
      expect(before[0]!.length).toBeGreaterThanOrEqual(9);
      const [post] = before[0]!;
      for (const [who, client] of callers()) {
        for (const table of ['blog_post_staff', 'project_staff']) {
          const read = await client.from(table).select('*');
          if (who === 'anon') expect(read.error?.code, `${who} ${table}`).toBe('42501');
          else expect(read.data ?? [], `${who} ${table}`).toEqual([]);
        }
        const named = await client.from('blog_post_staff').update({ created_by: ADMIN_ID }).eq('post_id', post.post_id).select('post_id');
        if (who === 'anon') expect(named.error?.code).toBe('42501');
        else expect(named.data ?? [], who).toEqual([]);
        const embedded = await client.from('blog_posts').select('slug, blog_post_staff(created_by)').eq('is_published', true).limit(1);
        if (who === 'anon') expect(embedded.error?.code).toBe('42501');
        else expect(embedded.data!.map((p) => p.blog_post_staff), who).toEqual([null]);
      }
      expect(await staffed()).toEqual(before);
      const { data } = await admin.from('blog_post_staff').select('*');
      expect(data).toHaveLength(before[0]!.length);
    });

    it('non-admins cannot write posts', async () => {
      const before = await h.service.from('blog_posts').select('id, title, is_published').order('id');
      for (const [who, client] of callers()) {
        const ins = await client.from('blog_posts').insert({ title: 'x', slug: `x-${who}`, author: 'x' });
        expect(ins.error?.code, who).toBe('42501');
        await client.from('blog_posts').update({ is_published: true }).eq('slug', 'chernova-planove');
        await client.from('blog_posts').delete().neq('slug', '');
      }
      expect((await h.service.from('blog_posts').select('id, title, is_published').order('id')).data).toEqual(before.data);
    });
  });

  describe('inquiries and appointments', () => {
    const inquiry = {
      name: 'Иван Петров',
      email: 'ivan@example.com',
      phone: '',
      company: 'Имоти ООД',
      message: 'Искам CRM.',
      purpose: 'real_estate',
      contact_method: 'email',
    };

    it('everyone may send an inquiry; only the admin may read them', async () => {
      const before = await count('contact_submissions');
      for (const [who, client] of callers()) {
        // each from an address of its own (three inquiries an hour is the limit per address)
        const { error } = await client.from('contact_submissions').insert({ ...inquiry, name: `Иван ${who}`, email: `ivan-${who}@example.com` });
        expect(error, who).toBeNull();
      }
      expect(await count('contact_submissions')).toBe(before + callers().length);

      const anonRead = await h.anon.from('contact_submissions').select('*');
      expect(anonRead.error?.code).toBe('42501');
      for (const [, client] of callers().slice(1)) {
        const { data } = await client.from('contact_submissions').select('*');
        expect(data ?? []).toEqual([]);
      }
      const { data } = await admin.from('contact_submissions').select('name');
      expect(data!.map((r) => r.name)).toEqual(expect.arrayContaining(['Иван anon', 'Иван inactive', 'Иван stranger']));
    });

    it('an inquiry must be reachable by the chosen method', async () => {
      const { error } = await h.anon.from('contact_submissions').insert({ ...inquiry, email: 'reachable@example.com', contact_method: 'phone', phone: '' });
      expect(error?.code).toBe('23514');
    });

    it('visitors book only pending appointments and cannot read or change them', async () => {
      const at = bookableDay(14).at(11);
      const confirmed = await h.anon.from('appointments').insert({
        client_name: 'Мира', client_email: 'mira@example.com', preferred_date: at, status: 'confirmed',
      });
      expect(confirmed.error?.code).toBe('42501');
      const pending = await h.anon.from('appointments').insert({
        client_name: 'Мира', client_email: 'mira@example.com', client_phone: '', company_name: '', message: '',
        preferred_date: at,
      });
      expect(pending.error).toBeNull();
      expect((await h.anon.from('appointments').select('*')).error?.code).toBe('42501');
      for (const client of [inactive, stranger]) {
        expect((await client.from('appointments').select('*')).data ?? []).toEqual([]);
        await client.from('appointments').update({ status: 'confirmed' }).eq('preferred_date', at);
      }
      const rows = await h.service.from('appointments').select('status').eq('preferred_date', at);
      expect(rows.data).toEqual([{ status: 'pending' }]);
    });
  });

  describe('blog users', () => {
    it('visitors cannot read blog users at all', async () => {
      const { error, status } = await h.anon.from('blog_users').select('id');
      expect(error?.code).toBe('42501');
      expect(status).toBe(401);
    });

    it('a signed-in account reads only its own row, so the app can admit or refuse it', async () => {
      const own = await inactive.from('blog_users').select('username, is_active');
      expect(own.data).toEqual([{ username: 'georgi', is_active: false }]);
      const none = await stranger.from('blog_users').select('username').eq('email', 'stranger@example.com').maybeSingle();
      expect(none.error).toBeNull();
      expect(none.data).toBeNull();
      const { data } = await admin.from('blog_users').select('username');
      expect(data!.length).toBeGreaterThanOrEqual(2);
    });

    it('the password column is write-only: select=* works for admins and never holds a hash', async () => {
      // a sign-in that reads blog_users with select=* must keep working for admins
      const { data, error } = await admin.from('blog_users').select('*');
      expect(error).toBeNull();
      expect(data!.length).toBeGreaterThanOrEqual(2);
      expect(data!.every((u) => u.password === null)).toBe(true);
      const all = await h.service.from('blog_users').select('password');
      expect(all.data!.every((u) => u.password === null)).toBe(true);
      // an inactive account sees its own row, password empty too; anon reads nothing
      const own = await inactive.from('blog_users').select('*');
      expect(own.data).toEqual([expect.objectContaining({ email: 'georgi@example.com', password: null })]);
      const anonRead = await h.anon.from('blog_users').select('*');
      expect(anonRead.error?.code).toBe('42501');
    });

    it('a signed-up stranger is refused alike whatever the address, and nothing is written', async () => {
      const accounts = async () => (await h.local.db.asSystem((tx) => tx.query<{ n: number }>('select count(*)::int as n from auth.users'))).rows[0].n;
      const before = await accounts();
      const answers: Record<string, unknown>[] = [];
      // an address with an account (the admin's), one without, and the stranger's own
      for (const email of ['admin@example.com', 'nobody-yet@example.com', 'signed-up@example.net']) {
        for (const client of [signedUp, unconfirmed]) {
          const { error, status } = await client.from('blog_users').insert({ username: `probe-${answers.length}`, email, password: 'long-enough-1' });
          answers.push({ status, code: error?.code, message: error?.message, details: error?.details, hint: error?.hint });
        }
      }
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(answers[0]).toMatchObject({ status: 403, code: '42501', message: 'new row violates row-level security policy for table "blog_users"' });
      expect(await accounts()).toBe(before);
    });

    it('a signed-up stranger learns nothing of the calendar rules either: a bad row and a good one get the same refusal', async () => {
      const answers: Record<string, unknown>[] = [];
      const rows: Record<string, unknown>[] = [
        { consultant_name: 'x', working_hours: { start: '09:00', end: '17:00', days: ['monday'] } },
        { consultant_name: 'x', working_hours: { start: '17:00', end: '09:00', days: [] }, time_zone: 'Mars/Olympus' },
      ];
      for (const row of rows) {
        const { error, status } = await signedUp.from('calendar_settings').insert(row);
        answers.push({ status, code: error?.code, message: error?.message, hint: error?.hint });
      }
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]).toMatchObject({ status: 403, code: '42501' });
    });

    it('non-admins cannot create, change or delete blog users', async () => {
      const before = await h.service.from('blog_users').select('id, username, is_active').order('id');
      for (const [who, client] of callers()) {
        const ins = await client.from('blog_users').insert({ username: `u-${who}`, email: `${who}@example.com`, password: 'long-enough-1' });
        expect(ins.error?.code, who).toBe('42501');
        await client.from('blog_users').update({ is_active: true }).eq('username', 'georgi');
        await client.from('blog_users').delete().eq('username', 'admin');
      }
      expect((await h.service.from('blog_users').select('id, username, is_active').order('id')).data).toEqual(before.data);
    });

    it('a deactivated admin loses every write on the next request', async () => {
      const created = await admin
        .from('blog_users')
        .insert({ username: 'temp-admin', email: 'temp-admin@example.com', password: 'temporary-pass-1', full_name: 'Временен' })
        .select('id')
        .single();
      expect(created.error).toBeNull();
      const temp = h.as({ sub: created.data!.id, email: 'temp-admin@example.com' });
      expect((await temp.from('project_categories').insert({ name: 'temp ok' })).error).toBeNull();
      await admin.from('blog_users').update({ is_active: false }).eq('id', created.data!.id);
      expect((await temp.from('project_categories').insert({ name: 'temp refused' })).error?.code).toBe('42501');
      await admin.from('project_categories').delete().eq('name', 'temp ok');
      await admin.from('blog_users').delete().eq('id', created.data!.id);
    });
  });

  describe('storage', () => {
    const png = () =>
      new Blob([Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')], { type: 'image/png' });

    it('everyone reads the public images by their URL; only the admin lists, uploads and deletes', async () => {
      const path = `blog/rls-${Date.now()}.png`;
      for (const [who, client] of callers()) {
        const { error } = await client.storage.from('blog-images').upload(`blog/${who}.png`, png(), { contentType: 'image/png' });
        expect(error, who).not.toBeNull();
      }
      const up = await admin.storage.from('blog-images').upload(path, png(), { contentType: 'image/png', cacheControl: '3600' });
      expect(up.error).toBeNull();
      // a bucket's list (drafts' images too) is the admin's alone
      const adminList = await admin.storage.from('blog-images').list('blog');
      expect(adminList.data!.map((o) => o.name)).toContain(path.slice('blog/'.length));
      for (const [who, client] of callers()) {
        const list = await client.storage.from('blog-images').list('blog');
        expect(list.error, who).toBeNull();
        expect(list.data, who).toEqual([]);
        const del = await client.storage.from('blog-images').remove([path]);
        expect(del.data ?? [], who).toEqual([]);
      }
      const res = await fetch(h.anon.storage.from('blog-images').getPublicUrl(path).data.publicUrl);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const removed = await admin.storage.from('blog-images').remove([path]);
      expect(removed.data).toHaveLength(1);
      expect([400, 404]).toContain((await fetch(h.anon.storage.from('blog-images').getPublicUrl(path).data.publicUrl)).status);
    });
  });

  describe('function grants', () => {
    const executable = async (role: string) =>
      (
        await h.local.db.asSystem((tx) =>
          tx.query<{ fn: string }>(
            `select format('%s.%s(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as fn
               from pg_proc p join pg_namespace n on n.oid = p.pronamespace
              where n.nspname in ('public', 'api_definers', 'auth', 'storage', 'private') and has_function_privilege($1, p.oid, 'execute')
              order by 1`,
            [role],
          ),
        )
      ).rows.map((r) => r.fn);

    it('anon executes exactly the intended functions', async () => {
      expect(await executable('anon')).toEqual(ANON_FUNCTIONS);
    });

    it('authenticated executes exactly the intended functions', async () => {
      expect(await executable('authenticated')).toEqual(AUTHENTICATED_FUNCTIONS);
    });

    it('a visitor calling an admin function is refused before it runs', async () => {
      const cat = await h.service.from('project_categories').select('id, name').limit(1).single();
      const { error, status } = await h.anon.rpc('rename_project_category', { category_id: cat.data!.id, new_name: 'by a visitor' });
      expect(status).toBe(401);
      expect(error?.code).toBe('42501');
      expect(error?.message).toMatch(/permission denied for function rename_project_category/);
      const after = await h.service.from('project_categories').select('name').eq('id', cat.data!.id).single();
      expect(after.data!.name).toBe(cat.data!.name);
    });

    it('a function a future migration creates is closed to visitors until granted', async () => {
      const grants = await h.local.db.asSystem(async (tx) => {
        await tx.exec(`create function public.t_future_definer() returns int language sql security definer as 'select 1'`);
        const { rows } = await tx.query<{ anon: boolean; authenticated: boolean; service_role: boolean }>(
          `select has_function_privilege('anon', 'public.t_future_definer()', 'execute') as anon,
                  has_function_privilege('authenticated', 'public.t_future_definer()', 'execute') as authenticated,
                  has_function_privilege('service_role', 'public.t_future_definer()', 'execute') as service_role`,
        );
        await tx.exec('drop function public.t_future_definer()');
        return rows[0];
      });
      expect(grants).toEqual({ anon: false, authenticated: false, service_role: true });
    });
  });
}
