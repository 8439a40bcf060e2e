// POST/PATCH/DELETE and /rpc through the real supabase-js: return modes, upserts, counts,
// single() on writes, row-level security deciding, and function calls.
import './node-websocket.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import { startHarness, type Harness } from './harness.ts';
import { createFixtures } from './rest-fixtures.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  await createFixtures(h);
});
afterAll(() => h?.close());

async function items() {
  return h.local.db.asSystem(async (tx) =>
    (await tx.query<{ slug: string; qty: number; note: string | null }>('select slug, qty, note from public.t_items order by slug')).rows,
  );
}

beforeEach(async () => {
  await h.local.db.asSystem((tx) => tx.exec('truncate public.t_items restart identity; truncate public.t_secrets restart identity'));
});

describe('insert', () => {
  it('inserts one row with return=minimal: 201 and no body', async () => {
    const res = await h.anon.from('t_items').insert({ slug: 'alpha', qty: 3 });
    expect(res.error).toBeNull();
    expect(res.status).toBe(201);
    expect(res.data).toBeNull();
    expect(await items()).toEqual([{ slug: 'alpha', qty: 3, note: 'none' }]);
  });

  it('inserts many rows, missing keys taking their defaults (defaultToNull: false), and returns them', async () => {
    const { data, error, status } = await h.service
      .from('t_items')
      .insert([{ slug: 'a', note: 'first' }, { slug: 'b', qty: 7 }, { slug: 'c', note: null }], { defaultToNull: false })
      .select('slug, qty, note');
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([
      { slug: 'a', qty: 1, note: 'first' },
      { slug: 'b', qty: 7, note: 'none' },
      { slug: 'c', qty: 1, note: null },
    ]);
  });

  it('uses null for missing keys by default, as supabase-js 2.109 sends no missing=default', async () => {
    const { error } = await h.service.from('t_items').insert([{ slug: 'x', qty: 2 }, { slug: 'y', qty: 3, note: 'n' }]);
    expect(error).toBeNull();
    expect(await items()).toEqual([
      { slug: 'x', qty: 2, note: null },
      { slug: 'y', qty: 3, note: 'n' },
    ]);
  });

  it('converts JSON to arrays, jsonb, numerics and timestamps', async () => {
    const { data, error } = await h.service
      .from('t_posts')
      .insert({ id: 100, title: 'New', tags: ['a', 'b, c'], meta: { nested: { ok: true } }, rating: 1.25, created_at: '2024-05-01T12:00:00Z' })
      .select('id, tags, meta, rating, created_at, published')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      id: 100,
      tags: ['a', 'b, c'],
      meta: { nested: { ok: true } },
      rating: 1.25,
      created_at: '2024-05-01T12:00:00+00:00',
      published: false,
    });
    await h.service.from('t_posts').delete().eq('id', 100);
  });

  it('returns an embed of the inserted row, and an embed inside it', async () => {
    const ok = await h.service.from('t_comments').insert({ post_id: 3, body: 'fresh' }).select('body, t_posts(title)').single();
    expect(ok.error).toBeNull();
    expect(ok.data).toEqual({ body: 'fresh', t_posts: { title: 'Draft' } });
    const nested = await h.service.from('t_comments').insert({ post_id: 3, body: 'fresher' }).select('body, post:t_posts(title, writer:t_authors!author_id(name))').single();
    expect(nested.error).toBeNull();
    expect(nested.data).toEqual({ body: 'fresher', post: { title: 'Draft', writer: { name: 'Boris' } } });
    // !inner narrows the top-level rows: inside another embed it is refused, not half-answered
    const inner = await h.service.from('t_comments').select('body, t_posts(title, t_authors!author_id!inner(name))');
    expect(inner.error?.code).toBe('PGRST100');
    await h.service.from('t_comments').delete().in('body', ['fresh', 'fresher']);
  });

  it('maps a unique violation to 409 23505 and a check violation to 400 23514', async () => {
    await h.service.from('t_items').insert({ slug: 'dup' });
    const dup = await h.service.from('t_items').insert({ slug: 'dup' });
    expect(dup.status).toBe(409);
    expect(dup.error?.code).toBe('23505');
    expect(dup.error?.message).toContain('duplicate key value violates unique constraint');
    const check = await h.service.from('t_items').insert({ slug: 'neg', qty: -1 });
    expect(check.status).toBe(400);
    expect(check.error?.code).toBe('23514');
    const notNull = await h.service.from('t_items').insert({ qty: 1 });
    expect(notNull.status).toBe(400);
    expect(notNull.error?.code).toBe('23502');
    const fk = await h.service.from('t_comments').insert({ post_id: 999, body: 'orphan' });
    expect(fk.status).toBe(409);
    expect(fk.error?.code).toBe('23503');
    expect(await items()).toEqual([{ slug: 'dup', qty: 1, note: 'none' }]);
  });

  it('rolls back the whole batch when one row fails', async () => {
    const res = await h.service.from('t_items').insert([{ slug: 'ok-1' }, { slug: 'BAD SLUG' }]);
    expect(res.status).toBe(400);
    expect(await items()).toEqual([]);
  });

  it('refuses unknown columns with PGRST204 and bad values with 22P02', async () => {
    const unknown = await h.service.from('t_items').insert({ slug: 'u', colour: 'red' });
    expect(unknown.status).toBe(400);
    expect(unknown.error).toEqual({
      code: 'PGRST204',
      message: "Could not find the 'colour' column of 't_items' in the schema cache",
      details: null,
      hint: null,
    });
    const bad = await h.service.from('t_items').insert({ slug: 'b', qty: 'lots' });
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe('22P02');
    const date = await h.service.from('t_items').insert({ slug: 'd', at: 'not-a-date' });
    expect(date.status).toBe(400);
    expect(date.error?.code).toBe('22007');
    expect(await items()).toEqual([]);
  });

  it('counts inserted rows', async () => {
    const res = await h.service.from('t_items').insert([{ slug: 'c1' }, { slug: 'c2' }], { count: 'exact' });
    expect(res.error).toBeNull();
    expect(res.count).toBe(2);
  });
});

