// Every image has its alt text (migration *_image_alt_text.sql): an admin's save without it is
// refused by the database, whatever client sends it; rows from SQL (the seed, rows stored before)
// get their title or name.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';

const ADMIN = { sub: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' };
const IMAGE = 'https://cdn.example/photo.1600x1200.jpg';

describe('alt text of images', () => {
  let h: Harness;
  let admin: SupabaseClient;
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    h.local.db.asSystem(async (tx) => (await tx.query<T>(text, params)).rows);

  beforeAll(async () => {
    h = await startHarness();
    admin = h.as(ADMIN);
  });
  afterAll(() => h.close());

  it('the seed and older rows have their title as alt text', async () => {
    const [missing] = await sql<{ n: number }>(
      `select ((select count(*) from public.blog_posts where coalesce(featured_image, '') <> '' and featured_image_alt = '')
             + (select count(*) from public.projects where image_alt = '')
             + (select count(*) from public.projects p, jsonb_array_elements(p.gallery) g where coalesce(g ->> 'alt', '') = '')
             + (select count(*) from public.clients where logo_alt = ''))::int as n`,
    );
    expect(missing.n).toBe(0);
    const [post] = await sql<{ title: string; featured_image_alt: string }>(
      `select title, featured_image_alt from public.blog_posts where coalesce(featured_image, '') <> '' limit 1`,
    );
    expect(post.featured_image_alt).toBe(post.title);
  });

  it('an admin must give it for a post image, a project image, each gallery item, a logo and the consultant photo', async () => {
    const post = { title: 'Алт', slug: `alt-${Date.now()}`, author: 'Админ', content: 'Текст', featured_image: IMAGE };
    expect((await admin.from('blog_posts').insert(post)).error).toMatchObject({ code: '23514', hint: 'image_alt_missing' });
    expect((await admin.from('blog_posts').insert({ ...post, featured_image: null })).error).toBeNull();
    const withAlt = await admin.from('blog_posts').insert({ ...post, slug: `${post.slug}-2`, featured_image_alt: 'Екип пред табло' }).select('featured_image_alt').single();
    expect(withAlt.data).toEqual({ featured_image_alt: 'Екип пред табло' });

    const [{ id: projectId }] = await sql<{ id: string }>(`select id from public.projects limit 1`);
    expect((await admin.from('projects').update({ image_alt: ' ' }).eq('id', projectId).select('id')).error).toMatchObject({ hint: 'image_alt_missing' });
    const gallery = [{ id: '1', title: 'Снимка', description: '', image: IMAGE, order: 0 }];
    expect((await admin.from('projects').update({ gallery }).eq('id', projectId).select('id')).error).toMatchObject({ hint: 'image_alt_missing' });
    const ok = await admin.from('projects').update({ gallery: [{ ...gallery[0], alt: 'Табло с графики' }] }).eq('id', projectId).select('gallery').single();
    expect(ok.error).toBeNull();

    expect((await admin.from('clients').insert({ name: 'Фирма Алт', logo: IMAGE })).error).toMatchObject({ hint: 'image_alt_missing' });
    expect((await admin.from('clients').insert({ name: 'Фирма Алт', logo: IMAGE, logo_alt: 'Лого на Фирма Алт' })).error).toBeNull();
    expect((await admin.from('calendar_settings').update({ photo_url: IMAGE, photo_alt: '' }).not('id', 'is', null).select('id')).error).toMatchObject({
      hint: 'image_alt_missing',
    });
  });

  it('SQL writes without it get the title, as the seed does', async () => {
    const [row] = await sql<{ featured_image_alt: string }>(
      `insert into public.blog_posts (title, slug, author, featured_image) values ('От SQL', $1, 'Админ', $2) returning featured_image_alt`,
      [`alt-sql-${Date.now()}`, IMAGE],
    );
    expect(row.featured_image_alt).toBe('От SQL');
  });
});
