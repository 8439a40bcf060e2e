// Every database call the app makes, made the way the app makes it, against the stand-in with
// the real migrations and seed. Each asserts the rows that come back or that the database holds.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';
import { bookableDay, instants } from './slots.ts';

let h: Harness;
let admin: SupabaseClient;

beforeAll(async () => {
  h = await startHarness();
  admin = h.newClient();
  // the administrator signs in with the password and the authenticator's code, as the panel asks
  await h.signInWithSecondFactor(admin, 'admin@example.com', 'admin-local-password');
});
afterAll(() => h.close());

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2211bc10000000049454e44ae426082',
  'hex',
);

/**
 * What the public pages read of projects and posts, as the app's own column lists: a project's
 * whole row, a post's summary or its page.
 */
const PROJECT_COLUMNS = '*';
const POST_SUMMARY_COLUMNS = 'id,title,slug,excerpt,featured_image,featured_image_alt,category,author,published_at,created_at';
const POST_COLUMNS = `${POST_SUMMARY_COLUMNS},content,tags,updated_at,meta_title,meta_description,share_image,share_image_alt`;

describe('visitor side', () => {
  it('reads the one calendar settings row', async () => {
    const { data, error } = await h.anon.from('calendar_settings').select('*').maybeSingle();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      consultant_name: 'Мария Иванова',
      working_hours: { start: '09:00', end: '17:00', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] },
      is_active: true,
    });
  });

  it('lists clients and projects newest first and categories by name', async () => {
    const clients = await h.anon.from('clients').select('*').order('created_at', { ascending: false });
    expect(clients.data!.map((c) => c.name)).toEqual(['Кафе Център', 'Вила Рила', 'Фитнес Про', 'Хотел Морска звезда', 'Имоти Запад']);
    const projects = await h.anon.from('projects').select(PROJECT_COLUMNS).order('created_at', { ascending: false });
    expect(projects.data).toHaveLength(6);
    expect(projects.data![0].slug).toBe('obrabotka-na-fakturi');
    expect(projects.data![0].gallery).toHaveLength(3);
    expect(projects.data![0].technologies).toContain('Python');
    const categories = await h.anon.from('project_categories').select('name').order('name');
    expect(categories.data).toEqual([{ name: 'AI Integration' }, { name: 'Automation' }, { name: 'Software Development' }]);
  });

  it('reads one project by slug', async () => {
    const { data, error } = await h.anon.from('projects').select(PROJECT_COLUMNS).eq('slug', 'crm-za-brokeri').single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ title: 'CRM за брокери на имоти', status: 'completed', team_size: 4 });
    const missing = await h.anon.from('projects').select(PROJECT_COLUMNS).eq('slug', 'no-such-project').single();
    expect(missing.error?.code).toBe('PGRST116');
  });

  it('lists published posts newest first, by category and by a text search', async () => {
    const all = await h.anon.from('blog_posts').select(POST_SUMMARY_COLUMNS).eq('is_published', true).order('published_at', { ascending: false });
    expect(all.data).toHaveLength(8);
    const dates = all.data!.map((p) => p.published_at as string);
    expect([...dates].sort().reverse()).toEqual(dates);

    const byCategory = await h.anon
      .from('blog_posts')
      .select(POST_SUMMARY_COLUMNS)
      .eq('is_published', true)
      .eq('category', 'Продуктивност')
      .order('published_at', { ascending: false });
    expect(byCategory.data!.map((p) => p.slug)).toEqual(['5-procesa-za-avtomatizaciya', 'izmervane-na-spesteno-vreme']);

    const term = 'CRM';
    const search = await h.anon
      .from('blog_posts')
      .select('slug')
      .eq('is_published', true)
      .or(`title.ilike.%${term}%,content.ilike.%${term}%,excerpt.ilike.%${term}%`)
      .order('published_at', { ascending: false });
    expect(search.data!.map((p) => p.slug)).toEqual(['crm-za-brokeri-2026']);
  });

  it('reads a post by slug only when published, the recent five and the category counts', async () => {
    const post = await h.anon.from('blog_posts').select(POST_COLUMNS).eq('slug', 'digitalno-menyu-smetka').eq('is_published', true).single();
    expect(post.data!.tags).toEqual(['QR меню', 'ресторанти']);
    const recent = await h.anon
      .from('blog_posts')
      .select('id, title, slug, featured_image, published_at, created_at, category')
      .eq('is_published', true)
      .order('published_at', { ascending: false })
      .limit(5);
    expect(recent.data).toHaveLength(5);
    expect(Object.keys(recent.data![0]).sort()).toEqual(['category', 'created_at', 'featured_image', 'id', 'published_at', 'slug', 'title']);
    const counts = await h.anon.rpc('blog_category_counts', { max_count: 5 });
    expect(counts.data).toEqual([
      { name: 'AI Решения', count: 3 },
      { name: 'Клиентски опит', count: 3 },
      { name: 'Продуктивност', count: 2 },
    ]);
  });

  it('takes an inquiry with every field of the spec', async () => {
    const row = {
      name: 'Петя Колева',
      email: '',
      phone: '+359887654321',
      company: 'Хотел Изгрев',
      message: 'Интересува ни AI асистент.',
      purpose: 'hospitality',
      contact_method: 'phone',
    };
    const { error, status } = await h.anon.from('contact_submissions').insert(row);
    expect(error).toBeNull();
    expect(status).toBe(201);
    const saved = await h.service.from('contact_submissions').select('*').eq('company', 'Хотел Изгрев').single();
    expect(saved.data).toMatchObject(row);
  });

  it('books a pending slot once; the slot then shows as taken and a second booking is refused', async () => {
    const day = bookableDay(13);
    const at = day.at(10, 30);
    const booking = {
      client_name: 'Стоян',
      client_email: 'stoyan@example.com',
      client_phone: '',
      company_name: '',
      preferred_date: at,
      message: '',
    };
    expect((await h.anon.from('appointments').insert(booking)).error).toBeNull();
    const taken = await h.anon.rpc('taken_slots', day.range);
    expect(instants(taken.data)).toEqual([at]);
    const again = await h.visitor().from('appointments').insert({ ...booking, client_name: 'Друг' });
    expect(again.error?.code).toBe('23505');
    expect(again.status).toBe(409);
    // a cancelled booking frees the slot
    await admin.from('appointments').update({ status: 'cancelled' }).eq('preferred_date', at);
    const free = await h.anon.rpc('taken_slots', day.range);
    expect(free.data).toEqual([]);
    expect((await h.visitor().from('appointments').insert({ ...booking, client_name: 'Друг' })).error).toBeNull();
  });
});

