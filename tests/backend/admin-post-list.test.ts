// The admin posts list against the stand-in with 2,000 posts of about 7 kB of content each, through
// the app's own query builders (src/admin/posts/queries.ts): one page of 20 with an exact
// count, the card's columns and the author in one request, never the content; the first page's
// response stays under 100 kB however many posts there are.
import './node-websocket.ts';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../supabase/local/jwt.ts';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET } from '../../supabase/local/keys.ts';
import { ADMIN_PAGE_SIZE, pageRange } from '../../src/admin/kit/data/list.ts';
import { postQueries } from '../../src/admin/posts/queries.ts';
import type { PostListFilters } from '../../src/admin/posts/types.ts';
import { startHarness, type Harness } from './harness.ts';

const POSTS = 2000;
const MAX_FIRST_PAGE_BYTES = 100 * 1024;
const ALL: PostListFilters = { search: '', status: '' };

type Row = Record<string, unknown>;
/** The rows of an answer (the query builders are untyped: select lists are plain strings). */
const rowsOf = (data: unknown) => (data ?? []) as Row[];
const titlesOf = (data: unknown) => rowsOf(data).map((row) => row.title);

let h: Harness;
let admin: SupabaseClient;
/** Each response the admin client received: its URL and body size in bytes. */
const responses: { url: URL; bytes: number }[] = [];

/** The admin's client, counting the bytes of every response body. */
function countingAdminClient(url: string): SupabaseClient {
  const now = Math.floor(Date.now() / 1000);
  const token = signJwt(
    { aud: 'authenticated', role: 'authenticated', exp: now + 3600, iat: now, sub: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' },
    LOCAL_JWT_SECRET,
  );
  const counting: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const body = await response.clone().arrayBuffer();
    responses.push({ url: new URL(response.url || String(input)), bytes: body.byteLength });
    return response;
  };
  return createClient(url, LOCAL_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: counting, headers: { Authorization: `Bearer ${token}` } },
  });
}

beforeAll(async () => {
  h = await startHarness();
  admin = countingAdminClient(h.url);
  // one statement: 2,000 posts, each with about 7 kB of markdown (14 MB in all), every third a draft
  await h.local.db.asSystem((tx) =>
    tx.query(`
      insert into public.blog_posts (title, slug, content, excerpt, featured_image, category, author, tags, is_published, created_at)
      select 'Масова публикация ' || n, 'masova-publikatsia-' || n,
             '## Раздел ' || n || E'\\n\\n' || repeat('Съдържание на дългата публикация за тест на списъка. ', 65) || ' тайнадума',
             'Кратко описание на масова публикация ' || n || ' за администраторския списък.',
             '/demo/post-1.svg', 'AI', 'Автор ' || (n % 7), '{AI,тест}', n % 3 <> 0,
             now() - interval '200 days' - n * interval '1 minute'
      from generate_series(1, ${POSTS}) as n`),
  );
  // each belongs to the admin's blog user (beside the posts, admins only)
  await h.local.db.asSystem((tx) =>
    tx.query(`update public.blog_post_staff set created_by = 'a0000000-0000-4000-8000-000000000001'
               where post_id in (select id from public.blog_posts where slug like 'masova-publikatsia-%')`),
  );
});
afterAll(() => h?.close());

