// /storage/v1 through the real supabase-js: buckets, upload (multipart and raw), list, public
// download, upsert, remove, bucket limits, content sniffing, traversal names and policies.
// Bytes are kept on disk in a temporary folder, so every refusal is also checked on disk.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import './node-websocket.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signJwt } from '../../supabase/local/jwt.ts';
import { LOCAL_ANON_KEY } from '../../supabase/local/keys.ts';
import { startHarness, type Harness } from './harness.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const UPLOADER = { sub: '5e000000-0000-4000-8000-000000000001', email: 'uploader@example.test' };
const OTHER = { sub: '5e000000-0000-4000-8000-000000000002', email: 'other@example.test' };

let h: Harness;
let uploader: SupabaseClient;
let other: SupabaseClient;
let sandbox: string;
let root: string;

async function objectRows() {
  return h.local.db.asSystem(async (tx) => {
    const { rows } = await tx.query<{ bucket_id: string; name: string; id: string; metadata: unknown }>(
      `select bucket_id, name, id::text, metadata from storage.objects where bucket_id like 'test-%' order by bucket_id, name`,
    );
    return rows;
  });
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(relative(sandbox, full));
    }
  };
  walk(dir);
  return out.sort();
}

/** Everything that a refused request must leave untouched: the rows and the whole sandbox. */
async function snapshot() {
  return { rows: await objectRows(), files: filesUnder(sandbox) };
}

const png = (bytes: Buffer = PNG, type = 'image/png') => new Blob([new Uint8Array(bytes)], { type });

beforeAll(async () => {
  h = await startHarness();
  sandbox = mkdtempSync(join(tmpdir(), 'storage-test-'));
  root = join(sandbox, 'root');
  h.local.context.storageDir = root;
  uploader = h.as(UPLOADER);
  other = h.as(OTHER);
  await h.local.db.asSystem(async (tx) => {
    await tx.exec(`
      insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
        ('test-public', 'test-public', true, 1024, array['image/png']),
        ('test-images', 'test-images', true, null, array['image/*']),
        ('test-docs', 'test-docs', true, null, null),
        ('test-private', 'test-private', false, null, null);

      create policy "test buckets are visible" on storage.buckets for select to anon, authenticated
        using (id like 'test-%');

      create policy "test: read public buckets" on storage.objects for select to anon, authenticated
        using (bucket_id in ('test-public', 'test-images', 'test-docs'));
      create policy "test: uploader inserts" on storage.objects for insert to authenticated
        with check (bucket_id in ('test-public', 'test-images', 'test-docs') and auth.email() = '${UPLOADER.email}');
      create policy "test: uploader updates" on storage.objects for update to authenticated
        using (bucket_id in ('test-public', 'test-images', 'test-docs') and auth.email() = '${UPLOADER.email}')
        with check (bucket_id in ('test-public', 'test-images', 'test-docs') and auth.email() = '${UPLOADER.email}');
      create policy "test: uploader deletes" on storage.objects for delete to authenticated
        using (bucket_id in ('test-public', 'test-images', 'test-docs') and auth.email() = '${UPLOADER.email}');

      create policy "test: private owner reads" on storage.objects for select to authenticated
        using (bucket_id = 'test-private' and owner = auth.uid());
      create policy "test: private owner writes" on storage.objects for insert to authenticated
        with check (bucket_id = 'test-private' and owner = auth.uid());
    `);
  });
});

afterAll(async () => {
  await h?.close();
  if (sandbox) rmSync(sandbox, { recursive: true, force: true });
});