describe('row-level security decides', () => {
  it('lets anon insert without reading back (return=minimal)', async () => {
    const res = await h.anon.from('t_secrets').insert({ secret: 's1' });
    expect(res.error).toBeNull();
    expect(res.status).toBe(201);
  });

  it('refuses anon reading back its insert with 401 42501 and keeps nothing', async () => {
    const res = await h.anon.from('t_secrets').insert({ secret: 's2' }).select();
    expect(res.status).toBe(401);
    expect(res.error?.code).toBe('42501');
    expect(res.error?.message).toContain('row-level security');
    const rows = await h.local.db.asSystem(async (tx) => (await tx.query('select * from public.t_secrets')).rows);
    expect(rows).toEqual([]);
  });

  it('answers 403 to a signed-in role and shows only rows the policy allows', async () => {
    const ana = h.as({ sub: '00000000-0000-4000-8000-000000000001', email: 'ana@example.com' });
    const denied = await ana.from('t_secrets').insert({ secret: 'not mine', owner: 'boris@example.com' }).select();
    expect(denied.status).toBe(403);
    expect(denied.error?.code).toBe('42501');
    const mine = await ana.from('t_secrets').insert({ secret: 'mine', owner: 'ana@example.com' }).select('secret, owner').single();
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual({ secret: 'mine', owner: 'ana@example.com' });
    await h.service.from('t_secrets').insert({ secret: 'boris', owner: 'boris@example.com' });
    const visible = await ana.from('t_secrets').select('secret');
    expect(visible.data).toEqual([{ secret: 'mine' }]);
    const anonView = await h.anon.from('t_secrets').select('secret');
    expect(anonView.data).toEqual([]);
    const all = await h.service.from('t_secrets').select('secret').order('secret');
    expect(all.data).toEqual([{ secret: 'boris' }, { secret: 'mine' }]);
  });

  it('passes the claims to SQL', async () => {
    const ana = h.as({ sub: '00000000-0000-4000-8000-000000000001', email: 'ana@example.com' });
    expect((await ana.rpc('t_whoami')).data).toBe('ana@example.com');
    expect((await h.anon.rpc('t_whoami')).data).toBe('anon');
    expect((await h.service.rpc('t_whoami')).data).toBe('service_role');
  });
});

