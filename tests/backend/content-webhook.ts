// The content webhook: a database webhook in Supabase's shape, sent through pg_net's
// net.http_post after the transaction commits, configured by a row and silent without one.
// Defined once and run twice: against the stand-in (content-webhook.test.ts, whose pg_net worker
// is supabase/local/net.ts) and against real PostgreSQL 15 (rls-matrix.postgres.test.ts).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import type { Harness } from './harness.ts';

interface Received {
  authorization: string | undefined;
  contentType: string | undefined;
  body: { type: string; table: string; schema: string; record: Record<string, unknown> | null; old_record: Record<string, unknown> | null };
}

export function defineContentWebhook(start: () => Promise<Harness>) {
  let h: Harness;
  let receiver: Server;
  let receiverUrl: string;
  const received: Received[] = [];
  let n = 0;

  beforeAll(async () => {
    h = await start();
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          authorization: req.headers.authorization,
          contentType: req.headers['content-type'],
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        });
        res.writeHead(202).end('queued');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    await configure('DELETE');
    await h.close();
    await new Promise((r) => receiver.close(r));
  });

  function configure(method: 'PUT' | 'DELETE' | 'GET', body?: unknown, key = LOCAL_SERVICE_ROLE_KEY) {
    return fetch(`${h.url}/__local/content-webhook`, {
      method,
      headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** Everything the writes so far queued has been sent. */
  const sent = async () => {
    await h.local.net.settled();
    return received.splice(0);
  };

  const post = (over: Record<string, unknown> = {}) => ({
    title: `Кука ${++n}`,
    slug: `hook-post-${n}-${Date.now()}`,
    content: 'Дълъг текст, който не бива да пътува до чужди адреси.',
    excerpt: 'Кратко',
    author: 'Тест',
    category: 'AI Решения',
    is_published: true,
    published_at: new Date().toISOString(),
    ...over,
  });

  beforeEach(async () => {
    expect((await configure('PUT', { url: receiverUrl, secret: 's3cret' })).status).toBe(204);
    await sent();
  });

  describe('configuration', () => {
    it('only the service role may read or set where the webhook points', async () => {
      expect((await configure('GET', undefined, LOCAL_ANON_KEY)).status).toBe(403);
      expect((await configure('PUT', { url: 'http://evil.example/' }, LOCAL_ANON_KEY)).status).toBe(403);
      const res = await configure('GET');
      expect(await res.json()).toEqual({ url: receiverUrl });
      expect((await configure('PUT', { url: 'file:///etc/passwd' })).status).toBe(400);
    });

    it('without a configured URL, writes succeed and nothing is sent', async () => {
      await configure('DELETE');
      const { error } = await h.service.from('blog_posts').insert(post());
      expect(error).toBeNull();
      expect(await sent()).toEqual([]);
    });

    it('the anonymous and signed-in roles cannot queue requests of their own', async () => {
      for (const role of ['anon', 'authenticated'] as const) {
        await expect(
          h.local.db.asRole({ role }, (tx) => tx.query(`select net.http_post('http://127.0.0.1:1/x', '{}'::jsonb)`)),
        ).rejects.toMatchObject({ code: '42501' });
        // nor read where the webhook points, or its secret (Vault)
        await expect(
          h.local.db.asRole({ role }, (tx) => tx.query(`select private.vault_secret('content_webhook_url')`)),
        ).rejects.toMatchObject({ code: '42501' });
        await expect(
          h.local.db.asRole({ role }, (tx) => tx.query(`select decrypted_secret from vault.decrypted_secrets where name like 'content_webhook%'`)),
        ).rejects.toMatchObject({ code: '42501' });
      }
    });
  });

  describe('what is sent', () => {
    it('a published post: INSERT in Supabase\'s payload shape, with the secret, without the body text', async () => {
      const row = post();
      const { error } = await h.service.from('blog_posts').insert(row);
      expect(error).toBeNull();
      const [hook, ...more] = await sent();
      expect(more).toEqual([]);
      expect(hook.authorization).toBe('Bearer s3cret');
      expect(hook.contentType).toBe('application/json');
      expect(hook.body).toMatchObject({ type: 'INSERT', table: 'blog_posts', schema: 'public', old_record: null });
      expect(hook.body.record).toMatchObject({ slug: row.slug, title: row.title, is_published: true, category: 'AI Решения' });
      expect(hook.body.record).not.toHaveProperty('content');
    });

    it("the stand-in's pg_net worker, held by a test, sends nothing until it is released, then what was queued", async () => {
      const release = await h.local.net.hold();
      let released = false;
      try {
        const row = post();
        expect((await h.service.from('blog_posts').insert(row)).error).toBeNull();
        await h.local.net.settled(); // resolves while held: there is nothing it may send
        await new Promise((r) => setTimeout(r, 50));
        expect(received).toEqual([]);
        release();
        released = true;
        const hooks = await sent();
        expect(hooks.map((hook) => hook.body.record?.slug)).toEqual([row.slug]);
      } finally {
        if (!released) release();
      }
    });

    it('hiding, renaming and deleting carry the old row, so the old page can be removed', async () => {
      const row = post();
      await h.service.from('blog_posts').insert(row);
      await sent();
      await h.service.from('blog_posts').update({ is_published: false }).eq('slug', row.slug);
      const [hidden] = await sent();
      expect(hidden.body).toMatchObject({ type: 'UPDATE', record: { slug: row.slug, is_published: false }, old_record: { is_published: true } });

      await h.service.from('blog_posts').update({ is_published: true, slug: `${row.slug}-new` }).eq('slug', row.slug);
      const [renamed] = await sent();
      expect(renamed.body).toMatchObject({ type: 'UPDATE', record: { slug: `${row.slug}-new` }, old_record: { slug: row.slug } });

      await h.service.from('blog_posts').delete().eq('slug', `${row.slug}-new`);
      const [deleted] = await sent();
      expect(deleted.body).toMatchObject({ type: 'DELETE', record: null, old_record: { slug: `${row.slug}-new` } });
    });

    it('a draft that stays a draft shows on no public page: nothing is sent', async () => {
      const row = post({ is_published: false, published_at: null });
      await h.service.from('blog_posts').insert(row);
      await h.service.from('blog_posts').update({ title: 'Още чернова' }).eq('slug', row.slug);
      expect(await sent()).toEqual([]);
    });

    it('a write that is rolled back sends nothing (pg_net sends after commit)', async () => {
      const a = post();
      const b = post({ slug: a.slug });
      // one statement, two rows with the same slug: the second fails and takes the first with it
      const { error } = await h.service.from('blog_posts').insert([a, b]);
      expect(error?.code).toBe('23505');
      expect(await sent()).toEqual([]);
    });

    it('projects, clients and categories: renaming a category also reports each project it cascades to', async () => {
      const name = `Кат ${Date.now()}`;
      const { data: cat } = await h.service.from('project_categories').insert({ name }).select('id').single();
      await h.service.from('projects').insert({
        title: 'Проект на куката',
        category: name,
        image: 'https://example.com/p.png',
        link: 'https://example.com',
        description: 'Описание',
        detailed_description: 'Дълго описание',
        slug: `hook-project-${n}`,
      });
      await h.service.from('clients').insert({ name: 'Клиент на куката', logo: 'https://example.com/l.png' });
      const created = await sent();
      expect(created.map((r) => `${r.body.type} ${r.body.table}`)).toEqual([
        'INSERT project_categories',
        'INSERT projects',
        'INSERT clients',
      ]);
      expect(created[1].body.record).not.toHaveProperty('detailed_description');

      const { error } = await h.service.rpc('rename_project_category', { category_id: cat!.id, new_name: `${name} 2` });
      expect(error).toBeNull();
      const renamed = await sent();
      expect(renamed.map((r) => `${r.body.type} ${r.body.table}`).sort()).toEqual(['UPDATE project_categories', 'UPDATE projects']);
      expect(renamed.find((r) => r.body.table === 'projects')!.body.record).toMatchObject({ category: `${name} 2` });
    });

    it('without pg_net installed, a configured webhook does not fail the write', async () => {
      const row = post();
      const rollback = new Error('roll back');
      // hide net.http_post for the length of one transaction, as on a PostgreSQL without pg_net
      await expect(
        h.local.db.asSystem(async (tx) => {
          await tx.exec('alter schema net rename to net_hidden');
          await tx.query(
            `insert into public.blog_posts (title, slug, author, is_published, published_at) values ($1, $2, 'Тест', true, now())`,
            [row.title, row.slug],
          );
          const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from public.blog_posts where slug = $1', [row.slug]);
          expect(rows[0].n).toBe(1);
          throw rollback;
        }),
      ).rejects.toBe(rollback);
      expect(await sent()).toEqual([]);
    });
  });
}