describe('buckets', () => {
  it('gets a bucket with its limits, and lists the visible ones', async () => {
    const { data, error } = await h.anon.storage.getBucket('test-public');
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: 'test-public',
      name: 'test-public',
      public: true,
      file_size_limit: 1024,
      allowed_mime_types: ['image/png'],
    });
    const list = await uploader.storage.listBuckets();
    expect(list.error).toBeNull();
    expect(list.data!.map((b) => b.id)).toEqual(expect.arrayContaining(['test-docs', 'test-private', 'test-public']));
  });

  it('answers an unknown bucket with "Bucket not found"', async () => {
    const { data, error } = await h.anon.storage.getBucket('no-such-bucket');
    expect(data).toBeNull();
    expect(error).toMatchObject({ message: 'Bucket not found', statusCode: '404' });
    const upload = await uploader.storage.from('no-such-bucket').upload('a.png', png());
    expect(upload.error).toMatchObject({ message: 'Bucket not found', statusCode: '404' });
  });

  it('creates, empties and deletes buckets with the service role only', async () => {
    const refused = await uploader.storage.createBucket('test-made', { public: false });
    expect(refused.error).not.toBeNull();
    expect(refused.error).toMatchObject({ statusCode: '403' });

    const made = await h.service.storage.createBucket('test-made', { public: true, fileSizeLimit: '1MB' });
    expect(made.error).toBeNull();
    expect(made.data).toEqual({ name: 'test-made' });
    const again = await h.service.storage.createBucket('test-made');
    expect(again.error).toMatchObject({ statusCode: '409' });
    const { data } = await h.service.storage.getBucket('test-made');
    expect(data).toMatchObject({ public: true, file_size_limit: 1_000_000 });

    expect((await h.service.storage.from('test-made').upload('x.txt', 'hello')).error).toBeNull();
    const notEmpty = await h.service.storage.deleteBucket('test-made');
    expect(notEmpty.error).toMatchObject({ statusCode: '409' });
    expect((await h.service.storage.emptyBucket('test-made')).error).toBeNull();
    expect((await h.service.storage.deleteBucket('test-made')).error).toBeNull();
    expect((await h.service.storage.getBucket('test-made')).error).toMatchObject({ statusCode: '404' });
  });
});

describe('upload and download', () => {
  it('uploads a Blob (multipart) and serves it publicly with its type and cache lifetime', async () => {
    const { data, error } = await uploader.storage
      .from('test-public')
      .upload('folder/pixel.png', png(), { cacheControl: '120', contentType: 'image/png' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: 'folder/pixel.png', fullPath: 'test-public/folder/pixel.png' });
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);

    const rows = await objectRows();
    const row = rows.find((r) => r.name === 'folder/pixel.png')!;
    expect(row.id).toBe(data!.id);
    expect(row.metadata).toMatchObject({ size: PNG.length, mimetype: 'image/png', cacheControl: 'max-age=120' });
    expect(readFileSync(join(root, 'test-public', 'folder', 'pixel.png'))).toEqual(PNG);

    const owner = await h.local.db.asSystem(async (tx) => {
      const { rows } = await tx.query<{ owner: string; owner_id: string }>(
        `select owner::text, owner_id from storage.objects where id = $1`,
        [data!.id],
      );
      return rows[0];
    });
    expect(owner).toEqual({ owner: UPLOADER.sub, owner_id: UPLOADER.sub });

    const { data: url } = h.anon.storage.from('test-public').getPublicUrl('folder/pixel.png');
    expect(url.publicUrl).toBe(`${h.url}/storage/v1/object/public/test-public/folder/pixel.png`);
    const res = await fetch(url.publicUrl); // no apikey, as an <img> would load it
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('max-age=120');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);

    const again = await fetch(url.publicUrl, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);

    const head = await fetch(url.publicUrl, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(PNG.length));
  });

  it('uploads a raw Buffer with content-type and cache-control headers', async () => {
    const { error } = await uploader.storage
      .from('test-public')
      .upload('raw/pixel.png', PNG, { contentType: 'image/png', cacheControl: '3600' });
    expect(error).toBeNull();
    const res = await fetch(h.anon.storage.from('test-public').getPublicUrl('raw/pixel.png').data.publicUrl);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('max-age=3600');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
  });

  it('downloads through the authenticated route, gives info, and says whether an object exists', async () => {
    const { data, error } = await h.anon.storage.from('test-public').download('folder/pixel.png');
    expect(error).toBeNull();
    expect(Buffer.from(await data!.arrayBuffer())).toEqual(PNG);
    expect(data!.type).toBe('image/png');

    const info = await h.anon.storage.from('test-public').info('folder/pixel.png');
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({ name: 'folder/pixel.png', size: PNG.length, contentType: 'image/png' });

    expect((await h.anon.storage.from('test-public').exists('folder/pixel.png')).data).toBe(true);
    expect((await h.anon.storage.from('test-public').exists('folder/none.png')).data).toBe(false);

    const missing = await h.anon.storage.from('test-public').download('folder/none.png');
    expect(missing.error).not.toBeNull();
    const res = await fetch(`${h.url}/storage/v1/object/public/test-public/folder/none.png`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '404', error: 'not_found', message: 'Object not found' });
  });

  it('keeps a private bucket private', async () => {
    const mine = h.as({ sub: OTHER.sub, email: OTHER.email });
    const { error } = await mine.storage.from('test-private').upload('notes/a.txt', 'secret', { contentType: 'text/plain' });
    expect(error).toBeNull();

    const pub = await fetch(`${h.url}/storage/v1/object/public/test-private/notes/a.txt`);
    expect(pub.status).toBe(400);
    expect(await pub.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });

    const own = await mine.storage.from('test-private').download('notes/a.txt');
    expect(await own.data!.text()).toBe('secret');
    const foreign = await uploader.storage.from('test-private').download('notes/a.txt');
    expect(foreign.data).toBeNull();
    const anon = await h.anon.storage.from('test-private').list('notes');
    expect(anon.data).toEqual([]);
  });

  it('serves the bytes from memory when no storage folder is configured', async () => {
    h.local.context.storageDir = null;
    try {
      const { error } = await uploader.storage.from('test-docs').upload('mem/readme.txt', 'в паметта', {
        contentType: 'text/plain; charset=utf-8',
      });
      expect(error).toBeNull();
      expect(h.local.context.memoryObjects.get('test-docs/mem/readme.txt')?.toString('utf8')).toBe('в паметта');
      const res = await fetch(`${h.url}/storage/v1/object/public/test-docs/mem/readme.txt`);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await res.text()).toBe('в паметта');
      expect((await uploader.storage.from('test-docs').remove(['mem/readme.txt'])).data).toHaveLength(1);
      expect(h.local.context.memoryObjects.has('test-docs/mem/readme.txt')).toBe(false);
    } finally {
      h.local.context.storageDir = root;
    }
  });
});

