// The newsletter's Edge Functions (supabase/functions/) in the stand-in's Deno runtime, as mail
// programs and the provider call them: the one-click unsubscribe (RFC 8058) and the provider's
// signed bounces and complaints (Standard Webhooks), which suppress exactly the address they name.
// Subscribers are arranged in SQL; the database's rules are proven in newsletter.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '../../supabase/functions/_shared/standard-webhooks.ts';
import { startHarness, type Harness } from './harness.ts';

const SECRET = `whsec_${Buffer.from('the test suite signs with this one').toString('base64')}`;
const SITE = 'https://sinaptika.example';

let h: Harness;
let n = 0;
const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  h.local.db.asSystem(async (tx) => (await tx.query<T>(text, params)).rows);

/** A confirmed subscriber; returns the address and its unsubscribe token. */
async function subscriber(name: string, domain = 'example.com'): Promise<{ email: string; token: string }> {
  const email = `${name}-${++n}-${Date.now() % 100000}@${domain}`;
  const [row] = await sql<{ token: string }>(
    `insert into public.newsletter_subscribers (email, mailbox, status, confirmed_at)
     values ($1, private.mailbox_key($1), 'confirmed', now()) returning private.unsubscribe_token(id) as token`,
    [email],
  );
  return { email, token: row.token };
}
const stateOf = async (email: string) =>
  (await sql<{ status: string; unsubscribed_via: string | null; suppressed_reason: string | null }>(
    'select status, unsubscribed_via, suppressed_reason from public.newsletter_subscribers where email = $1',
    [email],
  ))[0];

beforeAll(async () => {
  h = await startHarness({ functions: { envFile: false, secrets: { RESEND_WEBHOOK_SECRET: SECRET, SITE_URL: SITE } } });
}, 60_000);
afterAll(() => h.close());