describe('upsert', () => {
  it('merges duplicates on the primary key or on_conflict', async () => {
    await h.service.from('t_items').insert([{ slug: 'u1', qty: 1 }, { slug: 'u2', qty: 2 }]);
    const { data, error, status } = await h.service
      .from('t_items')
      .upsert([{ slug: 'u1', qty: 10 }, { slug: 'u3', qty: 3 }], { onConflict: 'slug' })
      .select('slug, qty');
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([
      { slug: 'u1', qty: 10 },
      { slug: 'u3', qty: 3 },
    ]);
    expect(await items()).toEqual([
      { slug: 'u1', qty: 10, note: 'none' },
      { slug: 'u2', qty: 2, note: 'none' },
      { slug: 'u3', qty: 3, note: 'none' },
    ]);

    const byPk = await h.service.from('t_authors').upsert({ id: 3, name: 'Cvetan', email: 'c@example.com' }).select().single();
    expect(byPk.data).toEqual({ id: 3, name: 'Cvetan', email: 'c@example.com' });
    await h.service.from('t_authors').update({ name: 'Cvetan, Jr.', email: null }).eq('id', 3);
  });

  it('ignores duplicates', async () => {
    await h.service.from('t_items').insert({ slug: 'keep', qty: 5 });
    const { data, error } = await h.service
      .from('t_items')
      .upsert([{ slug: 'keep', qty: 50 }, { slug: 'new', qty: 6 }], { onConflict: 'slug', ignoreDuplicates: true })
      .select('slug, qty');
    expect(error).toBeNull();
    expect(data).toEqual([{ slug: 'new', qty: 6 }]);
    expect(await items()).toEqual([
      { slug: 'keep', qty: 5, note: 'none' },
      { slug: 'new', qty: 6, note: 'none' },
    ]);
  });

  it('refuses an on_conflict column that does not exist', async () => {
    const res = await h.service.from('t_items').upsert({ slug: 'z' }, { onConflict: 'nope' });
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('42703');
    expect(await items()).toEqual([]);
  });
});

describe('update and delete', () => {
  beforeEach(async () => {
    await h.service.from('t_items').insert([
      { slug: 'one', qty: 1 },
      { slug: 'two', qty: 2 },
      { slug: 'three', qty: 3 },
    ]);
  });

  it('updates filtered rows; minimal is 204, representation is 200 with the rows', async () => {
    const minimal = await h.service.from('t_items').update({ note: 'small' }).lt('qty', 3);
    expect(minimal.error).toBeNull();
    expect(minimal.status).toBe(204);
    const rep = await h.service.from('t_items').update({ qty: 30, note: null }).eq('slug', 'three').select('slug, qty, note');
    expect(rep.status).toBe(200);
    expect(rep.data).toEqual([{ slug: 'three', qty: 30, note: null }]);
    expect(await items()).toEqual([
      { slug: 'one', qty: 1, note: 'small' },
      { slug: 'three', qty: 30, note: null },
      { slug: 'two', qty: 2, note: 'small' },
    ]);
  });

  it('single() on an update touching two rows is 406 and rolls back', async () => {
    const res = await h.service.from('t_items').update({ qty: 0 }).in('slug', ['one', 'two']).select().single();
    expect(res.status).toBe(406);
    expect(res.error?.code).toBe('PGRST116');
    expect((await items()).map((r) => r.qty)).toEqual([1, 3, 2]);
  });

  it('deletes filtered rows and returns them on request', async () => {
    const minimal = await h.service.from('t_items').delete().eq('slug', 'one');
    expect(minimal.status).toBe(204);
    const rep = await h.service.from('t_items').delete({ count: 'exact' }).gte('qty', 2).select('slug').order('slug');
    expect(rep.status).toBe(200);
    expect(rep.count).toBe(2);
    expect(rep.data).toEqual([{ slug: 'three' }, { slug: 'two' }]);
    expect(await items()).toEqual([]);
  });

  it('refuses update and delete without any filter, as hosted Supabase does', async () => {
    const del = await h.service.from('t_items').delete();
    expect(del.status).toBe(400);
    expect(del.error?.code).toBe('21000');
    const upd = await h.service.from('t_items').update({ qty: 9 });
    expect(upd.error?.message).toBe('UPDATE requires a WHERE clause');
    expect((await items()).length).toBe(3);
  });

  it('honours Prefer: tx=rollback', async () => {
    const res = await fetch(`${h.url}/rest/v1/t_items?slug=eq.one&select=slug`, {
      method: 'DELETE',
      headers: { apikey: LOCAL_SERVICE_ROLE_KEY, prefer: 'return=representation, tx=rollback' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ slug: 'one' }]);
    expect((await items()).length).toBe(3);
  });
});

