// What hosted Supabase's gateway and services do under abuse, and the stand-in too: a project key
// on every API path, only local Host names, a bounded chat-webhook sink, max_rows on every read,
// and sign-ins limited per IP address and per e-mail without the hashing holding up others.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignInLimiter } from '../../supabase/local/auth/ratelimit.ts';
import { bcrypt } from '../../supabase/local/engine/bcrypt.mjs';
import { crypt, genSalt } from '../../supabase/local/engine/hasher.ts';
import { parseConfigNumbers, readProjectConfig } from '../../supabase/local/config.ts';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import { MAX_WEBHOOK_BODY, WEBHOOK_KEEP } from '../../supabase/local/server.ts';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  // as a gateway does: the client's address is the socket's, whatever header the client sends
  h = await startHarness({ signInLimits: { perIp: 6, perEmail: 4 }, trustClientAddress: false });
});
afterAll(() => h.close());

/** A raw request, so the Host header can be anything. */
function rawGet(path: string, host: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const { port } = new URL(h.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the client address', () => {
  it('is the socket\'s: a cf-connecting-ip a client sends is ignored, so a bot cannot pose as many visitors', async () => {
    const inquiry = (i: number) => ({
      name: 'Бот Ботов',
      email: `spoof${i}@example.com`,
      phone: '',
      company: 'Ботове',
      message: 'Здравейте.',
      purpose: 'custom',
      contact_method: 'email',
    });
    const answers = [];
    for (let i = 0; i < 4; i++) {
      // a fresh "address" in every request: the stand-in, like hosted's gateway, overwrites it
      const { error } = await h.visitor(`10.66.0.${i + 1}`).from('contact_submissions').insert(inquiry(i));
      answers.push(error?.hint ?? 'stored');
    }
    expect(answers).toEqual(['stored', 'stored', 'stored', 'inquiry_limit_client']);
  });
});