describe('admin side', () => {
  it('admits the signed-in account through its blog user, and lists authors for the picker', async () => {
    const { data: userData } = await admin.auth.getUser();
    const me = await admin.from('blog_users').select('id, username, full_name, email, is_active').eq('email', userData.user!.email!).single();
    expect(me.data).toMatchObject({ username: 'admin', is_active: true });
    const authors = await admin.from('blog_users').select('id, username, full_name, is_active').eq('is_active', true);
    expect(authors.data!.map((u) => u.username)).toEqual(['admin']);
    const everyone = await admin
      .from('blog_users')
      .select('id, username, full_name, email, is_active, created_at')
      .order('created_at', { ascending: false });
    expect(everyone.data!.map((u) => u.username)).toEqual(['georgi', 'admin']);
  });

  it('lists every post with its author in one request', async () => {
    const { data } = await admin.from('blog_posts').select('*, staff:blog_post_staff(owner:blog_users(full_name, username))').order('created_at', { ascending: false });
    expect(data).toHaveLength(9);
    expect(data!.find((p) => p.slug === 'chernova-planove')).toMatchObject({
      is_published: false,
      staff: { owner: { full_name: 'Мария Иванова', username: 'admin' } },
    });
  });

  it('creates, edits, publishes, hides and deletes a post', async () => {
    const created = await admin
      .from('blog_posts')
      .insert({
        title: 'Нова публикация',
        slug: 'nova-publikaciya',
        content: '# Здравей',
        excerpt: 'Кратко',
        featured_image: '/demo/post-1.svg',
        featured_image_alt: 'Екип пред табло',
        author: 'Мария Иванова',
        is_published: false,
        category: 'Новини',
        tags: ['a', 'b'],
        published_at: null,
      })
      .select()
      .single();
    expect(created.error).toBeNull();
    const id = created.data!.id;
    expect((await h.anon.from('blog_posts').select('id').eq('id', id)).data).toEqual([]);

    const now = new Date().toISOString();
    await admin.from('blog_posts').update({ is_published: true, published_at: now }).eq('id', id);
    expect((await h.anon.from('blog_posts').select('title').eq('id', id)).data).toEqual([{ title: 'Нова публикация' }]);

    await admin.from('blog_posts').update({ is_published: false, published_at: now }).eq('id', id);
    const hidden = await h.service.from('blog_posts').select('is_published, published_at').eq('id', id).single();
    expect(hidden.data!.is_published).toBe(false);
    expect(new Date(hidden.data!.published_at).toISOString()).toBe(now);
    expect((await h.anon.from('blog_posts').select('id').eq('id', id)).data).toEqual([]);

    const dup = await admin.from('blog_posts').insert({ title: 'x', slug: 'nova-publikaciya', author: 'x' });
    expect(dup.error?.code).toBe('23505');

    await admin.from('blog_posts').delete().eq('id', id);
    expect((await h.service.from('blog_posts').select('id').eq('id', id)).data).toEqual([]);
  });

  it('creates a blog user who can then sign in; a blank password on edit keeps the old one', async () => {
    const created = await admin
      .from('blog_users')
      .insert({ username: 'elena', full_name: 'Елена Димитрова', email: 'Elena@Example.com', is_active: true, password: 'elena-strong-pass', role: 'author' })
      .select('id, email')
      .single();
    expect(created.error).toBeNull();
    expect(created.data!.email).toBe('elena@example.com');

    const elena = h.newClient();
    expect((await elena.auth.signInWithPassword({ email: 'elena@example.com', password: 'elena-strong-pass' })).error).toBeNull();
    // admitted straight away, as the author she was made
    expect((await elena.from('project_categories').insert({ name: 'От Елена' })).error).toBeNull();

    await admin.from('blog_users').update({ full_name: 'Елена Д.' }).eq('id', created.data!.id);
    expect((await h.newClient().auth.signInWithPassword({ email: 'elena@example.com', password: 'elena-strong-pass' })).error).toBeNull();

    await admin.from('blog_users').update({ password: 'elena-new-password' }).eq('id', created.data!.id);
    expect((await h.newClient().auth.signInWithPassword({ email: 'elena@example.com', password: 'elena-strong-pass' })).error?.message).toBe(
      'Invalid login credentials',
    );
    expect((await h.newClient().auth.signInWithPassword({ email: 'elena@example.com', password: 'elena-new-password' })).error).toBeNull();

    const stored = await h.local.db.asSystem((tx) =>
      tx.query<{ password: string | null; hash: string }>(
        `select b.password, u.encrypted_password as hash from blog_users b join auth.users u on lower(u.email) = b.email
          where b.username = 'elena'`,
      ),
    );
    expect(stored.rows[0].password).toBeNull();
    expect(stored.rows[0].hash).toMatch(/^\$2a\$10\$/);

    const short = await admin.from('blog_users').insert({ username: 'kratko', email: 'k@example.com', password: 'short' });
    expect(short.error?.code).toBe('23514');

    await admin.from('project_categories').delete().eq('name', 'От Елена');
    await admin.from('blog_users').delete().eq('id', created.data!.id);
    expect((await h.newClient().auth.signInWithPassword({ email: 'elena@example.com', password: 'elena-new-password' })).error?.message).toBe(
      'Invalid login credentials',
    );
  });

  it('creates, updates and deletes a client', async () => {
    const created = await admin.from('clients').insert({ name: 'Нов клиент', logo: '/demo/client-1.svg', logo_alt: 'Лого на Нов клиент' }).select().single();
    const updatedAt = new Date().toISOString();
    await admin
      .from('clients')
      .update({ name: 'Преименуван клиент', logo: '/demo/client-2.svg', logo_alt: 'Лого на Преименуван клиент', updated_at: updatedAt })
      .eq('id', created.data!.id);
    expect((await h.anon.from('clients').select('name, logo').eq('id', created.data!.id)).data).toEqual([
      { name: 'Преименуван клиент', logo: '/demo/client-2.svg' },
    ]);
    await admin.from('clients').delete().eq('id', created.data!.id);
    expect((await h.anon.from('clients').select('id').eq('id', created.data!.id)).data).toEqual([]);
  });

  it('updates the calendar settings row, and inserts one when none exists', async () => {
    const current = await admin.from('calendar_settings').select('*').single();
    const hours = { start: '10:00', end: '15:00', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] };
    const upd = await admin
      .from('calendar_settings')
      .update({ consultant_name: 'Иво', photo_url: null, working_hours: hours, is_active: true, updated_at: new Date().toISOString() })
      .eq('id', current.data!.id)
      .select()
      .single();
    expect(upd.data).toMatchObject({ consultant_name: 'Иво', working_hours: hours });

    await admin.from('calendar_settings').delete().eq('id', current.data!.id);
    const none = await h.anon.from('calendar_settings').select('*').single();
    expect(none.error?.code).toBe('PGRST116');
    const ins = await admin.from('calendar_settings').insert({ consultant_name: 'Консултант', working_hours: current.data!.working_hours }).select().single();
    expect(ins.error).toBeNull();
    const second = await admin.from('calendar_settings').insert({ consultant_name: 'Втори' });
    expect(second.error?.code).toBe('23505');
    await admin.from('calendar_settings').update({ consultant_name: current.data!.consultant_name }).eq('id', ins.data!.id);
  });

  it('manages categories: a rename follows into projects; a used category cannot be deleted', async () => {
    const cat = await admin.from('project_categories').insert({ name: 'Чатботове' }).select().single();
    const project = await admin
      .from('projects')
      .insert({
        title: 'Чатбот за клиника',
        category: 'Чатботове',
        image: '/demo/project-chatbot.svg',
        image_alt: 'Чатбот на сайта на клиниката',
        link: 'https://example.com',
        description: 'Описание',
        gallery: [{ id: '1', title: 'Снимка', description: '', image: '/demo/project-chatbot-1.svg', alt: 'Разговор с чатбота', order: 0 }],
        slug: 'chatbot-za-klinika',
        detailed_description: null,
        technologies: ['Python'],
        client: 'Клиника',
        duration: '1 месец',
        team_size: 2,
        status: 'in_progress',
        documentation_url: null,
      })
      .select()
      .single();
    expect(project.error).toBeNull();

    const usage = await admin.from('projects').select('id').eq('category', 'Чатботове').limit(1);
    expect(usage.data).toHaveLength(1);
    const refused = await admin.from('project_categories').delete().eq('id', cat.data!.id);
    expect(refused.error).not.toBeNull();

    await admin.from('project_categories').update({ name: 'AI чатботове' }).eq('id', cat.data!.id);
    expect((await h.anon.from('projects').select('category').eq('id', project.data!.id).single()).data).toEqual({ category: 'AI чатботове' });

    const dupSlug = await admin.from('projects').insert({ ...project.data!, id: undefined, title: 'Копие' });
    expect(dupSlug.error?.code).toBe('23505');

    await admin.from('projects').update({ title: 'Чатбот за клиника 2', updated_at: new Date().toISOString() }).eq('id', project.data!.id);
    await admin.from('projects').delete().eq('id', project.data!.id);
    expect((await admin.from('project_categories').delete().eq('id', cat.data!.id)).error).toBeNull();
    expect((await h.anon.from('project_categories').select('id').eq('id', cat.data!.id)).data).toEqual([]);
  });
});

