// Staff ids are nobody's but the admins', and select=* answers every caller of every table it may
// read (20261128001900_staff_ids_private.sql): every table of the API swept with select('*') as a
// visitor, a signed-up account that is no admin and an admin; what the public pages of the system
// this product was specified from read (product-spec.md, "Visitor-side data"), through its
// supabase-js calls; and who wrote and saved a post or project, kept by the database beside them,
// through saves, versions, the bin and a restore. Defined once and run against the stand-in
// (staff-ids.test.ts) and PostgreSQL 15 (rls-matrix.postgres.test.ts).
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness.ts';

const ADMIN_ID = 'a0000000-0000-4000-8000-000000000001';

export function defineStaffIds(start: () => Promise<Harness>): void {
  let h: Harness;
  let admin: SupabaseClient;
  /** A second admin, whose saves are told apart from the first's. */
  let second: { id: string; client: SupabaseClient };
  /** Someone who signed up on their own: signed in, no admin. */
  let signedUp: SupabaseClient;
  let n = 0;
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    h.local.db.asSystem(async (tx) => (await tx.query<T>(text, params)).rows);
  const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${++n}`;
  const staffOf = async (postId: string) =>
    (await sql<{ created_by: string | null; updated_by: string | null }>(
      'select created_by::text, updated_by::text from public.blog_post_staff where post_id = $1',
      [postId],
    ))[0];

  beforeAll(async () => {
    h = await start();
    admin = h.as({ sub: ADMIN_ID, email: 'admin@example.com' });
    const email = `${unique('second-admin')}@agency.example`;
    const made = await admin
      .from('blog_users')
      .insert({ username: unique('vtori'), email, password: 'second-admin-pass-1', full_name: 'Втори Администратор' })
      .select('id')
      .single();
    expect(made.error).toBeNull();
    second = { id: made.data!.id as string, client: h.as({ sub: made.data!.id as string, email }) };
    signedUp = (await h.stranger(`${unique('staff-ids-stranger')}@example.net`, { confirmed: true })).client;
  });
  afterAll(async () => {
    await admin?.from('blog_users').delete().eq('id', second?.id);
    await h?.close();
  });

  describe('select=* on every table of the API', () => {
    /** Every table and view PostgREST serves, with whether the role may read any column of it. */
    const relations = (role: string) =>
      sql<{ name: string; readable: boolean; whole: boolean }>(
        `select c.relname as name, has_any_column_privilege($1, c.oid, 'select') as readable,
                has_table_privilege($1, c.oid, 'select') as whole
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p', 'f')
          order by 1`,
        [role],
      );
    /** What no visitor may learn: every account's and blog user's id and address. */
    const secrets = async () =>
      (
        await sql<{ value: string }>(
          `select id::text as value from auth.users union select lower(email) from auth.users where email is not null
           union select id::text from public.blog_users union select lower(email) from public.blog_users`,
        )
      ).map((r) => r.value);

    it('no role reads a part of a table: who may read a table reads all of it', async () => {
      for (const role of ['anon', 'authenticated']) {
        const partial = (await relations(role)).filter((r) => r.readable && !r.whole).map((r) => r.name);
        expect(partial, role).toEqual([]);
      }
    });

    it('a visitor and a signed-up account get rows from every table they may read, and 42501 from the rest; never a staff id or address', async () => {
      const hidden = await secrets();
      expect(hidden).toContain(ADMIN_ID);
      for (const [who, client, role] of [
        ['anon', h.anon, 'anon'],
        ['signed-up', signedUp, 'authenticated'],
      ] as const) {
        const read: string[] = [];
        for (const { name, readable } of await relations(role)) {
          const { data, error } = await client.from(name).select('*').limit(200);
          if (!readable) {
            expect(error?.code, `${who} ${name}`).toBe('42501');
            continue;
          }
          expect(error, `${who} ${name}`).toBeNull();
          if (data!.length) read.push(name);
          const text = JSON.stringify(data).toLowerCase();
          for (const value of hidden) expect(text.includes(value), `${who} read ${value} in ${name}`).toBe(false);
          for (const row of data!) expect(Object.keys(row).filter((key) => key.endsWith('_by') || key === 'password'), `${who} ${name}`).toEqual([]);
        }
        // what the public pages show, row by row
        expect(read, who).toEqual(expect.arrayContaining(['blog_posts', 'calendar_settings', 'clients', 'project_categories', 'projects']));
      }
    });

    it('an admin reads every table the admins may read with select=*, staff ids included', async () => {
      const tables = (await relations('authenticated')).filter((r) => r.readable).map((r) => r.name);
      expect(tables).toEqual(expect.arrayContaining(['blog_post_staff', 'blog_posts', 'blog_users', 'newsletter_sends', 'project_staff', 'projects']));
      for (const name of tables) {
        const { error } = await admin.from(name).select('*').limit(5);
        expect(error, name).toBeNull();
      }
      const staff = await admin.from('blog_post_staff').select('*');
      expect(staff.data!.length).toBeGreaterThanOrEqual(9);
      expect(staff.data!.some((row) => row.created_by === ADMIN_ID)).toBe(true);
      // the admins' HTML and text of a newsletter sent are theirs to read (no column held back)
      const sends = await admin.from('newsletter_sends').select('*').limit(1);
      expect(sends.error).toBeNull();
    });
  });

  describe("what the original system's public pages read", () => {
    const SPEC_POST_FIELDS = ['id', 'title', 'slug', 'content', 'excerpt', 'featured_image', 'category', 'author', 'tags', 'is_published', 'published_at', 'created_at', 'updated_at'];
    const SPEC_PROJECT_FIELDS = ['id', 'title', 'category', 'image', 'link', 'description', 'gallery', 'slug', 'detailed_description', 'technologies', 'client', 'duration', 'team_size', 'status', 'documentation_url', 'created_at', 'updated_at'];
    /** Newest first (other suites' posts may share a moment: ties in any order). */
    const newestFirst = (rows: Record<string, unknown>[], column: string) => {
      const times = rows.map((r) => Date.parse(r[column] as string));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    };
    const sorted = (values: unknown[]) => values.map(String).sort();
    const noStaffIds = (rows: Record<string, unknown>[]) => {
      for (const row of rows) {
        expect(row).not.toHaveProperty('created_by');
        expect(row).not.toHaveProperty('updated_by');
      }
    };

    it("the blog: every field of the published posts, newest first, by category and by a search; a post by its address; the sidebar's recent posts", async () => {
      const stored = await sql<{ id: string }>('select id::text from public.blog_posts where is_published');
      // the listing
      const listing = await h.anon.from('blog_posts').select('*').eq('is_published', true).order('published_at', { ascending: false });
      expect(listing.error).toBeNull();
      expect(sorted(listing.data!.map((p) => p.id))).toEqual(sorted(stored.map((p) => p.id)));
      newestFirst(listing.data!, 'published_at');
      for (const post of listing.data!) expect(Object.keys(post)).toEqual(expect.arrayContaining(SPEC_POST_FIELDS));
      noStaffIds(listing.data!);
      const byCategory = await h.anon.from('blog_posts').select('*').eq('is_published', true).eq('category', 'Продуктивност').order('published_at', { ascending: false });
      expect(byCategory.error).toBeNull();
      expect(byCategory.data!.map((p) => p.slug)).toEqual(expect.arrayContaining(['5-procesa-za-avtomatizaciya', 'izmervane-na-spesteno-vreme']));
      expect(byCategory.data!.every((p) => p.category === 'Продуктивност')).toBe(true);
      const searched = await h.anon
        .from('blog_posts')
        .select('*')
        .eq('is_published', true)
        .or('title.ilike.%меню%,content.ilike.%меню%,excerpt.ilike.%меню%')
        .order('published_at', { ascending: false });
      expect(searched.error).toBeNull();
      expect(searched.data!.map((p) => p.slug)).toContain('digitalno-menyu-smetka');
      expect(searched.data!.every((p) => `${p.title} ${p.content} ${p.excerpt}`.toLowerCase().includes('меню'))).toBe(true);
      expect(searched.data!.length).toBeLessThan(listing.data!.length);
      // the post page, and no draft by its address
      const post = await h.anon.from('blog_posts').select('*').eq('slug', 'digitalno-menyu-smetka').eq('is_published', true).single();
      expect(post.error).toBeNull();
      expect(post.data).toMatchObject({ title: 'Дигиталното меню увеличава средната сметка', author: 'Мария Иванова', tags: ['QR меню', 'ресторанти'] });
      noStaffIds([post.data!]);
      const draft = await h.anon.from('blog_posts').select('*').eq('slug', 'chernova-planove').eq('is_published', true).single();
      expect(draft.error?.code).toBe('PGRST116');
      // the sidebar
      const recent = await h.anon
        .from('blog_posts')
        .select('id, title, slug, featured_image, published_at, created_at, category')
        .eq('is_published', true)
        .order('published_at', { ascending: false })
        .limit(5);
      expect(recent.error).toBeNull();
      expect(recent.data).toHaveLength(5);
      expect(recent.data!.map((p) => p.id)).toEqual(listing.data!.slice(0, 5).map((p) => p.id).filter((id) => recent.data!.some((r) => r.id === id)));
      newestFirst(recent.data!, 'published_at');
    });

    it('the landing page and a project page: projects, clients, categories and the calendar, every field', async () => {
      const stored = await sql<{ id: string }>('select id::text from public.projects');
      const projects = await h.anon.from('projects').select('*').order('created_at', { ascending: false });
      expect(projects.error).toBeNull();
      expect(sorted(projects.data!.map((p) => p.id))).toEqual(sorted(stored.map((p) => p.id)));
      newestFirst(projects.data!, 'created_at');
      for (const project of projects.data!) expect(Object.keys(project)).toEqual(expect.arrayContaining(SPEC_PROJECT_FIELDS));
      noStaffIds(projects.data!);
      const one = await h.anon.from('projects').select('*').eq('slug', 'crm-za-brokeri').single();
      expect(one.error).toBeNull();
      expect(one.data).toMatchObject({ slug: 'crm-za-brokeri', client: 'Имоти Запад', status: 'completed' });
      expect(one.data!.gallery).toHaveLength(3);
      noStaffIds([one.data!]);

      const clients = await h.anon.from('clients').select('*').order('created_at', { ascending: false });
      expect(clients.error).toBeNull();
      expect(clients.data!.length).toBeGreaterThanOrEqual(3);
      const categories = await h.anon.from('project_categories').select('name').order('name');
      expect(categories.error).toBeNull();
      expect(categories.data!.map((c) => c.name)).toEqual(expect.arrayContaining(['AI Integration', 'Automation', 'Software Development']));
      const calendar = await h.anon.from('calendar_settings').select('*').single();
      expect(calendar.error).toBeNull();
      const [settings] = await sql<{ consultant_name: string }>('select consultant_name from public.calendar_settings');
      expect(calendar.data).toMatchObject({ consultant_name: settings.consultant_name, working_hours: { start: expect.any(String) } });
    });
  });

  describe('who wrote and saved a post or project, kept by the database', () => {
    const newPost = async (client: SupabaseClient) => {
      const slug = unique('staff-post');
      const { data, error } = await client
        .from('blog_posts')
        .insert({ title: 'Служебна публикация', slug, content: 'Първият текст.', author: 'Някой' })
        .select('id, updated_at')
        .single();
      expect(error).toBeNull();
      return { id: data!.id as string, slug };
    };

    it("an insert names the admin's blog user and account; each save stamps its account, and a version names who saved the text it replaced", async () => {
      const post = await newPost(admin);
      expect(await staffOf(post.id)).toEqual({ created_by: ADMIN_ID, updated_by: ADMIN_ID });

      expect((await second.client.from('blog_posts').update({ content: 'Вторият текст.' }).eq('id', post.id)).error).toBeNull();
      expect(await staffOf(post.id)).toEqual({ created_by: ADMIN_ID, updated_by: second.id });
      expect((await admin.from('blog_posts').update({ content: 'Третият текст.' }).eq('id', post.id)).error).toBeNull();
      expect(await staffOf(post.id)).toEqual({ created_by: ADMIN_ID, updated_by: ADMIN_ID });

      const versions = await admin.from('content_revisions').select('saved_by, saved_by_name, record').eq('record_id', post.id).order('replaced_at');
      expect(versions.error).toBeNull();
      expect(versions.data!.map((v) => [v.saved_by, v.saved_by_name, (v.record as { content: string }).content])).toEqual([
        [ADMIN_ID, 'Мария Иванова', 'Първият текст.'],
        [second.id, 'Втори Администратор', 'Вторият текст.'],
      ]);
      // a version still carries the post's blog user, so restoring it brings the author back
      expect(versions.data!.map((v) => (v.record as { created_by: string }).created_by)).toEqual([ADMIN_ID, ADMIN_ID]);

      // SQL and the scheduled jobs keep who it was
      await sql(`update public.blog_posts set content = 'От SQL.' where id = $1`, [post.id]);
      expect(await staffOf(post.id)).toEqual({ created_by: ADMIN_ID, updated_by: ADMIN_ID });
    });

    it("admins change a post's blog user and nothing else; nobody else changes either", async () => {
      const post = await newPost(admin);
      const chosen = await admin.from('blog_post_staff').update({ created_by: second.id }).eq('post_id', post.id).select('post_id, created_by');
      expect(chosen.error).toBeNull();
      expect(chosen.data).toEqual([{ post_id: post.id, created_by: second.id }]);
      const forged = await admin.from('blog_post_staff').update({ updated_by: second.id }).eq('post_id', post.id);
      expect(forged.error?.code).toBe('42501');
      const inserted = await admin.from('blog_post_staff').insert({ post_id: crypto.randomUUID(), created_by: ADMIN_ID });
      expect(inserted.error?.code).toBe('42501');

      const byVisitor = await h.anon.from('blog_post_staff').update({ created_by: ADMIN_ID }).eq('post_id', post.id);
      expect(byVisitor.error?.code).toBe('42501');
      const bySignedUp = await signedUp.from('blog_post_staff').update({ created_by: ADMIN_ID }).eq('post_id', post.id).select('post_id');
      expect(bySignedUp.data ?? []).toEqual([]);
      expect((await signedUp.from('blog_post_staff').select('*').eq('post_id', post.id)).data).toEqual([]);
      expect(await staffOf(post.id)).toEqual({ created_by: second.id, updated_by: ADMIN_ID });

      // the admin's post list reads it with the post, in one request
      const listed = await admin.from('blog_posts').select('slug, staff:blog_post_staff(created_by, owner:blog_users(full_name, username))').eq('id', post.id).single();
      expect(listed.error).toBeNull();
      expect(listed.data!.staff).toMatchObject({ created_by: second.id, owner: { full_name: 'Втори Администратор' } });
    });

    it('a post in the bin keeps who wrote it: a restore brings it back, a delete for good takes it along', async () => {
      const post = await newPost(second.client);
      expect(await staffOf(post.id)).toEqual({ created_by: second.id, updated_by: second.id });
      await admin.from('blog_posts').delete().eq('id', post.id);
      expect(await staffOf(post.id)).toEqual({ created_by: second.id, updated_by: second.id });
      const { data: item } = await admin.from('content_bin').select('id').eq('record_id', post.id).single();
      expect((await admin.rpc('restore_from_bin', { item: item!.id })).error).toBeNull();
      // the restoring admin saved it last; it still belongs to the one who wrote it
      expect(await staffOf(post.id)).toEqual({ created_by: second.id, updated_by: ADMIN_ID });

      await admin.from('blog_posts').delete().eq('id', post.id);
      const { data: again } = await admin.from('content_bin').select('id').eq('record_id', post.id).single();
      expect((await admin.from('content_bin').delete().eq('id', again!.id).select('id')).data).toHaveLength(1);
      expect(await staffOf(post.id)).toBeUndefined();
    });

    it('a restore the database refuses leaves the row with the item in the bin', async () => {
      const post = await newPost(second.client);
      await admin.from('blog_posts').delete().eq('id', post.id);
      await newPost(admin).then((taken) => admin.from('blog_posts').update({ slug: post.slug }).eq('id', taken.id));
      const { data: item } = await admin.from('content_bin').select('id').eq('record_id', post.id).single();
      expect((await admin.rpc('restore_from_bin', { item: item!.id })).error?.code).toBe('23505');
      expect(await staffOf(post.id)).toEqual({ created_by: second.id, updated_by: second.id });
    });

    it("a project's saves are stamped beside it too, and its versions name who saved them", async () => {
      const [category] = await sql<{ name: string }>('select name from public.project_categories order by name limit 1');
      const made = await admin
        .from('projects')
        .insert({ title: 'Служебен проект', slug: unique('staff-project'), category: category.name, image: '/demo/project-crm.svg', image_alt: 'Екран', link: 'https://example.com', description: 'Първо.' })
        .select('id')
        .single();
      expect(made.error).toBeNull();
      const id = made.data!.id as string;
      const staff = async () => (await sql<{ updated_by: string }>('select updated_by::text from public.project_staff where project_id = $1', [id]))[0];
      expect(await staff()).toEqual({ updated_by: ADMIN_ID });
      await second.client.from('projects').update({ description: 'Второ.' }).eq('id', id);
      expect(await staff()).toEqual({ updated_by: second.id });
      const versions = await admin.from('content_revisions').select('saved_by_name').eq('record_id', id);
      expect(versions.data).toEqual([{ saved_by_name: 'Мария Иванова' }]);
      const read = await admin.from('project_staff').select('*').eq('project_id', id);
      expect(read.data).toEqual([{ project_id: id, updated_by: second.id }]);
      expect((await h.anon.from('project_staff').select('*')).error?.code).toBe('42501');
      await admin.from('projects').delete().eq('id', id);
    });
  });
}