describe('admin posts list with 2,000 posts', () => {
  it('the first page is one request of at most 100 kB: 20 posts with their author, an exact count, no content', async () => {
    const { count: all } = await h.service.from('blog_posts').select('id', { count: 'exact', head: true });
    expect(all).toBeGreaterThanOrEqual(POSTS);

    responses.length = 0;
    const [from, to] = pageRange(0);
    const { data, error, count } = await postQueries.page(admin, ALL, from, to);
    expect(error).toBeNull();
    expect(count).toBe(all);
    expect(data).toHaveLength(ADMIN_PAGE_SIZE);
    for (const row of rowsOf(data)) {
      expect(row).not.toHaveProperty('content');
      expect(row).toHaveProperty('excerpt');
      expect(row).toHaveProperty('staff');
    }
    expect(rowsOf(data).some((row) => (row.staff as { owner: { username: string } | null } | null)?.owner?.username === 'admin')).toBe(true);

    expect(responses).toHaveLength(1);
    const [first] = responses;
    expect(first.url.searchParams.get('select')).not.toMatch(/content|\*/);
    expect(first.url.searchParams.get('limit')).toBe(String(ADMIN_PAGE_SIZE));
    expect(first.bytes).toBeLessThanOrEqual(MAX_FIRST_PAGE_BYTES);
  });

  it('the same page with every column would be far larger (the measure means something)', async () => {
    responses.length = 0;
    const { data, error } = await admin.from('blog_posts').select('*').order('created_at').range(0, ADMIN_PAGE_SIZE - 1);
    expect(error).toBeNull();
    expect(data).toHaveLength(ADMIN_PAGE_SIZE);
    expect(responses[0].bytes).toBeGreaterThan(MAX_FIRST_PAGE_BYTES);
  });

  it('a later page holds the next rows; past the end the stand-in answers PGRST103 and the count still works', async () => {
    const [from, to] = pageRange(1);
    const second = await postQueries.page(admin, ALL, from, to);
    const firstTwo = await postQueries.page(admin, ALL, 0, 2 * ADMIN_PAGE_SIZE - 1);
    expect(second.data).toEqual(firstTwo.data!.slice(ADMIN_PAGE_SIZE));

    const beyond = pageRange(Math.ceil((second.count ?? 0) / ADMIN_PAGE_SIZE) + 1);
    const past = await postQueries.page(admin, ALL, ...beyond);
    expect(past.error?.code).toBe('PGRST103');
    const counted = await postQueries.list(admin, ALL, true);
    expect(counted.error).toBeNull();
    expect(counted.count).toBe(second.count);
  });

  it('searches title, slug, excerpt and author case-insensitively, never the content; filters by status', async () => {
    const byTitle = await postQueries.page(admin, { search: 'МАСОВА публикация 1999', status: '' }, 0, 19);
    expect(byTitle.error).toBeNull();
    expect(titlesOf(byTitle.data)).toEqual(['Масова публикация 1999']);
    const bySlug = await postQueries.page(admin, { search: 'masova-publikatsia-1998', status: '' }, 0, 19);
    expect(titlesOf(bySlug.data)).toEqual(['Масова публикация 1998']);
    const byExcerpt = await postQueries.page(admin, { search: 'масова публикация 1997 за', status: '' }, 0, 19);
    expect(titlesOf(byExcerpt.data)).toEqual(['Масова публикация 1997']);
    const byAuthor = await postQueries.list(admin, { search: 'автор 3', status: '' }, true);
    expect(byAuthor.count).toBe(Math.floor((POSTS - 3) / 7) + 1);
    const onlyInContent = await postQueries.list(admin, { search: 'тайнадума', status: '' }, true);
    expect(onlyInContent.error).toBeNull();
    expect(onlyInContent.count).toBe(0);
    const wildcard = await postQueries.list(admin, { search: '100%', status: '' }, true);
    expect(wildcard.count).toBe(0);

    const drafts = await postQueries.list(admin, { search: 'масова', status: 'draft' }, true);
    const published = await postQueries.list(admin, { search: 'масова', status: 'published' }, true);
    expect(drafts.count).toBe(Math.floor(POSTS / 3));
    expect(published.count).toBe(POSTS - Math.floor(POSTS / 3));
  });

  it('the edit form reads the one post by id with its content and author', async () => {
    const { data: row } = await h.service.from('blog_posts').select('id').eq('slug', 'masova-publikatsia-7').single();
    const { data, error } = await postQueries.byId(admin, row!.id as string);
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: row!.id, title: 'Масова публикация 7', tags: ['AI', 'тест'], staff: { created_by: 'a0000000-0000-4000-8000-000000000001', owner: { username: 'admin' } } });
    expect(String((data as unknown as Row).content)).toContain('тайнадума');
    const gone = await postQueries.byId(admin, '00000000-0000-4000-8000-000000000000');
    expect(gone.error).toBeNull();
    expect(gone.data).toBeNull();
  });
});
