// The product's own flow against the project's migrations and seed: the local administrator
// signs in through /auth/v1 and uploads a post image to 'blog-images', which anyone can then load.
import './node-websocket.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOCAL_ADMIN } from '../../supabase/local/keys.ts';
import { startHarness, type Harness } from './harness.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

it('the seeded administrator signs in and publishes an image to blog-images', async () => {
  const admin = h.newClient();
  const { data, error } = await admin.auth.signInWithPassword(LOCAL_ADMIN);
  expect(error).toBeNull();
  expect(data.user!.email).toBe(LOCAL_ADMIN.email);

  const bucket = await admin.storage.getBucket('blog-images');
  expect(bucket.error).toBeNull();
  expect((await admin.storage.from('blog-images').list()).error).toBeNull();

  const name = `blog/${Date.now()}-cover.png`;
  const upload = await admin.storage
    .from('blog-images')
    .upload(name, new Blob([new Uint8Array(PNG)], { type: 'image/png' }), { cacheControl: '3600', upsert: false });
  expect(upload.error).toBeNull();
  const res = await fetch(admin.storage.from('blog-images').getPublicUrl(name).data.publicUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  expect(res.headers.get('cache-control')).toBe('max-age=3600');

  const anon = await h.anon.storage.from('blog-images').upload('blog/anon.png', new Blob([new Uint8Array(PNG)], { type: 'image/png' }));
  expect(anon.error?.message).toBe('new row violates row-level security policy');

  expect((await admin.storage.from('blog-images').remove([name])).data).toHaveLength(1);
  expect((await admin.auth.signOut()).error).toBeNull();
});