describe('apikey on every API path', () => {
  it('refuses /rest/v1, /auth/v1 and /storage/v1 without a key, and with a key not signed by the project', async () => {
    for (const path of ['/rest/v1/clients?select=id', '/auth/v1/settings', '/auth/v1/health', '/storage/v1/bucket']) {
      const none = await fetch(`${h.url}${path}`);
      expect(none.status, path).toBe(401);
      expect(await none.json(), path).toMatchObject({ message: 'No API key found in request' });
      const forged = await fetch(`${h.url}${path}`, { headers: { apikey: `${LOCAL_ANON_KEY.slice(0, -2)}xx` } });
      expect(forged.status, path).toBe(401);
      expect(await forged.json(), path).toMatchObject({ message: 'Invalid API key' });
      const ok = await fetch(`${h.url}${path}`, { headers: { apikey: LOCAL_ANON_KEY } });
      expect(ok.status, path).toBeLessThan(400);
    }
  });

  it('refuses a sign-in without a key before looking at the password', async () => {
    const res = await fetch(`${h.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'admin-local-password' }),
    });
    expect(res.status).toBe(401);
  });

  it('keeps public object URLs open, as <img> tags send no headers', async () => {
    const res = await fetch(`${h.url}/storage/v1/object/public/blog-images/none.png`);
    expect(res.status).not.toBe(401);
  });
});

describe('Host header', () => {
  it('answers 127.0.0.1 and localhost, with or without the port', async () => {
    const { port } = new URL(h.url);
    for (const host of ['127.0.0.1', `127.0.0.1:${port}`, 'localhost', `LOCALHOST:${port}`, `[::1]:${port}`]) {
      expect((await rawGet('/__local/health', host)).status, host).toBe(200);
    }
  });

  it('refuses any other name, so a page cannot reach the stand-in by DNS rebinding', async () => {
    for (const host of ['evil.example', 'evil.example:54321', '127.0.0.1.evil.example', 'localhost.evil.example']) {
      const res = await rawGet('/rest/v1/clients?select=id', host, { apikey: LOCAL_ANON_KEY });
      expect(res.status, host).toBe(403);
      expect(res.body, host).not.toContain('logo');
    }
  });
});

describe('chat-webhook sink', () => {
  const url = () => `${h.url}/__local/chat-webhook`;
  const post = (body: string) => fetch(url(), { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it(`refuses a message above ${MAX_WEBHOOK_BODY} bytes with 413 and keeps nothing of it`, async () => {
    await fetch(url(), { method: 'DELETE' });
    const big = JSON.stringify({ content: 'x'.repeat(MAX_WEBHOOK_BODY) });
    const res = await post(big);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'Payload too large' });
    expect(await (await fetch(url())).json()).toEqual([]);
  });

  it(`keeps the newest ${WEBHOOK_KEEP} messages`, async () => {
    await fetch(url(), { method: 'DELETE' });
    for (let i = 0; i < WEBHOOK_KEEP + 5; i++) expect((await post(JSON.stringify({ content: `m${i}` }))).status).toBe(204);
    const list = (await (await fetch(url())).json()) as { body: { content: string } }[];
    expect(list).toHaveLength(WEBHOOK_KEEP);
    expect(list[0].body.content).toBe('m5');
    expect(list.at(-1)!.body.content).toBe(`m${WEBHOOK_KEEP + 4}`);
  });

  it('a deeply nested message never makes reading the sink fail', async () => {
    await fetch(url(), { method: 'DELETE' });
    const depth = 30_000;
    const res = await post(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    expect([204, 400]).toContain(res.status);
    expect((await post('{"content":"after"}')).status).toBe(204);
    const list = await fetch(url());
    expect(list.status).toBe(200);
    const text = await list.text();
    expect(text).toContain('"content":"after"');
  });

  it('refuses a body that is not JSON', async () => {
    expect((await post('{not json')).status).toBe(400);
  });
});

describe('max_rows', () => {
  it('reads max_rows from supabase/config.toml like the Supabase CLI', () => {
    expect(readProjectConfig().maxRows).toBe(1000);
    expect(parseConfigNumbers('[api]\nmax_rows = 25 # comment\n[auth.rate_limit]\nsign_in_sign_ups = 7').get('auth.rate_limit.sign_in_sign_ups')).toBe(7);
  });

  it('caps every read at 1000 rows, for the admin too, with the full count in Content-Range', async () => {
    const rows = Array.from({ length: 1005 }, (_, i) => ({ name: `bulk ${i}`, logo: '/x.svg' }));
    const ins = await h.service.from('clients').insert(rows);
    expect(ins.error).toBeNull();
    const total = (await h.service.from('clients').select('id', { count: 'exact', head: true })).count!;
    expect(total).toBeGreaterThan(1005);

    const res = await fetch(`${h.url}/rest/v1/clients?select=id`, {
      headers: { apikey: LOCAL_SERVICE_ROLE_KEY, prefer: 'count=exact' },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`0-999/${total}`);
    expect(await res.json()).toHaveLength(1000);

    const asked = await h.anon.from('clients').select('id').limit(5000);
    expect(asked.data).toHaveLength(1000);
    const page = await h.anon.from('clients').select('id').range(1000, 1999);
    expect(page.data).toHaveLength(total - 1000);
    const small = await h.anon.from('clients').select('id').limit(3);
    expect(small.data).toHaveLength(3);
  });
});

describe('max_rows on set-returning functions', () => {
  let small: Harness;
  beforeAll(async () => {
    small = await startHarness({ maxRows: 2 });
  });
  afterAll(() => small.close());

  it('caps what an RPC returns as well', async () => {
    const { data, error } = await small.anon.rpc('blog_category_counts', { max_count: 10 });
    expect(error).toBeNull();
    expect(data).toHaveLength(2);
    const { data: clients } = await small.anon.from('clients').select('id');
    expect(clients).toHaveLength(2);
  });
});

describe('sign-in rate limits', () => {
  const signIn = (email: string, password: string) =>
    fetch(`${h.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });

  it('answers 429 over_request_rate_limit past the limit per e-mail, then per IP address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await signIn('admin@example.com', `wrong-${i}`)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const limited = await signIn('admin@example.com', 'admin-local-password');
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: 'over_request_rate_limit', msg: 'Request rate limit reached' });

    // the address has made 6 attempts: its bucket is empty too, whatever the e-mail
    const other = await signIn('georgi@example.com', 'wrong');
    expect(other.status).toBe(429);
  });

  it('refills evenly over the window and keeps e-mails apart from addresses', () => {
    let now = 0;
    const limiter = new SignInLimiter({ perIp: 3, perEmail: 2, windowMs: 300_000 }, () => now);
    expect(limiter.allow('10.0.0.1', 'a@x.bg')).toBe(true);
    expect(limiter.allow('10.0.0.2', 'A@x.bg')).toBe(true);
    // a third address, same account: the account is out of attempts
    expect(limiter.allow('10.0.0.3', 'a@x.bg')).toBe(false);
    expect(limiter.allow('10.0.0.3', 'b@x.bg')).toBe(true);
    expect(limiter.allow('10.0.0.1', 'c@x.bg')).toBe(true);
    expect(limiter.allow('10.0.0.1', 'd@x.bg')).toBe(true);
    expect(limiter.allow('10.0.0.1', 'e@x.bg')).toBe(false);
    now += 100_000; // a third of the window: one attempt back per address
    expect(limiter.allow('10.0.0.1', 'e@x.bg')).toBe(true);
    expect(limiter.allow('10.0.0.1', 'f@x.bg')).toBe(false);
  });
});

describe('password hashing', () => {
  it('computes exactly the hashes pgcrypto writes, off the main thread', async () => {
    const passwords = ['admin-local-password', 'Паролата е ünicode', 'x'.repeat(80), ''];
    const hashes = await h.local.db.asSystem(async (tx) =>
      Promise.all(passwords.map(async (p) => (await tx.query<{ h: string }>(`select crypt($1, gen_salt('bf', 4)) as h`, [p])).rows[0].h)),
    );
    for (const [i, p] of passwords.entries()) {
      expect(await crypt(p, hashes[i]), p).toBe(hashes[i]);
      expect(bcrypt(`!${p}`, hashes[i]), p).not.toBe(hashes[i]);
    }
    // and pgcrypto accepts what ours makes
    const ours = await crypt('secret-pass-1', genSalt().replace('$10$', '$04$'));
    const { rows } = await h.local.db.asSystem((tx) => tx.query<{ ok: boolean }>('select crypt($1, $2) = $2 as ok', ['secret-pass-1', ours]));
    expect(rows[0].ok).toBe(true);
  });

  let busy: Harness;
  beforeAll(async () => {
    busy = await startHarness({ signInLimits: { perIp: 0 } });
  });
  afterAll(() => busy.close());

  it('does not hold up other requests while sign-ins are checked', async () => {
    let signInsDone = false;
    const attempts = Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        fetch(`${busy.url}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@example.com', password: `wrong-${i}` }),
        }).then((r) => r.status),
      ),
    ).finally(() => {
      signInsDone = true;
    });
    await new Promise((r) => setTimeout(r, 50));
    const { data, error } = await busy.anon.from('clients').select('id').limit(1);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    // the read was answered while the bcrypt work was still queued
    expect(signInsDone).toBe(false);
    expect(new Set(await attempts)).toEqual(new Set([400]));
  });
});
