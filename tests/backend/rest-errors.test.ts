// Bad input to /rest/v1: malformed grammar, unknown names, injection attempts, bad tokens and
// bodies. Each gets PostgREST's error, and nothing in the database changes.
import './node-websocket.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../supabase/local/jwt.ts';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import { startHarness, type Harness } from './harness.ts';
import { createFixtures, snapshot } from './rest-fixtures.ts';

let h: Harness;
let before: string;

beforeAll(async () => {
  h = await startHarness();
  await createFixtures(h);
  before = await snapshot(h);
});
afterAll(() => h?.close());

interface Call {
  method?: string;
  params?: [string, string][];
  headers?: Record<string, string>;
  body?: string;
  key?: string | null;
}

async function rest(path: string, call: Call = {}) {
  const url = new URL(`${h.url}/rest/v1/${path}`);
  for (const [k, v] of call.params ?? []) url.searchParams.append(k, v);
  const headers: Record<string, string> = { ...(call.headers ?? {}) };
  const key = call.key === undefined ? LOCAL_SERVICE_ROLE_KEY : call.key;
  if (key) headers.apikey = key;
  if (call.body !== undefined) headers['content-type'] ??= 'application/json';
  const res = await fetch(url, { method: call.method ?? 'GET', headers, body: call.body });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, json: json as Record<string, unknown>, headers: res.headers, text };
}

async function expectUnchanged() {
  expect(await snapshot(h)).toBe(before);
}

const shape = (body: Record<string, unknown>) => Object.keys(body).sort();

describe('malformed grammar is 400 PGRST100', () => {
  const cases: [string, [string, string][]][] = [
    ['filter without operator', [['id', '1']]],
    ['unknown operator', [['id', 'equals.1']]],
    ['in without parentheses', [['id', 'in.1,2']]],
    ['is with a non-trilean', [['views', 'is.maybe']]],
    ['unterminated quote in in()', [['title', 'in.("abc,def)']]],
    ['or without parentheses', [['or', 'id.eq.1,id.eq.2']]],
    ['or with unbalanced parentheses', [['or', '(id.eq.1,and(id.eq.2)']]],
    ['or with an element lacking an operator', [['or', '(id.1,id.eq.2)']]],
    ['empty or', [['or', '()']]],
    ['select with a dangling parenthesis', [['select', 'id,t_comments(body']]],
    ['select with an empty name', [['select', 'id,,title']]],
    ['select with a cast that is not a type name', [['select', 'id::text);drop table t_posts;--']]],
    ['order with an unknown direction', [['order', 'id.sideways']]],
    ['order with trailing garbage', [['order', 'id;drop table t_posts']]],
    ['limit that is not a number', [['limit', 'ten']]],
    ['negative offset', [['offset', '-5']]],
    ['!inner inside an embed', [['select', 'id,t_comments(body,t_posts!inner(id))']]],
    ['logic tree nested too deep', [['or', `(${'and('.repeat(40)}id.eq.1${')'.repeat(40)})`]]],
  ];
  for (const [name, params] of cases) {
    it(name, async () => {
      const res = await rest('t_posts', { params });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('PGRST100');
      expect(shape(res.json)).toEqual(['code', 'details', 'hint', 'message']);
      expect(String(res.json.message)).toMatch(/^"failed to parse .+" \(line 1, column \d+\)$/);
    });
  }

  it('reports through supabase-js as an error, not a crash', async () => {
    const { data, error, status } = await h.anon.from('t_posts').select('id').filter('id', 'nonsense', '1');
    expect(data).toBeNull();
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST100');
    expect(error?.message).toContain('failed to parse filter (nonsense.1)');
  });
});

