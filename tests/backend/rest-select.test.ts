// GET /rest/v1: select lists, embedding, every filter operator, or/and trees, order, paging,
// counts and single/maybeSingle, through the real supabase-js.
import './node-websocket.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../../supabase/local/keys.ts';
import { startHarness, type Harness } from './harness.ts';
import { createFixtures } from './rest-fixtures.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  await createFixtures(h);
});
afterAll(() => h?.close());

const ids = (rows: { id: number }[] | null) => (rows ?? []).map((r) => r.id);

describe('select lists', () => {
  it('returns every column for *', async () => {
    const { data, error, status } = await h.service.from('t_posts').select('*').eq('id', 1);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([
      {
        id: 1,
        title: 'Hello world',
        body: 'first post',
        author_id: 1,
        editor_id: 2,
        views: 10,
        tags: ['news', 'intro'],
        meta: { lang: 'bg', score: 5 },
        published: true,
        rating: 4.5,
        created_at: '2024-01-01T10:00:00+00:00',
      },
    ]);
  });

  it('selects columns with aliases, casts and json paths', async () => {
    const { data, error } = await h.service
      .from('t_posts')
      .select('id, heading:title, views::text, lang:meta->>lang, meta->score')
      .in('id', [1, 2])
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, heading: 'Hello world', views: '10', lang: 'bg', score: 5 },
      { id: 2, heading: 'Second, with comma', views: null, lang: 'en', score: null },
    ]);
  });

  it('answers an empty table with []', async () => {
    const { data, error } = await h.service.from('t_items').select('*');
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });
});

describe('embedding', () => {
  it('embeds to-one as an object (or null) and to-many as an array in one query', async () => {
    const { data, error } = await h.service
      .from('t_posts')
      .select('id, t_authors!author_id(name), t_comments(body)')
      .in('id', [1, 3, 5])
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, t_authors: { name: 'Ana' }, t_comments: [{ body: 'nice' }, { body: 'great' }] },
      { id: 3, t_authors: { name: 'Boris' }, t_comments: [] },
      { id: 5, t_authors: null, t_comments: [] },
    ]);
  });

  it('embeds the other direction (one-to-many) and one-to-one', async () => {
    const { data, error } = await h.service
      .from('t_authors')
      .select('name, posts:t_posts!author_id(id, title), t_profiles(bio)')
      .order('id')
      .order('id', { referencedTable: 'posts' });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        name: 'Ana',
        posts: [
          { id: 1, title: 'Hello world' },
          { id: 2, title: 'Second, with comma' },
        ],
        t_profiles: { bio: 'writes a lot' },
      },
      { name: 'Boris', posts: [{ id: 3, title: 'Draft' }, { id: 4, title: '50% off *sale*' }], t_profiles: null },
      { name: 'Cvetan, Jr.', posts: [], t_profiles: null },
    ]);
  });

  it('says which relationships to choose from when the embed is ambiguous', async () => {
    const { data, error, status } = await h.service.from('t_posts').select('id, t_authors(name)');
    expect(data).toBeNull();
    expect(status).toBe(300);
    expect(error?.code).toBe('PGRST201');
    expect(error?.hint).toContain("'t_authors!t_posts_author_id_fkey'");
  });

  it('uses the hint to pick the foreign key, also by column name, and * inside', async () => {
    const { data, error } = await h.service
      .from('t_posts')
      .select('id, author:t_authors!t_posts_author_id_fkey(name), editor:editor_id(*)')
      .eq('id', 1)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      id: 1,
      author: { name: 'Ana' },
      editor: { id: 2, name: 'Boris', email: 'boris@example.com' },
    });
  });

  it('filters parents by an !inner embed and filters, orders and limits to-many embeds', async () => {
    const inner = await h.service
      .from('t_posts')
      .select('id, t_authors!author_id!inner(name)')
      .eq('t_authors.name', 'Boris')
      .order('id');
    expect(inner.error).toBeNull();
    expect(inner.data).toEqual([
      { id: 3, t_authors: { name: 'Boris' } },
      { id: 4, t_authors: { name: 'Boris' } },
    ]);

    const limited = await h.service
      .from('t_posts')
      .select('id, t_comments(body)')
      .eq('id', 1)
      .order('body', { referencedTable: 't_comments', ascending: false })
      .limit(1, { referencedTable: 't_comments' });
    expect(limited.error).toBeNull();
    expect(limited.data).toEqual([{ id: 1, t_comments: [{ body: 'nice' }] }]);

    const filtered = await h.service.from('t_posts').select('id, t_comments(body)').eq('id', 1).eq('t_comments.body', 'great');
    expect(filtered.data).toEqual([{ id: 1, t_comments: [{ body: 'great' }] }]);
  });

  it('refuses an embed without a relationship', async () => {
    const { error, status } = await h.service.from('t_items').select('id, t_authors(name)');
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST200');
    expect(error?.message).toBe("Could not find a relationship between 't_items' and 't_authors' in the schema cache");
  });
});