describe('storage and auth', () => {
  it('checks the bucket, uploads under a folder without overwriting, and serves the public URL', async () => {
    const list = await admin.storage.from('blog-images').list();
    expect(list.error).toBeNull();
    const bucket = await admin.storage.getBucket('blog-images');
    expect(bucket.data).toMatchObject({ id: 'blog-images', public: true });

    const path = `clients/${Math.random().toString(36).slice(2)}-${Date.now()}.png`;
    const up = await admin.storage.from('blog-images').upload(path, new Blob([PNG], { type: 'image/png' }), { cacheControl: '3600', upsert: false });
    expect(up.error).toBeNull();
    const again = await admin.storage.from('blog-images').upload(path, new Blob([PNG], { type: 'image/png' }), { upsert: false });
    expect(again.error).not.toBeNull();

    const url = admin.storage.from('blog-images').getPublicUrl(path).data.publicUrl;
    const res = await fetch(url);
    expect(res.headers.get('cache-control')).toContain('max-age=3600');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);

    const gallery = await admin.storage.from('project-gallery').upload(`${Date.now()}-abc.png`, new Blob([PNG], { type: 'image/png' }));
    expect(gallery.error).toBeNull();
  });

  it('signs out: the session ends and the refresh token no longer works', async () => {
    const c = h.newClient();
    const { data } = await c.auth.signInWithPassword({ email: 'admin@example.com', password: 'admin-local-password' });
    const refresh = data.session!.refresh_token;
    expect((await c.auth.signOut()).error).toBeNull();
    expect((await c.auth.getSession()).data.session).toBeNull();
    const reuse = await h.newClient().auth.refreshSession({ refresh_token: refresh });
    expect(reuse.error).not.toBeNull();
  });
});