describe('rpc', () => {
  it('calls a scalar function with named arguments, defaults, and by GET', async () => {
    expect(await h.anon.rpc('t_add', { a: 2, b: 3 })).toMatchObject({ data: 5, error: null, status: 200 });
    expect((await h.anon.rpc('t_add', { a: 2 })).data).toBe(12);
    expect((await h.anon.rpc('t_add', { a: 1, b: 1 }, { get: true })).data).toBe(2);
  });

  it('returns rows of a set-returning function, with select, filters, order and limit', async () => {
    const all = await h.anon.rpc('t_posts_by_author', { author: 1 });
    expect(all.error).toBeNull();
    expect((all.data as { id: number }[]).map((r) => r.id)).toEqual([1, 2]);
    const shaped = await h.anon.rpc('t_posts_by_author', { author: 2 }).select('id, title').gt('views', 5).order('id', { ascending: false });
    expect(shaped.data).toEqual([{ id: 4, title: '50% off *sale*' }]);
    const limited = await h.anon.rpc('t_tags', { wanted: ['news'] }).select('id').limit(2);
    expect(limited.data).toEqual([{ id: 1 }, { id: 2 }]);
    const embedded = await h.anon.rpc('t_posts_by_author', { author: 1 }).select('id, t_comments(body)').eq('id', 2).single();
    expect(embedded.data).toEqual({ id: 2, t_comments: [{ body: 'ok' }] });
  });

  it('returns one object for a composite function and arrays for setof scalars', async () => {
    expect((await h.anon.rpc('t_author_of', { post: 3 })).data).toEqual({ id: 2, name: 'Boris', email: 'boris@example.com' });
    expect((await h.anon.rpc('t_numbers', { n: 3 })).data).toEqual([1, 2, 3]);
  });

  it('runs void functions (204) whose writes persist, and turns raise into P0001 400', async () => {
    const touched = await h.anon.rpc('t_touch', { slug: 'via-rpc' });
    expect(touched.error).toBeNull();
    expect(touched.status).toBe(204);
    expect(touched.data).toBeNull();
    expect(await items()).toEqual([{ slug: 'via-rpc', qty: 1, note: 'none' }]);
    const failed = await h.anon.rpc('t_fail', { msg: 'nope' });
    expect(failed.status).toBe(400);
    expect(failed.error).toMatchObject({ code: 'P0001', message: 'nope' });
  });

  it('answers an unknown function or unknown arguments with 404 PGRST202', async () => {
    const missing = await h.anon.rpc('t_nope', { x: 1 });
    expect(missing.status).toBe(404);
    expect(missing.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.t_nope(x) in the schema cache',
    });
    const wrongArgs = await h.anon.rpc('t_add', { c: 1 });
    expect(wrongArgs.status).toBe(404);
    expect(wrongArgs.error?.code).toBe('PGRST202');
  });

  it('passes a raw request through fetch as supabase-js would', async () => {
    const res = await fetch(`${h.url}/rest/v1/rpc/t_add`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ a: 40, b: 2 }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.json()).toBe(42);
  });
});