describe('filters', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the builder's generic type is not the point here
  type Builder = any;
  const cases: [string, (q: Builder) => Builder, number[]][] = [
    ['eq', (q) => q.eq('title', 'Draft'), [3]],
    ['neq', (q) => q.neq('author_id', 1), [3, 4]],
    ['gt', (q) => q.gt('views', 3), [1, 4]],
    ['gte', (q) => q.gte('views', 3), [1, 3, 4]],
    ['lt', (q) => q.lt('views', 10), [3, 5]],
    ['lte', (q) => q.lte('views', 10), [1, 3, 5]],
    ['like with * wildcard', (q) => q.like('title', '*comma*'), [2]],
    ['like is case sensitive', (q) => q.like('title', '*COMMA*'), []],
    ['ilike', (q) => q.ilike('title', 'hello*'), [1]],
    ['ilike with a literal %', (q) => q.ilike('title', '50%*'), [4]],
    ['is null', (q) => q.is('views', null), [2]],
    ['is true', (q) => q.is('published', true), [1, 2, 4, 5]],
    ['is false', (q) => q.is('published', false), [3]],
    ['not is null', (q) => q.not('body', 'is', null), [1, 2, 4, 5]],
    ['in', (q) => q.in('id', [2, 4, 99]), [2, 4]],
    ['in with commas', (q) => q.in('title', ['Second, with comma', 'Draft']), [2, 3]],
    ['in with escaped quotes', (q) => q.filter('title', 'in', '("O\'Reilly \\"quoted\\"","x,y")'), [5]],
    ['not in', (q) => q.not('id', 'in', '(1,2,3)'), [4, 5]],
    ['cs array', (q) => q.contains('tags', ['news', 'intro']), [1]],
    ['cd array', (q) => q.containedBy('tags', ['news', 'intro']), [1, 2, 3, 5]],
    ['cs json', (q) => q.contains('meta', { lang: 'bg' }), [1, 4]],
    ['cd json', (q) => q.containedBy('meta', { lang: 'en', x: 1 }), [2, 3, 5]],
    ['ov', (q) => q.overlaps('tags', ['promo', 'intro']), [1, 4, 5]],
    ['match', (q) => q.match({ author_id: 2, published: true }), [4]],
    ['filter() raw', (q) => q.filter('rating', 'gte', '4.5'), [1, 4]],
    ['neq on numeric', (q) => q.neq('rating', 4.5), [3, 4, 5]],
    ['date comparison', (q) => q.gte('created_at', '2024-01-04T00:00:00Z'), [4, 5]],
    ['json path filter', (q) => q.eq('meta->>lang', 'bg'), [1, 4]],
    ['not eq', (q) => q.not('title', 'eq', 'Draft'), [1, 2, 4, 5]],
    ['eq(any)', (q) => q.filter('id', 'eq(any)', '{1,3}'), [1, 3]],
    ['like(all)', (q) => q.likeAllOf('title', ['*o*', '*l*']), [1, 4, 5]],
    ['ilike(any)', (q) => q.ilikeAnyOf('title', ['draft', 'hello*']), [1, 3]],
    ['full text search', (q) => q.textSearch('body', 'promo'), [4]],
    ['websearch fts with config', (q) => q.textSearch('title', 'world', { type: 'websearch', config: 'english' }), [1]],
    ['quoted value with comma in or()', (q) => q.or('title.eq."Second, with comma",id.eq.3'), [2, 3]],
    ['or with ilike', (q) => q.or('views.gt.50,title.ilike.*draft*'), [3, 4]],
    ['or with nested and', (q) => q.or('and(author_id.eq.1,views.is.null),and(author_id.eq.2,published.is.true)'), [2, 4]],
    ['or with in list', (q) => q.or('id.in.(1,5),title.eq.Draft'), [1, 3, 5]],
    ['or with cs array', (q) => q.or('tags.cs.{promo},id.eq.5'), [4, 5]],
    ['or combined with and filters', (q) => q.or('id.eq.1,id.eq.4').eq('author_id', 2), [4]],
    ['nested not inside or', (q) => q.or('not.and(id.gte.2,id.lte.4),id.eq.3'), [1, 3, 5]],
  ];

  for (const [name, apply, expected] of cases) {
    it(name, async () => {
      const { data, error } = await apply(h.service.from('t_posts').select('id')).order('id');
      expect(error).toBeNull();
      expect(ids(data)).toEqual(expected);
    });
  }

  it('not.or=(...) negates the whole tree', async () => {
    const res = await fetch(`${h.url}/rest/v1/t_posts?select=id&not.or=(id.eq.1,id.eq.2)&order=id`, {
      headers: { apikey: LOCAL_ANON_KEY },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ id: 3 }, { id: 4 }, { id: 5 }]);
  });

  it('and=(...) at the top level', async () => {
    const res = await fetch(`${h.url}/rest/v1/t_posts?select=id&and=(id.gte.2,or(views.is.null,views.eq.0))&order=id`, {
      headers: { apikey: LOCAL_ANON_KEY },
    });
    expect(await res.json()).toEqual([{ id: 2 }, { id: 5 }]);
  });
});

