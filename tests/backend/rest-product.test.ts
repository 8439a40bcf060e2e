// The REST service against the product's own schema and seed: the query shapes the app uses,
// with the migrations' grants and policies deciding.
import './node-websocket.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
const ADMIN = { sub: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' };

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('blog', () => {
  it('lists published posts for visitors, newest first, with an exact count', async () => {
    const { data, error, count } = await h.anon
      .from('blog_posts')
      .select('id, title, slug, published_at, is_published', { count: 'exact' })
      .eq('is_published', true)
      .order('published_at', { ascending: false })
      .range(0, 2);
    expect(error).toBeNull();
    expect(data).toHaveLength(3);
    expect(count).toBeGreaterThanOrEqual(8);
    expect(data!.every((p) => p.is_published)).toBe(true);
    const dates = data!.map((p) => Date.parse(p.published_at as string));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('hides drafts from visitors but not from the admin', async () => {
    const visitor = await h.anon.from('blog_posts').select('slug').eq('is_published', false);
    expect(visitor.data).toEqual([]);
    const admin = await h.as(ADMIN).from('blog_posts').select('slug').eq('is_published', false);
    expect(admin.error).toBeNull();
    expect(admin.data!.length).toBeGreaterThanOrEqual(1);
  });

  it("gives the admin post list each post's author in the same request", async () => {
    const { data, error } = await h
      .as(ADMIN)
      .from('blog_posts')
      .select('*, blog_post_staff(created_by, blog_users(full_name, username))')
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThanOrEqual(9);
    // one staff row per post (a to-one embed: an object), its blog user inside
    expect(data!.every((p) => p.blog_post_staff !== null && !Array.isArray(p.blog_post_staff))).toBe(true);
    const withAuthor = data!.filter((p) => p.blog_post_staff!.blog_users !== null);
    expect(withAuthor.length).toBeGreaterThan(0);
    for (const p of withAuthor) expect(Object.keys(p.blog_post_staff!.blog_users!).sort()).toEqual(['full_name', 'username']);
    const hinted = await h
      .as(ADMIN)
      .from('blog_posts')
      .select('slug, staff:blog_post_staff(author:blog_users!created_by(username))')
      .limit(1)
      .single();
    expect(hinted.error).toBeNull();
    expect(Object.keys(hinted.data!)).toEqual(['slug', 'staff']);
    expect(Object.keys(hinted.data!.staff!)).toEqual(['author']);
  });

  it('finds a post by slug with maybeSingle, and searches with or/ilike', async () => {
    const first = await h.anon.from('blog_posts').select('slug, title').eq('is_published', true).limit(1).single();
    const slug = first.data!.slug as string;
    const found = await h.anon.from('blog_posts').select('title').eq('slug', slug).eq('is_published', true).maybeSingle();
    expect(found.data).toEqual({ title: first.data!.title });
    const missing = await h.anon.from('blog_posts').select('title').eq('slug', 'no-such-post').maybeSingle();
    expect(missing).toMatchObject({ data: null, error: null });
    const word = (first.data!.title as string).split(' ')[0];
    const search = await h.anon
      .from('blog_posts')
      .select('slug')
      .eq('is_published', true)
      .or(`title.ilike.*${word}*,excerpt.ilike.*${word}*`);
    expect(search.error).toBeNull();
    expect(search.data!.map((p) => p.slug)).toContain(slug);
  });

  it('calls the category counts function', async () => {
    const { data, error } = await h.anon.rpc('blog_category_counts', { max_count: 2 });
    expect(error).toBeNull();
    expect(data).toHaveLength(2);
    expect(Object.keys(data![0]).sort()).toEqual(['count', 'name']);
    expect(data![0].count).toBeGreaterThanOrEqual(data![1].count);
  });

  it('lets the admin read blog_users with select=*, where no password is ever stored', async () => {
    const star = await h.as(ADMIN).from('blog_users').select('*');
    expect(star.status).toBe(200);
    expect(star.data!.every((u) => u.password === null)).toBe(true);
    const cols = await h.as(ADMIN).from('blog_users').select('username, email, is_active').eq('email', 'admin@example.com').single();
    expect(cols.data).toEqual({ username: 'admin', email: 'admin@example.com', is_active: true });
    const created = await h
      .as(ADMIN)
      .from('blog_users')
      .insert({ username: 'rest-colleague', password: 'secret-pass-123', full_name: 'Колега', email: 'rest-colleague@example.com' })
      .select('id, username')
      .single();
    expect(created.error).toBeNull();
    expect(created.data!.username).toBe('rest-colleague');
    const stored = await h.local.db.asSystem(
      async (tx) =>
        (
          await tx.query<{ password: string | null; hash: string }>(
            `select b.password, u.encrypted_password as hash from public.blog_users b
               join auth.users u on lower(u.email) = b.email where b.username = 'rest-colleague'`,
          )
        ).rows[0],
    );
    // the hash lives on the sign-in account only
    expect(stored.password).toBeNull();
    expect(stored.hash).toMatch(/^\$2[aby]\$/);
    const anonRead = await h.anon.from('blog_users').select('username');
    expect(anonRead.status).toBe(401);
    expect(anonRead.error?.code).toBe('42501');
  });
});

describe('portfolio and contact', () => {
  it('lists projects with technologies arrays and filters by category and contains', async () => {
    const all = await h.anon.from('projects').select('title, category, technologies, gallery').order('created_at', { ascending: false });
    expect(all.error).toBeNull();
    expect(all.data!.length).toBeGreaterThanOrEqual(6);
    const category = all.data![0].category as string;
    const byCategory = await h.anon.from('projects').select('category').eq('category', category);
    expect(byCategory.data!.every((p) => p.category === category)).toBe(true);
    const tech = (all.data!.find((p) => (p.technologies as string[]).length)!.technologies as string[])[0];
    const byTech = await h.anon.from('projects').select('technologies').contains('technologies', [tech]);
    expect(byTech.data!.length).toBeGreaterThan(0);
    expect(byTech.data!.every((p) => (p.technologies as string[]).includes(tech))).toBe(true);
    const categories = await h.anon.from('project_categories').select('name').order('name');
    expect(categories.data!.length).toBeGreaterThanOrEqual(3);
  });

  it('takes a visitor inquiry without letting the visitor read it back', async () => {
    const before = await h.local.db.asSystem(async (tx) => (await tx.query('select 1 from public.contact_submissions')).rows.length);
    const { error, status } = await h.anon.from('contact_submissions').insert({
      name: 'Иван Петров',
      email: 'ivan@example.com',
      phone: '+359888123456',
      company: 'Петров ООД',
      message: 'Здравейте, искам оферта за сайт.',
      purpose: 'hospitality',
      contact_method: 'email',
    });
    expect(error).toBeNull();
    expect(status).toBe(201);
    const after = await h.local.db.asSystem(async (tx) => (await tx.query('select 1 from public.contact_submissions')).rows.length);
    expect(after).toBe(before + 1);
    const readBack = await h.anon.from('contact_submissions').select('*');
    expect(readBack.status).toBe(401);
    const admin = await h.as(ADMIN).from('contact_submissions').select('email').eq('email', 'ivan@example.com');
    expect(admin.data).toEqual([{ email: 'ivan@example.com' }]);
  });
});