describe('unknown names', () => {
  it('unknown table is 404 PGRST205 with a suggestion', async () => {
    const { error, status } = await h.anon.from('t_post').select('*');
    expect(status).toBe(404);
    expect(error).toEqual({
      code: 'PGRST205',
      message: "Could not find the table 'public.t_post' in the schema cache",
      details: null,
      hint: "Perhaps you meant the table 'public.t_posts'",
    });
    const far = await h.anon.from('zzz_nothing_like_it').select('*');
    expect(far.error?.hint).toBeNull();
  });

  it('tables outside public are not reachable', async () => {
    const { status, error } = await h.service.from('auth.users').select('*');
    expect(status).toBe(404);
    expect(error?.code).toBe('PGRST205');
  });

  it('unknown columns in select, filters and order are 400 42703', async () => {
    const sel = await h.anon.from('t_posts').select('id, colour');
    expect(sel.status).toBe(400);
    expect(sel.error).toMatchObject({ code: '42703', message: 'column t_posts.colour does not exist' });
    const filt = await h.anon.from('t_posts').select('id').eq('titel', 'x');
    expect(filt.error).toMatchObject({ code: '42703', hint: 'Perhaps you meant to reference the column "t_posts.title".' });
    const ord = await h.anon.from('t_posts').select('id').order('nope');
    expect(ord.error?.code).toBe('42703');
    const orCol = await h.anon.from('t_posts').select('id').or('nope.eq.1,id.eq.2');
    expect(orCol.error?.code).toBe('42703');
    const embedCol = await h.anon.from('t_posts').select('id, t_comments(nope)');
    expect(embedCol.error?.code).toBe('42703');
  });

  it('a filter on something not embedded is PGRST108', async () => {
    const res = await rest('t_posts', { params: [['t_comments.body', 'eq.x']] });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('PGRST108');
  });

  it('unknown function is 404 PGRST202', async () => {
    const res = await rest('rpc/drop_everything', { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.drop_everything without parameters in the schema cache',
      details:
        'Searched for the function public.drop_everything without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: null,
    });
  });

  it('values of the wrong type are 400 22P02, never 500', async () => {
    const { status, error } = await h.anon.from('t_posts').select('id').eq('id', 'abc');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '22P02', message: 'invalid input syntax for type integer: "abc"' });
    const date = await h.anon.from('t_posts').select('id').gt('created_at', 'yesterday-ish');
    expect(date.status).toBe(400);
    const overflow = await h.anon.from('t_posts').select('id').eq('views', '99999999999');
    expect(overflow.status).toBe(400);
    expect(overflow.error?.code).toBe('22003');
  });

  it('an unknown path, method or media type is refused in PostgREST terms', async () => {
    expect((await rest('t_posts/1')).json.code).toBe('PGRST125');
    const put = await rest('t_posts', { method: 'PUT', body: '{}' });
    expect(put.status).toBe(405);
    const csv = await rest('t_posts', { headers: { accept: 'text/csv' } });
    expect(csv.status).toBe(406);
    expect(csv.json.code).toBe('PGRST107');
    const schema = await rest('t_posts', { headers: { 'accept-profile': 'auth' } });
    expect(schema.status).toBe(406);
    expect(schema.json.code).toBe('PGRST106');
    await expectUnchanged();
  });
});

