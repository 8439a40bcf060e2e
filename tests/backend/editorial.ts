// The editor's database (20261128000500_editorial.sql): posts published at a set time by the
// scheduled job, every replaced version kept by a trigger and pruned by a rule, deletes moved to a
// bin that restores and forgets, and none of it visible to anyone but admins. Defined once and run
// twice: against the stand-in (editorial.test.ts) and against real PostgreSQL 15 with the real
// pg_cron (rls-matrix.postgres.test.ts).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import type { Harness } from './harness.ts';

const ADMIN_ID = 'a0000000-0000-4000-8000-000000000001';

interface Hook {
  type: string;
  table: string;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
}

export function defineEditorial(start: () => Promise<Harness>) {
  let h: Harness;
  let admin: SupabaseClient;
  let stranger: SupabaseClient;
  let receiver: Server;
  const hooks: Hook[] = [];
  let n = 0;
  /** SQL as the database owner; withoutTriggers arranges rows as no save could (replica mode). */
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = [], { withoutTriggers = false } = {}) =>
    h.local.db.asSystem(async (tx) => {
      if (withoutTriggers) await tx.query(`set local session_replication_role = replica`);
      return (await tx.query<T>(text, params)).rows;
    });
  /** The content webhook's requests since the last call. */
  const sent = async () => {
    h.local.net.kick();
    await h.local.net.settled();
    return hooks.splice(0);
  };
  const post = (over: Record<string, unknown> = {}) => ({
    title: `Редакторска ${++n}`,
    slug: `redaktorska-${n}-${process.pid}-${Date.now()}`,
    content: 'Първият вариант на текста.',
    excerpt: 'Кратко описание',
    author: 'Мария Иванова',
    ...over,
  });
  async function insertPost(over: Record<string, unknown> = {}) {
    const { data, error } = await admin.from('blog_posts').insert(post(over)).select('id, slug, updated_at').single();
    expect(error).toBeNull();
    // who saved it lives beside it (the insert's own answer is read before its trigger wrote that row)
    const staff = await admin.from('blog_post_staff').select('updated_by').eq('post_id', data!.id).single();
    expect(staff.error).toBeNull();
    return { ...(data as { id: string; slug: string; updated_at: string }), updated_by: staff.data!.updated_by as string | null };
  }

  beforeAll(async () => {
    h = await start();
    admin = h.as({ sub: ADMIN_ID, email: 'admin@example.com' });
    stranger = (await h.stranger(`editorial-stranger-${process.pid}@example.net`, { confirmed: true })).client;
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        hooks.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Hook);
        res.writeHead(202).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const res = await fetch(`${h.url}/__local/content-webhook`, {
      method: 'PUT',
      headers: { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url }),
    });
    expect(res.status).toBe(204);
  });
  afterAll(async () => {
    await fetch(`${h.url}/__local/content-webhook`, {
      method: 'DELETE',
      headers: { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
    });
    await h?.close();
    await new Promise((r) => receiver.close(r));
  });

  it('the jobs are scheduled: publishing every minute, the bin and the old versions once a day', async () => {
    const jobs = await sql<{ jobname: string; schedule: string; command: string }>(
      `select jobname, schedule, command from cron.job where jobname in ('publish-scheduled-posts', 'content-housekeeping') and active order by jobname`,
    );
    expect(jobs).toEqual([
      { jobname: 'content-housekeeping', schedule: '17 3 * * *', command: 'select private.purge_bin(); select private.prune_revisions()' },
      { jobname: 'publish-scheduled-posts', schedule: '* * * * *', command: 'select private.publish_scheduled_posts()' },
    ]);
  });

  describe('publishing at a set time', () => {
    it('a scheduled post is a draft to every visitor until its minute, then public, dated at its time, and the static host is told', async () => {
      const row = await insertPost({ is_published: false, scheduled_at: new Date(Date.now() + 3_600_000).toISOString() });
      await sent();
      // nobody but admins sees it yet, and the job leaves it alone
      expect((await h.anon.from('blog_posts').select('id').eq('id', row.id)).data).toEqual([]);
      expect((await stranger.from('blog_posts').select('id').eq('id', row.id)).data).toEqual([]);
      expect((await sql<{ published: number }>('select private.publish_scheduled_posts() as published'))[0].published).toBe(0);
      expect(await sent()).toEqual([]);

      // its minute comes: the clock is moved, not waited for (no trigger sees this arrangement);
      // the stand-in's pg_cron waits meanwhile, or its minute's run could publish it first
      const release = await h.local.cron.hold();
      onTestFinished(release);
      const [{ at }] = await sql<{ at: string }>(
        `with moved as (
           update public.blog_posts set scheduled_at = date_trunc('second', now()) - interval '1 second' where id = $1 returning scheduled_at
         ) select scheduled_at::text as at from moved`,
        [row.id],
        { withoutTriggers: true },
      );
      // what pg_cron runs once a minute, with nobody signed in
      expect((await sql<{ published: number }>('select private.publish_scheduled_posts() as published'))[0].published).toBe(1);
      const seen = await h.anon.from('blog_posts').select('id, is_published, published_at, scheduled_at').eq('id', row.id).single();
      expect(seen.data).toMatchObject({ is_published: true, scheduled_at: null });
      expect(Date.parse(seen.data!.published_at as string)).toBe(Date.parse(at));
      const hooked = (await sent()).filter((hook) => hook.record?.id === row.id);
      expect(hooked).toHaveLength(1);
      expect(hooked[0]).toMatchObject({ type: 'UPDATE', table: 'blog_posts', record: { slug: row.slug, is_published: true }, old_record: { is_published: false } });
    });

    it('a time already past is refused; unscheduling and rescheduling work; publishing by hand drops the schedule', async () => {
      const past = await admin.from('blog_posts').insert(post({ is_published: false, scheduled_at: new Date(Date.now() - 60_000).toISOString() }));
      expect(past.error).toMatchObject({ code: '23514', hint: 'schedule_in_past' });

      const later = new Date(Date.now() + 3_600_000).toISOString();
      const row = await insertPost({ is_published: false, scheduled_at: later });
      const moved = new Date(Date.now() + 7_200_000).toISOString();
      expect((await admin.from('blog_posts').update({ scheduled_at: moved }).eq('id', row.id)).error).toBeNull();
      expect((await admin.from('blog_posts').update({ scheduled_at: null }).eq('id', row.id)).error).toBeNull();
      expect((await admin.from('blog_posts').update({ scheduled_at: later }).eq('id', row.id)).error).toBeNull();
      // an unrelated save keeps a schedule whose minute has not come
      expect((await admin.from('blog_posts').update({ title: 'Още насрочена' }).eq('id', row.id)).error).toBeNull();
      const published = await admin
        .from('blog_posts')
        .update({ is_published: true, published_at: new Date().toISOString() })
        .eq('id', row.id)
        .select('is_published, scheduled_at')
        .single();
      expect(published.data).toEqual({ is_published: true, scheduled_at: null });
    });
  });

  describe('revisions', () => {
    it('each save keeps the version it replaced, whole, with who saved it and when; publishing keeps none', async () => {
      const row = await insertPost({ is_published: false });
      expect(row.updated_by).toBe(ADMIN_ID);
      const first = await admin.from('blog_posts').update({ title: 'Второ заглавие', content: 'Вторият вариант.' }).eq('id', row.id).select('updated_at').single();
      expect(first.error).toBeNull();
      await admin.from('blog_posts').update({ is_published: true, published_at: new Date().toISOString() }).eq('id', row.id);

      const { data, error } = await admin
        .from('content_revisions')
        .select('table_name, record_id, saved_at, saved_by, saved_by_name, record')
        .eq('record_id', row.id)
        .order('saved_at', { ascending: false });
      expect(error).toBeNull();
      expect(data).toHaveLength(1);
      const [kept] = data!;
      expect(kept).toMatchObject({ table_name: 'blog_posts', record_id: row.id, saved_by: ADMIN_ID, saved_by_name: 'Мария Иванова' });
      expect(Date.parse(kept.saved_at as string)).toBe(Date.parse(row.updated_at));
      expect(kept.record).toMatchObject({ id: row.id, slug: row.slug, content: 'Първият вариант на текста.', is_published: false });
      expect((kept.record as { title: string }).title).toMatch(/^Редакторска/);
    });

    it('a project keeps its versions too', async () => {
      const [project] = await sql<{ id: string; description: string }>('select id, description from public.projects order by created_at limit 1');
      await admin.from('projects').update({ description: 'Ново кратко описание' }).eq('id', project.id);
      const { data } = await admin.from('content_revisions').select('record').eq('record_id', project.id).eq('table_name', 'projects');
      expect(data!.map((r) => (r.record as { description: string }).description)).toContain(project.description);
      await admin.from('projects').update({ description: project.description }).eq('id', project.id);
    });

    it('nobody but admins reads them, and nobody writes them through the API', async () => {
      const row = await insertPost();
      await admin.from('blog_posts').update({ title: 'Тайна версия' }).eq('id', row.id);
      const anonRead = await h.anon.from('content_revisions').select('id').eq('record_id', row.id);
      expect(anonRead.error).toMatchObject({ code: '42501' });
      expect((await stranger.from('content_revisions').select('id').eq('record_id', row.id)).data).toEqual([]);
      const forged = await admin.from('content_revisions').insert({ table_name: 'blog_posts', record_id: row.id, record: {}, saved_at: new Date().toISOString() });
      expect(forged.error).toMatchObject({ code: '42501' });
      const erased = await admin.from('content_revisions').delete().eq('record_id', row.id).select('id');
      expect(erased.error).toMatchObject({ code: '42501' });
      expect((await admin.from('content_revisions').select('id').eq('record_id', row.id)).data).toHaveLength(1);
    });

    it('pruning keeps every version of the last 30 days and the newest of each earlier week', async () => {
      const row = await insertPost();
      const ago = (days: number) => `now() - interval '${days} days'`;
      // 10 days ago; three in the week of 45 days ago (a Monday-based week); one 60 days ago
      await sql(
        `insert into public.content_revisions (table_name, record_id, record, saved_at)
         select 'blog_posts', $1, jsonb_build_object('title', t), s
           from (values ('recent', ${ago(10)}),
                        ('week-oldest', date_trunc('week', ${ago(45)}) + interval '1 hour'),
                        ('week-middle', date_trunc('week', ${ago(45)}) + interval '2 days'),
                        ('week-newest', date_trunc('week', ${ago(45)}) + interval '4 days'),
                        ('alone', ${ago(60)})) v(t, s)`,
        [row.id],
      );
      await sql('select private.prune_revisions()');
      const left = await sql<{ title: string }>(`select record ->> 'title' as title from public.content_revisions where record_id = $1 order by saved_at desc`, [row.id]);
      expect(left.map((r) => r.title)).toEqual(['recent', 'week-newest', 'alone']);
    });
  });

  describe('the bin', () => {
    it('a deleted post goes to the bin with who deleted it; the static host hears of the delete; restore brings it back as it was', async () => {
      const row = await insertPost({ is_published: true, published_at: new Date().toISOString(), content: 'Текст, който не бива да се губи.' });
      await sent();
      const gone = await admin.from('blog_posts').delete().eq('id', row.id).select('id');
      expect(gone.data).toEqual([{ id: row.id }]);
      expect((await h.anon.from('blog_posts').select('id').eq('id', row.id)).data).toEqual([]);
      expect((await sent()).map((hook) => [hook.type, hook.old_record?.slug])).toEqual([['DELETE', row.slug]]);

      const bin = await admin.from('content_bin').select('id, table_name, record_id, label, deleted_by, deleted_by_name, deleted_at').eq('record_id', row.id).single();
      expect(bin.data).toMatchObject({ table_name: 'blog_posts', record_id: row.id, deleted_by: ADMIN_ID, deleted_by_name: 'Мария Иванова' });
      expect(bin.data!.label).toMatch(/^Редакторска/);

      const restored = await admin.rpc('restore_from_bin', { item: bin.data!.id });
      expect(restored.error).toBeNull();
      expect(restored.data).toEqual({ table: 'blog_posts', id: row.id });
      const back = await h.anon.from('blog_posts').select('id, slug, content, updated_at').eq('id', row.id).single();
      expect(back.data).toMatchObject({ id: row.id, slug: row.slug, content: 'Текст, който не бива да се губи.' });
      expect(Date.parse(back.data!.updated_at as string)).toBeGreaterThan(Date.parse(row.updated_at));
      expect((await sent()).map((hook) => [hook.type, hook.record?.slug])).toEqual([['INSERT', row.slug]]);
      expect((await admin.from('content_bin').select('id').eq('record_id', row.id)).data).toEqual([]);

      const again = await admin.rpc('restore_from_bin', { item: bin.data!.id });
      expect(again.error).toMatchObject({ code: 'P0002', hint: 'bin_item_missing' });
    });

    it('a restore onto an address taken meanwhile is refused and the item stays in the bin', async () => {
      const row = await insertPost();
      await admin.from('blog_posts').delete().eq('id', row.id);
      await insertPost({ slug: row.slug });
      const { data: item } = await admin.from('content_bin').select('id').eq('record_id', row.id).single();
      const refused = await admin.rpc('restore_from_bin', { item: item!.id });
      expect(refused.error).toMatchObject({ code: '23505' });
      expect((await admin.from('content_bin').select('id').eq('id', item!.id)).data).toHaveLength(1);
    });

    it('projects and clients come back too', async () => {
      const made = await admin.from('clients').insert({ name: `Кошчев клиент ${process.pid}`, logo: '/demo/client-1.svg', logo_alt: 'Лого' }).select('id').single();
      await admin.from('clients').delete().eq('id', made.data!.id);
      const { data: item } = await admin.from('content_bin').select('id, table_name, label').eq('record_id', made.data!.id).single();
      expect(item).toMatchObject({ table_name: 'clients', label: `Кошчев клиент ${process.pid}` });
      expect((await admin.rpc('restore_from_bin', { item: item!.id })).error).toBeNull();
      expect((await h.anon.from('clients').select('name').eq('id', made.data!.id)).data).toEqual([{ name: `Кошчев клиент ${process.pid}` }]);

      const [category] = await sql<{ name: string }>('select name from public.project_categories limit 1');
      const project = await admin
        .from('projects')
        .insert({ title: 'Кошчев проект', slug: `koshchev-${process.pid}-${Date.now()}`, category: category.name, image: '/demo/project-crm.svg', image_alt: 'Екран', link: 'https://example.com' })
        .select('id')
        .single();
      await admin.from('projects').delete().eq('id', project.data!.id);
      const { data: projectItem } = await admin.from('content_bin').select('id').eq('record_id', project.data!.id).single();
      expect((await admin.rpc('restore_from_bin', { item: projectItem!.id })).error).toBeNull();
      expect((await h.anon.from('projects').select('title').eq('id', project.data!.id)).data).toEqual([{ title: 'Кошчев проект' }]);
    });

    it('a blog user comes back only with a new password, which signs in', async () => {
      const email = `bin-user-${process.pid}@example.com`;
      const made = await admin
        .from('blog_users')
        .insert({ username: `bin-user-${process.pid}`, password: 'first-password-1', email, full_name: 'Изтрит Потребител' })
        .select('id')
        .single();
      expect(made.error).toBeNull();
      await admin.from('blog_users').delete().eq('id', made.data!.id);
      expect((await h.newClient().auth.signInWithPassword({ email, password: 'first-password-1' })).error).not.toBeNull();

      const { data: item } = await admin.from('content_bin').select('id, label').eq('record_id', made.data!.id).single();
      expect(item!.label).toBe(`bin-user-${process.pid}`);
      const withoutPassword = await admin.rpc('restore_from_bin', { item: item!.id });
      expect(withoutPassword.error).toMatchObject({ code: '23502', hint: 'bin_user_password' });
      const restored = await admin.rpc('restore_from_bin', { item: item!.id, new_password: 'second-password-2' });
      expect(restored.error).toBeNull();
      const signIn = await h.newClient().auth.signInWithPassword({ email, password: 'second-password-2' });
      expect(signIn.error).toBeNull();
      expect(signIn.data.user?.id).toBe(made.data!.id);
    });

    it('deleting for good takes the versions too; the daily job empties what is 30 days old', async () => {
      const row = await insertPost();
      await admin.from('blog_posts').update({ title: 'Версия преди края' }).eq('id', row.id);
      await admin.from('blog_posts').delete().eq('id', row.id);
      const { data: item } = await admin.from('content_bin').select('id').eq('record_id', row.id).single();
      const forGood = await admin.from('content_bin').delete().eq('id', item!.id).select('id');
      expect(forGood.data).toEqual([{ id: item!.id }]);
      expect((await sql('select id from public.content_revisions where record_id = $1', [row.id]))).toEqual([]);

      const old = await insertPost();
      const recent = await insertPost();
      await admin.from('blog_posts').delete().in('id', [old.id, recent.id]);
      await sql(`update public.content_bin set deleted_at = now() - interval '31 days' where record_id = $1`, [old.id]);
      await sql(`update public.content_bin set deleted_at = now() - interval '29 days' where record_id = $1`, [recent.id]);
      await sql('select private.purge_bin()');
      const left = await sql<{ record_id: string }>('select record_id from public.content_bin where record_id = any($1::uuid[])', [[old.id, recent.id]]);
      expect(left).toEqual([{ record_id: recent.id }]);
    });

    it('nobody but admins sees the bin, empties it or restores from it', async () => {
      const row = await insertPost();
      await admin.from('blog_posts').delete().eq('id', row.id);
      const { data: item } = await admin.from('content_bin').select('id').eq('record_id', row.id).single();

      expect((await h.anon.from('content_bin').select('id')).error).toMatchObject({ code: '42501' });
      expect((await stranger.from('content_bin').select('id').eq('id', item!.id)).data).toEqual([]);
      expect((await stranger.from('content_bin').delete().eq('id', item!.id).select('id')).data).toEqual([]);
      expect((await stranger.rpc('restore_from_bin', { item: item!.id })).error).toMatchObject({ code: '42501' });
      expect((await h.anon.rpc('restore_from_bin', { item: item!.id })).error).toMatchObject({ code: '42501' });
      expect((await admin.from('content_bin').update({ label: 'подправено' }).eq('id', item!.id).select('id')).error).toMatchObject({ code: '42501' });
      expect((await admin.from('content_bin').select('id').eq('id', item!.id)).data).toHaveLength(1);
    });
  });
}