describe('newsletter-unsubscribe', () => {
  const address = (token: string) => `${h.url}/functions/v1/newsletter-unsubscribe?token=${token}`;
  const oneClick = (token: string, body = 'List-Unsubscribe=One-Click') =>
    fetch(address(token), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });

  it('unsubscribes at once on the one-click POST, with no token of Supabase’s and no page', async () => {
    const { email, token } = await subscriber('odin-klik');
    const res = await oneClick(token);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('Отписахте се от бюлетина.');
    expect(await stateOf(email)).toMatchObject({ status: 'unsubscribed', unsubscribed_via: 'one_click' });
    // a second click is fine
    expect((await oneClick(token)).status).toBe(200);
  });

  it('changes nothing on GET or HEAD (mail scanners): it leads to the site’s page with the button', async () => {
    const { email, token } = await subscriber('skener');
    const res = await fetch(address(token), { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${SITE}/newsletter/unsubscribe/${token}`);
    // hosted's gateway answers HEAD itself (Edge Functions take GET, POST, PUT, PATCH, DELETE, OPTIONS)
    expect((await fetch(address(token), { method: 'HEAD' })).status).toBe(405);
    expect((await stateOf(email)).status).toBe('confirmed');
  });

  it('refuses a POST that is no one-click, a forged token and another method, changing nothing', async () => {
    const { email, token } = await subscriber('falshiv');
    expect((await oneClick(token, 'unsubscribe=yes')).status).toBe(400);
    expect((await oneClick(`${token.slice(0, 33)}${'A'.repeat(32)}`)).status).toBe(404);
    expect((await oneClick('not-a-token')).status).toBe(400);
    expect((await fetch(address(token), { method: 'PUT' })).status).toBe(405);
    expect((await stateOf(email)).status).toBe('confirmed');
  });
});

describe('mail-events', () => {
  const events = () => `${h.url}/functions/v1/mail-events`;
  const body = (type: string, to: string, bounce?: Record<string, string>) =>
    JSON.stringify({ type, created_at: new Date().toISOString(), data: { email_id: 'e-1', to: [to], ...(bounce ? { bounce } : {}) } });
  async function deliver(payload: string, options: { secret?: string; id?: string; at?: number } = {}) {
    const id = options.id ?? `msg_${++n}_${Date.now()}`;
    const at = options.at ?? Math.floor(Date.now() / 1000);
    return fetch(events(), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'svix-id': id,
        'svix-timestamp': String(at),
        'svix-signature': await sign(options.secret ?? SECRET, id, at, payload),
      },
      body: payload,
    });
  }

  it('suppresses on a signed complaint and a signed hard bounce; a replayed delivery changes nothing twice', async () => {
    const complainer = await subscriber('oplakva');
    const res = await deliver(body('email.complained', complainer.email), { id: 'msg_replayed' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ kind: 'complained', results: { [complainer.email]: 'suppressed' } });
    expect(await stateOf(complainer.email)).toMatchObject({ status: 'suppressed', suppressed_reason: 'complained' });
    expect(await (await deliver(body('email.complained', complainer.email), { id: 'msg_replayed' })).json()).toMatchObject({
      results: { [complainer.email]: 'duplicate' },
    });

    const bounced = await subscriber('otskacha');
    expect((await deliver(body('email.bounced', bounced.email, { type: 'Permanent', subType: 'General' }))).status).toBe(200);
    expect(await stateOf(bounced.email)).toMatchObject({ status: 'suppressed', suppressed_reason: 'bounced' });
  });

  it('suppresses exactly the address a signed bounce names: a +tag on abv.bg (no plus addressing there) is another address', async () => {
    const victim = await subscriber('zhertva', 'abv.bg');
    const tagged = victim.email.replace('@', '+x@');
    const res = await deliver(body('email.bounced', tagged, { type: 'Permanent', subType: 'General' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ kind: 'bounced_hard', results: { [tagged]: 'unknown_address' } });
    expect(await stateOf(victim.email)).toMatchObject({ status: 'confirmed', suppressed_reason: null });

    const exact = await deliver(body('email.bounced', `Жертва <${victim.email.toUpperCase()}>`, { type: 'Permanent', subType: 'General' }));
    expect(await exact.json()).toEqual({ kind: 'bounced_hard', results: { [victim.email.toUpperCase()]: 'suppressed' } });
    expect(await stateOf(victim.email)).toMatchObject({ status: 'suppressed', suppressed_reason: 'bounced' });
  });

  it('counts transient bounces and suppresses on the third', async () => {
    const soft = await subscriber('myaka');
    for (let i = 0; i < 2; i++) await deliver(body('email.bounced', soft.email, { type: 'Transient', subType: 'MailboxFull' }));
    expect((await stateOf(soft.email)).status).toBe('confirmed');
    await deliver(body('email.bounced', soft.email, { type: 'Transient', subType: 'MailboxFull' }));
    expect((await stateOf(soft.email)).status).toBe('suppressed');
  });

  it('refuses an unsigned, wrongly signed or stale delivery with 401, changing nothing', async () => {
    const target = await subscriber('ne-pipai');
    const payload = body('email.complained', target.email);
    const unsigned = await fetch(events(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: payload });
    expect(unsigned.status).toBe(401);
    expect((await deliver(payload, { secret: `whsec_${Buffer.from('somebody else entirely, 32 bytes').toString('base64')}` })).status).toBe(401);
    expect((await deliver(payload, { at: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(401);
    // signed for one body, sent with another
    const other = await subscriber('drug');
    const id = `msg_swap_${Date.now()}`;
    const at = Math.floor(Date.now() / 1000);
    const swapped = await fetch(events(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'svix-id': id, 'svix-timestamp': String(at), 'svix-signature': await sign(SECRET, id, at, payload) },
      body: body('email.complained', other.email),
    });
    expect(swapped.status).toBe(401);
    expect((await stateOf(target.email)).status).toBe('confirmed');
    expect((await stateOf(other.email)).status).toBe('confirmed');
    expect((await fetch(events())).status).toBe(405);
  });

  it('ignores events that change no subscriber, and addresses it does not know', async () => {
    const reader = await subscriber('chete');
    expect(await (await deliver(body('email.delivered', reader.email))).json()).toEqual({ ignored: true });
    expect(await (await deliver(body('email.complained', 'nobody@example.com'))).json()).toEqual({
      kind: 'complained',
      results: { 'nobody@example.com': 'unknown_address' },
    });
    expect((await stateOf(reader.email)).status).toBe('confirmed');
  });
});