describe('injection attempts change nothing', () => {
  it('in filter values', async () => {
    const text = await h.anon.from('t_posts').select('id').eq('title', "'; drop table public.t_posts; --");
    expect(text.error).toBeNull();
    expect(text.data).toEqual([]);
    const num = await h.anon.from('t_posts').select('id').eq('id', '1; delete from public.t_posts');
    expect(num.status).toBe(400);
    expect(num.error?.code).toBe('22P02');
    const like = await h.anon.from('t_posts').select('id').ilike('title', "%' or '1'='1");
    expect(like.data).toEqual([]);
    const list = await h.anon.from('t_posts').select('id').in('title', ["x') or true or ('", 'Draft']);
    expect(list.data).toEqual([{ id: 3 }]);
    const json = await h.anon.from('t_posts').select('id').eq("meta->>lang') or true or ('", 'bg');
    expect(json.status).toBe(400);
    expect(json.error?.code).toBe('PGRST100');
    const quotedKey = await h.anon.from('t_posts').select('id').eq('meta->>"lang\') or true or (\'"', 'bg');
    expect(quotedKey.error).toBeNull();
    expect(quotedKey.data).toEqual([]);
    await expectUnchanged();
  });

  it('in or=(...)', async () => {
    const a = await h.anon.from('t_posts').select('id').or("title.eq.x') or true; delete from public.t_posts; --,id.eq.1");
    expect(a.status).toBe(400);
    expect(a.error?.code).toBe('PGRST100');
    const quoted = await h.anon.from('t_posts').select('id').or(`title.eq."x') or true; delete from public.t_posts; --",id.eq.1`);
    expect(quoted.error).toBeNull();
    expect(quoted.data).toEqual([{ id: 1 }]);
    const b = await h.anon.from('t_posts').select('id').or('id.eq.1) or (1=1');
    expect(b.status).toBe(400);
    const c = await h.anon.from('t_posts').select('id').or('title.eq."a\\") or true --",id.eq.2');
    expect(c.data).toEqual([{ id: 2 }]);
    await expectUnchanged();
  });

  it('in column names, aliases, order and json keys', async () => {
    const col = await rest('t_posts', { params: [['select', 'id,"title"" from t_posts; drop table t_posts; --"']] });
    expect(col.status).toBe(400);
    expect(col.json.code).toBe('PGRST100');
    const quotedCol = await rest('t_posts', { params: [['select', 'id,"title\\" from t_posts; drop table t_posts; --"']] });
    expect(quotedCol.status).toBe(400);
    expect(quotedCol.json.code).toBe('42703');
    const key = await rest('t_posts', { params: [['id;delete from t_posts', 'eq.1']] });
    expect([400]).toContain(key.status);
    const alias = await rest('t_posts', { params: [['select', '"x\\" from t_posts; drop table t_posts; --":id'], ['id', 'eq.1']] });
    expect(alias.status).toBe(200);
    expect(alias.json).toEqual([{ 'x" from t_posts; drop table t_posts; --': 1 }]);
    const order = await h.anon.from('t_posts').select('id').order('id; drop table t_posts');
    expect(order.status).toBe(400);
    const orderQuoted = await rest('t_posts', { params: [['order', '"id\\" desc; drop table t_posts; --"']] });
    expect(orderQuoted.status).toBe(400);
    expect(orderQuoted.json.code).toBe('42703');
    const path = await rest('t_posts', { params: [['select', "id,meta->>'x'); drop table t_posts; --"]] });
    expect(path.status).toBe(400);
    await expectUnchanged();
  });

  it('in table and function names, columns= and on_conflict=', async () => {
    const table = await rest(encodeURIComponent('t_posts; drop table t_posts'));
    expect(table.status).toBe(404);
    expect(table.json.code).toBe('PGRST205');
    const fn = await rest(`rpc/${encodeURIComponent('t_add(1,2); drop table t_posts; --')}`, { method: 'POST', body: '{}' });
    expect(fn.status).toBe(404);
    const columns = await rest('t_items', {
      method: 'POST',
      params: [['columns', 'slug,"qty) values (1); drop table t_posts; --"']],
      body: JSON.stringify([{ slug: 'evil' }]),
    });
    expect(columns.status).toBe(400);
    expect(columns.json.code).toBe('PGRST204');
    const conflict = await rest('t_items', {
      method: 'POST',
      params: [['on_conflict', 'slug) do nothing; drop table t_posts; --']],
      headers: { prefer: 'resolution=merge-duplicates' },
      body: JSON.stringify({ slug: 'evil' }),
    });
    expect(conflict.status).toBe(400);
    const bodyKey = await h.service.from('t_items').insert({ slug: 'k', 'qty") values (1); drop table t_posts; --': 1 });
    expect(bodyKey.error?.code).toBe('PGRST204');
    const bodyValue = await h.service.from('t_items').update({ note: "'); drop table t_posts; --" }).eq('slug', 'nothing');
    expect(bodyValue.error).toBeNull();
    await expectUnchanged();
  });

  it('through rpc arguments', async () => {
    const res = await h.anon.rpc('t_posts_by_author', { author: '1); drop table t_posts; --' });
    expect(res.status).toBe(400);
    expect(res.error?.code).toBe('22P02');
    const unknownArg = await h.anon.rpc('t_add', { 'a => 1); drop table t_posts; --': 1 });
    expect(unknownArg.status).toBe(404);
    await expectUnchanged();
  });
});