describe('order and paging', () => {
  it('orders by several columns with nulls first/last', async () => {
    const a = await h.service
      .from('t_posts')
      .select('id')
      .order('author_id', { ascending: true, nullsFirst: true })
      .order('id', { ascending: false });
    expect(ids(a.data)).toEqual([5, 2, 1, 4, 3]);
    const b = await h.service.from('t_posts').select('id').order('views', { ascending: false, nullsFirst: false });
    expect(ids(b.data)).toEqual([4, 1, 3, 5, 2]);
    const c = await h.service.from('t_posts').select('id').order('meta->>lang').order('id');
    expect(ids(c.data)).toEqual([1, 4, 2, 3, 5]);
  });

  it('limits, offsets and ranges', async () => {
    const limited = await h.service.from('t_posts').select('id').order('id').limit(2);
    expect(ids(limited.data)).toEqual([1, 2]);
    const ranged = await h.service.from('t_posts').select('id').order('id').range(1, 3);
    expect(ids(ranged.data)).toEqual([2, 3, 4]);
  });

  it('counts exactly with Content-Range and 206 for a partial page', async () => {
    const res = await h.service.from('t_posts').select('id', { count: 'exact' }).order('id').range(0, 1);
    expect(res.error).toBeNull();
    expect(res.count).toBe(5);
    expect(res.status).toBe(206);
    expect(ids(res.data)).toEqual([1, 2]);

    const raw = await fetch(`${h.url}/rest/v1/t_posts?select=id&order=id&published=is.true`, {
      headers: { apikey: LOCAL_ANON_KEY, prefer: 'count=exact', range: '1-2', 'range-unit': 'items' },
    });
    expect(raw.status).toBe(206);
    expect(raw.headers.get('content-range')).toBe('1-2/4');
    expect(raw.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await raw.json()).toEqual([{ id: 2 }, { id: 4 }]);

    const all = await fetch(`${h.url}/rest/v1/t_posts?select=id`, { headers: { apikey: LOCAL_ANON_KEY, prefer: 'count=exact' } });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-range')).toBe('0-4/5');

    const none = await fetch(`${h.url}/rest/v1/t_posts?select=id&id=eq.999`, { headers: { apikey: LOCAL_ANON_KEY, prefer: 'count=exact' } });
    expect(none.headers.get('content-range')).toBe('*/0');
    expect(await none.json()).toEqual([]);

    const uncounted = await fetch(`${h.url}/rest/v1/t_posts?select=id&limit=2`, { headers: { apikey: LOCAL_ANON_KEY } });
    expect(uncounted.headers.get('content-range')).toBe('0-1/*');
  });

  it('counts with head: true and no body', async () => {
    const res = await h.anon.from('t_posts').select('*', { count: 'exact', head: true }).eq('published', true);
    expect(res.error).toBeNull();
    expect(res.count).toBe(4);
    expect(res.data).toBeNull();
  });

  it('refuses an offset past the end with 416', async () => {
    const res = await h.service.from('t_posts').select('id', { count: 'exact' }).range(10, 12);
    expect(res.status).toBe(416);
    expect(res.error?.code).toBe('PGRST103');
  });
});