describe('list', () => {
  beforeAll(async () => {
    for (const name of ['gallery/b.png', 'gallery/a.png', 'gallery/nested/c.png', 'gallery_x.png']) {
      const { error } = await uploader.storage.from('test-images').upload(name, png());
      expect(error).toBeNull();
    }
  });

  it('lists files and folder placeholders below a prefix', async () => {
    const { data, error } = await h.anon.storage.from('test-images').list('gallery');
    expect(error).toBeNull();
    expect(data!.map((e) => e.name)).toEqual(['a.png', 'b.png', 'nested']);
    const folder = data!.find((e) => e.name === 'nested')!;
    expect(folder).toMatchObject({ id: null, metadata: null, updated_at: null, created_at: null });
    const file = data!.find((e) => e.name === 'a.png')!;
    expect(file.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(file.metadata).toMatchObject({ size: PNG.length, mimetype: 'image/png', cacheControl: 'max-age=3600' });
    expect(typeof file.created_at).toBe('string');

    const top = await h.anon.storage.from('test-images').list();
    expect(top.data!.map((e) => e.name)).toEqual(['gallery', 'gallery_x.png']);
  });

  it('sorts, searches and pages', async () => {
    const desc = await h.anon.storage.from('test-images').list('gallery', { sortBy: { column: 'name', order: 'desc' } });
    expect(desc.data!.map((e) => e.name)).toEqual(['nested', 'b.png', 'a.png']);
    const page = await h.anon.storage.from('test-images').list('gallery', { limit: 1, offset: 1 });
    expect(page.data!.map((e) => e.name)).toEqual(['b.png']);
    const search = await h.anon.storage.from('test-images').list('gallery', { search: 'b' });
    expect(search.data!.map((e) => e.name)).toEqual(['b.png']);
    // `_` is not a wildcard in a prefix
    const underscore = await h.anon.storage.from('test-images').list('', { search: 'gallery_' });
    expect(underscore.data!.map((e) => e.name)).toEqual(['gallery_x.png']);
    const bad = await h.anon.storage.from('test-images').list('gallery', { sortBy: { column: 'size; drop table x', order: 'asc' } });
    expect(bad.error).not.toBeNull();
  });

  it('lists nothing the policies hide, and nothing of an unknown bucket', async () => {
    expect((await h.anon.storage.from('test-private').list()).data).toEqual([]);
    expect((await h.anon.storage.from('no-such-bucket').list()).data).toEqual([]);
  });
});

describe('upsert, update and remove', () => {
  it('refuses an existing name without upsert, replaces it with upsert and update', async () => {
    const first = await uploader.storage.from('test-docs').upload('doc.txt', 'one', { contentType: 'text/plain' });
    expect(first.error).toBeNull();
    const before = await snapshot();
    const dup = await uploader.storage.from('test-docs').upload('doc.txt', 'two', { contentType: 'text/plain' });
    expect(dup.data).toBeNull();
    expect(dup.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    expect((dup.error as unknown as { error?: string }).error ?? 'Duplicate').toBe('Duplicate');
    expect(await snapshot()).toEqual(before);
    expect(readFileSync(join(root, 'test-docs', 'doc.txt'), 'utf8')).toBe('one');

    const up = await uploader.storage.from('test-docs').upload('doc.txt', 'two', { contentType: 'text/plain', upsert: true });
    expect(up.error).toBeNull();
    expect(up.data!.id).toBe(first.data!.id);
    expect(readFileSync(join(root, 'test-docs', 'doc.txt'), 'utf8')).toBe('two');

    const upd = await uploader.storage.from('test-docs').update('doc.txt', png(), { cacheControl: '60' });
    expect(upd.error).toBeNull();
    const res = await fetch(h.anon.storage.from('test-docs').getPublicUrl('doc.txt').data.publicUrl);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('max-age=60');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
  });

  it('copies and moves objects, bytes included', async () => {
    await uploader.storage.from('test-docs').upload('mv/src.txt', 'moving', { contentType: 'text/plain' });
    const copy = await uploader.storage.from('test-docs').copy('mv/src.txt', 'mv/copy.txt');
    expect(copy.error).toBeNull();
    expect(copy.data).toEqual({ path: 'test-docs/mv/copy.txt' });
    const moved = await uploader.storage.from('test-docs').move('mv/src.txt', 'mv/dst.txt');
    expect(moved.error).toBeNull();
    expect(readFileSync(join(root, 'test-docs', 'mv', 'dst.txt'), 'utf8')).toBe('moving');
    expect(readFileSync(join(root, 'test-docs', 'mv', 'copy.txt'), 'utf8')).toBe('moving');
    expect(() => statSync(join(root, 'test-docs', 'mv', 'src.txt'))).toThrow();
    const listed = await h.anon.storage.from('test-docs').list('mv');
    expect(listed.data!.map((e) => e.name)).toEqual(['copy.txt', 'dst.txt']);
    const escape = await uploader.storage.from('test-docs').move('mv/dst.txt', '../../escaped.txt');
    expect(escape.error).toMatchObject({ statusCode: '400' });
    const anon = await h.anon.storage.from('test-docs').move('mv/dst.txt', 'mv/anon.txt');
    expect(anon.error).not.toBeNull();
    await uploader.storage.from('test-docs').remove(['mv/dst.txt', 'mv/copy.txt']);
  });

  it('removes objects: rows, bytes and the folders left empty', async () => {
    await uploader.storage.from('test-docs').upload('trash/deep/one.txt', '1', { contentType: 'text/plain' });
    await uploader.storage.from('test-docs').upload('trash/deep/two.txt', '2', { contentType: 'text/plain' });
    const { data, error } = await uploader.storage.from('test-docs').remove(['trash/deep/one.txt', 'trash/deep/two.txt', 'trash/none.txt']);
    expect(error).toBeNull();
    expect(data!.map((o) => o.name).sort()).toEqual(['trash/deep/one.txt', 'trash/deep/two.txt']);
    expect((await objectRows()).some((r) => r.name.startsWith('trash/'))).toBe(false);
    expect(() => statSync(join(root, 'test-docs', 'trash'))).toThrow();
    const res = await fetch(`${h.url}/storage/v1/object/public/test-docs/trash/deep/one.txt`);
    expect(res.status).toBe(400);
  });

  it('removes nothing for callers the delete policy refuses', async () => {
    await uploader.storage.from('test-docs').upload('keep.txt', 'keep', { contentType: 'text/plain' });
    const before = await snapshot();
    for (const client of [h.anon, other]) {
      const { data, error } = await client.storage.from('test-docs').remove(['keep.txt']);
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('refusals leave nothing behind', () => {
  let before: Awaited<ReturnType<typeof snapshot>>;
  beforeEach(async () => {
    before = await snapshot();
  });
  const unchanged = async () => expect(await snapshot()).toEqual(before);

  it('refuses an object over the bucket size limit', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2048)]);
    const { data, error } = await uploader.storage.from('test-public').upload('big.png', png(big));
    expect(data).toBeNull();
    expect(error).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    await unchanged();
  });

  it('refuses a content type the bucket does not allow', async () => {
    const { error } = await uploader.storage
      .from('test-public')
      .upload('note.txt', new Blob(['hello'], { type: 'text/plain' }));
    expect(error).toMatchObject({ statusCode: '415', message: 'mime type text/plain is not supported' });
    expect((error as unknown as { error?: string }).error ?? 'invalid_mime_type').toBe('invalid_mime_type');
    const jpeg = await uploader.storage.from('test-public').upload('photo.jpg', png(JPEG, 'image/jpeg'));
    expect(jpeg.error).toMatchObject({ statusCode: '415', message: 'mime type image/jpeg is not supported' });
    await unchanged();
  });

  it('refuses a text file pretending to be image/png, as Blob and as raw body', async () => {
    const fake = Buffer.from('<script>alert(1)</script> definitely a png');
    const blob = await uploader.storage.from('test-public').upload('fake.png', png(fake));
    expect(blob.error).toMatchObject({ statusCode: '415' });
    expect(blob.error!.message).toMatch(/^mime type text\/(html|plain) is not supported$/);
    const raw = await uploader.storage.from('test-public').upload('fake.png', fake, { contentType: 'image/png' });
    expect(raw.error).toMatchObject({ statusCode: '415' });
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>');
    const asPng = await uploader.storage.from('test-images').upload('vector.png', png(svg));
    expect(asPng.error).toMatchObject({ statusCode: '415', message: 'mime type image/svg+xml is not supported' });
    const empty = await uploader.storage.from('test-images').upload('empty.png', png(Buffer.alloc(0)));
    expect(empty.error).toMatchObject({ statusCode: '415' });
    await unchanged();
  });

  it('refuses content types and cache lifetimes that could not be sent back as headers', async () => {
    const token = signJwt(
      { role: 'authenticated', sub: UPLOADER.sub, email: UPLOADER.email, exp: Math.floor(Date.now() / 1000) + 600 },
      h.local.context.jwtSecret,
    );
    const form = (cache: string, type: string) =>
      `--b\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n${cache}\r\n` +
      `--b\r\nContent-Disposition: form-data; name=""; filename="blob"\r\nContent-Type: ${type}\r\n\r\nhello\r\n--b--\r\n`;
    for (const body of [form('3600\r\nSet-Cookie: a=b', 'text/plain'), form('3600', 'text/plain\u00e9'), form('3600', 'not a type')]) {
      const res = await fetch(`${h.url}/storage/v1/object/test-docs/headers.txt`, {
        method: 'POST',
        headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=b' },
        body,
      });
      expect(res.status).toBe(400);
    }
    await unchanged();
  });

  it('stores the real image type when an image arrives under another image type', async () => {
    const { error } = await uploader.storage.from('test-images').upload('mislabelled.png', png(JPEG, 'image/png'));
    expect(error).toBeNull();
    const res = await fetch(h.anon.storage.from('test-images').getPublicUrl('mislabelled.png').data.publicUrl);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    await uploader.storage.from('test-images').remove(['mislabelled.png']);
  });

  it('refuses names that try to leave the bucket folder (supabase-js)', async () => {
    for (const name of ['../x.png', 'a/../../x.png', '%2e%2e/x.png', '..\\x.png', 'a\\..\\..\\x.png', '..', 'a/%2e%2e/%2e%2e/x.png']) {
      const { data, error } = await uploader.storage.from('test-public').upload(name, png());
      expect(data, name).toBeNull();
      expect(error, name).not.toBeNull();
    }
    await unchanged();
    expect(readdirSync(sandbox)).toEqual(['root']);
  });

  it('refuses encoded traversal, control characters, empty segments and over-long names (raw HTTP)', async () => {
    const token = signJwt(
      { role: 'authenticated', aud: 'authenticated', sub: UPLOADER.sub, email: UPLOADER.email, exp: Math.floor(Date.now() / 1000) + 600 },
      h.local.context.jwtSecret,
    );
    const names = [
      '..%2Fx.png',
      '..%2F..%2Fx.png',
      'a%2F..%2F..%2Fx.png',
      '%2E%2E%2Fx.png',
      '..%5Cx.png',
      'a%5Cb.png',
      '%2Fx.png',
      'a%2F%2Fb.png',
      'a%2F',
      'x%00.png',
      'x%0A.png',
      '%E2%80%AEgnp.exe',
      `${'a'.repeat(1100)}.png`,
      '%ZZ.png',
    ];
    for (const name of names) {
      const res = await fetch(`${h.url}/storage/v1/object/test-public/${name}`, {
        method: 'POST',
        headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'image/png', 'x-upsert': 'true' },
        body: new Uint8Array(PNG),
      });
      expect(res.status, name).toBe(400);
      const body = await res.json();
      expect(body.statusCode, name).toBe('400');
      expect(body.error, name).toBe('InvalidKey');
    }
    // the same names cannot be read either, publicly or not
    for (const name of ['..%2F..%2Fpackage.json', '..%2Froot%2Ftest-docs%2Fdoc.txt']) {
      const pub = await fetch(`${h.url}/storage/v1/object/public/test-public/${name}`);
      expect(pub.status).toBe(400);
      expect((await pub.json()).error).toBe('InvalidKey');
    }
    // literal dot segments never reach the service: the URL is normalised before routing
    for (const path of ['/storage/v1/object/test-public/a/../../../x.png', '/storage/v1/object/test-public/../../../../x.png']) {
      const status = await new Promise<number>((resolvePromise, reject) => {
        const req = request(
          { host: '127.0.0.1', port: h.local.port, path, method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' } },
          (res) => {
            res.resume();
            resolvePromise(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end(PNG);
      });
      expect(status, path).toBeGreaterThanOrEqual(400);
    }
    await unchanged();
    expect(readdirSync(sandbox)).toEqual(['root']);
  });

  it('refuses uploads the insert policy does not allow', async () => {
    for (const client of [h.anon, other]) {
      const { data, error } = await client.storage.from('test-public').upload('anon.png', png());
      expect(data).toBeNull();
      expect(error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
      const up = await client.storage.from('test-public').upload('folder/pixel.png', png(), { upsert: true });
      expect(up.error).toMatchObject({ statusCode: '403' });
    }
    await unchanged();
  });

  it('refuses forged and expired tokens', async () => {
    const now = Math.floor(Date.now() / 1000);
    const forged = h.local.context.jwtSecret.split('').reverse().join('');
    const cases: [string, string][] = [
      [signJwt({ role: 'authenticated', sub: UPLOADER.sub, email: UPLOADER.email, exp: now + 600 }, forged), 'invalid signature'],
      [signJwt({ role: 'authenticated', sub: UPLOADER.sub, email: UPLOADER.email, exp: now - 10 }, h.local.context.jwtSecret), 'jwt expired'],
    ];
    for (const [token, message] of cases) {
      const res = await fetch(`${h.url}/storage/v1/object/test-public/token.png`, {
        method: 'POST',
        headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'image/png' },
        body: new Uint8Array(PNG),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: '403', error: 'Unauthorized', message });
    }
    const expired = h.as({ ...UPLOADER, exp: now - 10 });
    const { error } = await expired.storage.from('test-public').upload('token.png', png());
    expect(error).toMatchObject({ statusCode: '403', message: 'jwt expired' });
    await unchanged();
  });

  it('refuses a malformed multipart body and unknown routes', async () => {
    const token = signJwt(
      { role: 'authenticated', sub: UPLOADER.sub, email: UPLOADER.email, exp: Math.floor(Date.now() / 1000) + 600 },
      h.local.context.jwtSecret,
    );
    const res = await fetch(`${h.url}/storage/v1/object/test-public/broken.png`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name=""; filename="a.png"\r\n\r\nno end',
    });
    expect(res.status).toBe(400);
    const unknown = await fetch(`${h.url}/storage/v1/nothing/here`, { headers: { apikey: LOCAL_ANON_KEY } });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).statusCode).toBe('404');
    await unchanged();
  });
});