describe('tokens and keys', () => {
  const now = () => Math.floor(Date.now() / 1000);

  it('no API key at all is refused like the gateway does', async () => {
    const res = await rest('t_posts', { key: null });
    expect(res.status).toBe(401);
    expect(res.json.message).toBe('No API key found in request');
  });

  it('a token signed with the wrong secret is 401 PGRST301', async () => {
    const forged = signJwt({ role: 'service_role', exp: now() + 3600 }, 'not-the-secret-not-the-secret-not-the-secret');
    const res = await rest('t_items', {
      method: 'POST',
      key: LOCAL_ANON_KEY,
      headers: { authorization: `Bearer ${forged}`, prefer: 'return=representation' },
      body: JSON.stringify({ slug: 'forged' }),
    });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ code: 'PGRST301', message: 'JWSError JWSInvalidSignature', details: null, hint: null });
    expect(res.headers.get('www-authenticate')).toContain('invalid_token');
    const asKey = await rest('t_items', {
      method: 'POST',
      key: forged,
      headers: { authorization: `Bearer ${forged}` },
      body: JSON.stringify({ slug: 'forged' }),
    });
    expect(asKey.status).toBe(401);
    expect(asKey.json.message).toBe('Invalid API key');
    await expectUnchanged();
  });

  it('an expired token is 401 PGRST301 "JWT expired", also via supabase-js', async () => {
    const expired = h.as({ sub: '00000000-0000-4000-8000-000000000009', email: 'late@example.com', exp: now() - 60 });
    const { data, error, status } = await expired.from('t_items').insert({ slug: 'late' }).select();
    expect(data).toBeNull();
    expect(status).toBe(401);
    expect(error).toEqual({ code: 'PGRST301', message: 'JWT expired', details: null, hint: null });
    const del = await expired.from('t_posts').delete().eq('id', 1);
    expect(del.status).toBe(401);
    await expectUnchanged();
  });

  it('a malformed token and an unknown role are refused', async () => {
    const bad = await rest('t_posts', { headers: { authorization: 'Bearer not-a-jwt' }, key: LOCAL_ANON_KEY });
    expect(bad.status).toBe(401);
    expect(bad.json.code).toBe('PGRST301');
    const role = signJwt({ role: 'postgres', exp: now() + 60 }, LOCAL_JWT_SECRET);
    const res = await rest('t_posts', { method: 'DELETE', params: [['id', 'eq.1']], key: role });
    expect(res.status).toBe(401);
    await expectUnchanged();
  });
});

describe('bodies', () => {
  it('invalid JSON is 400 PGRST102', async () => {
    const res = await rest('t_items', { method: 'POST', body: '{"slug": "x",' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ code: 'PGRST102', message: 'Empty or invalid json', details: null, hint: null });
    const empty = await rest('t_items', { method: 'POST', body: '' });
    expect(empty.json.code).toBe('PGRST102');
    const scalar = await rest('t_items', { method: 'POST', body: '42' });
    expect(scalar.json.code).toBe('PGRST102');
    const mixed = await rest('t_items', { method: 'POST', body: '[{"slug":"a"}, 7]' });
    expect(mixed.json.code).toBe('PGRST102');
    const patch = await rest('t_items', { method: 'PATCH', params: [['id', 'eq.1']], body: '[{"slug":"a"}]' });
    expect(patch.json.code).toBe('PGRST102');
    const rpc = await rest('rpc/t_add', { method: 'POST', body: '{a:1}' });
    expect(rpc.json.code).toBe('PGRST102');
    await expectUnchanged();
  });

  it('objects with different keys need columns=', async () => {
    const res = await rest('t_items', { method: 'POST', body: JSON.stringify([{ slug: 'a' }, { slug: 'b', qty: 2 }]) });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('PGRST102');
    expect(res.json.details).toBe('All object keys must match');
    await expectUnchanged();
  });

  it('oversized bodies are refused before parsing', async () => {
    const res = await rest('t_items', { method: 'POST', body: JSON.stringify({ slug: 'big', note: 'x'.repeat(1_100_000) }) });
    expect(res.status).toBe(413);
    await expectUnchanged();
  });
});