describe('single and maybeSingle', () => {
  it('single returns the object', async () => {
    const { data, error } = await h.anon.from('t_authors').select('name').eq('id', 2).single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'Boris' });
  });

  it('single with no row is PGRST116 406', async () => {
    const { data, error, status } = await h.anon.from('t_authors').select('name').eq('id', 42).single();
    expect(data).toBeNull();
    expect(status).toBe(406);
    expect(error).toEqual({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 0 rows',
      hint: null,
    });
  });

  it('single with many rows is PGRST116 406', async () => {
    const { error, status } = await h.anon.from('t_authors').select('name').single();
    expect(status).toBe(406);
    expect(error?.code).toBe('PGRST116');
    expect(error?.details).toBe('The result contains 3 rows');
  });

  it('maybeSingle gives null for no row, the row for one, an error for many', async () => {
    const none = await h.anon.from('t_authors').select('name').eq('id', 42).maybeSingle();
    expect(none).toMatchObject({ data: null, error: null });
    const one = await h.anon.from('t_authors').select('name').eq('id', 3).maybeSingle();
    expect(one.data).toEqual({ name: 'Cvetan, Jr.' });
    const many = await h.anon.from('t_authors').select('name').maybeSingle();
    expect(many.error?.code).toBe('PGRST116');
  });
});

describe('schema cache', () => {
  it('sees tables, columns and foreign keys created after it was loaded', async () => {
    expect((await h.service.from('t_posts').select('id').limit(1)).error).toBeNull();
    await h.local.db.asSystem((tx) =>
      tx.exec(`
        create table public.t_late (id int primary key, post_id int references public.t_posts (id), label text);
        grant all on public.t_late to anon, authenticated, service_role;
        insert into public.t_late values (1, 1, 'late');`),
    );
    const late = await h.anon.from('t_late').select('label, t_posts(title)');
    expect(late.error).toBeNull();
    expect(late.data).toEqual([{ label: 'late', t_posts: { title: 'Hello world' } }]);

    await h.local.db.asSystem((tx) => tx.exec(`alter table public.t_late add column extra text default 'x'`));
    const extra = await h.anon.from('t_late').select('id, extra');
    expect(extra.data).toEqual([{ id: 1, extra: 'x' }]);
    const back = await h.anon.from('t_posts').select('id, t_late(label)').eq('id', 1);
    expect(back.data).toEqual([{ id: 1, t_late: [{ label: 'late' }] }]);
  });
});

describe('media types', () => {
  it('strips nulls on request and labels single objects', async () => {
    const stripped = await h.anon.from('t_authors').select('id, email').eq('id', 3).stripNulls();
    expect(stripped.data).toEqual([{ id: 3 }]);
    const res = await fetch(`${h.url}/rest/v1/t_authors?select=name&id=eq.1`, {
      headers: { apikey: LOCAL_ANON_KEY, accept: 'application/vnd.pgrst.object+json' },
    });
    expect(res.headers.get('content-type')).toBe('application/vnd.pgrst.object+json; charset=utf-8');
    expect(await res.json()).toEqual({ name: 'Ana' });
  });

  it('counts rpc results with head', async () => {
    const res = await h.anon.rpc('t_posts_by_author', { author: 2 }, { head: true, count: 'exact' });
    expect(res.error).toBeNull();
    expect(res.count).toBe(2);
  });
});
