// The admin's Supabase client by parts (src/shared/db/supabase-client.ts, supabase-storage.ts): GoTrue's
// and PostgREST's clients put together as supabase-js puts them, against the stand-in. Every data
// request must carry the signed-in account's token, not the project's key: a request sent as anon
// would read nothing and write nothing, and an upload would be refused as the visitor's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminClient } from '../../src/shared/db/supabase-client.ts';
import { createStorage } from '../../src/shared/db/supabase-storage.ts';
import type { SupabaseClient } from '../../src/shared/db/supabase-types.ts';
import { LOCAL_ANON_KEY } from '../../supabase/local/keys.ts';
import { totpCode } from '../../supabase/local/auth/totp.ts';
import { ensureSecondFactor, startHarness, type Harness } from './harness.ts';

const ADMIN = { email: 'admin@example.com', password: 'admin-local-password' };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** localStorage as the browser has it, for GoTrue's client in Node. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

let h: Harness;
let client: SupabaseClient;

beforeAll(async () => {
  h = await startHarness();
  Object.defineProperty(globalThis, 'localStorage', { value: memoryStorage(), configurable: true });
  client = createAdminClient({ url: h.url, anonKey: LOCAL_ANON_KEY }, 'parts-test-token');
});
afterAll(async () => {
  Reflect.deleteProperty(globalThis, 'localStorage');
  await h?.close();
});

describe("the admin's client by parts", () => {
  it('before signing in it asks as the visitor: a draft post is not to be seen', async () => {
    const { data, error } = await client.from('blog_posts').select('id').eq('is_published', false);
    expect(error).toBeNull();
    expect(data).toEqual([]);
    // not vacuous: the seed does hold drafts
    const drafts = await h.service.from('blog_posts').select('id').eq('is_published', false);
    expect(drafts.data?.length).toBeGreaterThan(0);
  });

  it('signs in through GoTrue, keeps the session, and sends its token with every query and function call', async () => {
    const { data, error } = await client.auth.signInWithPassword(ADMIN);
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    // the admin's own blog_users row: row-level security shows it to this account only
    const me = await client.from('blog_users').select('email, is_active').eq('user_id', data.user!.id).maybeSingle();
    expect(me.error).toBeNull();
    expect(me.data).toEqual({ email: ADMIN.email, is_active: true });
    // the drafts, which only the staff who write read
    const drafts = await client.from('blog_posts').select('id').eq('is_published', false);
    expect(drafts.data?.length).toBeGreaterThan(0);
    // the password alone does not open what only an administrator with a second factor may call
    expect((await client.rpc('newsletter_counts')).error?.code).toBe('42501');
    // GoTrue's MFA API through the same client: the session it keeps is then aal2, and it is that
    // session's token the next call carries
    const factor = await ensureSecondFactor(h.local, data.user!.id);
    const verified = await client.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: totpCode(factor!.secret) });
    expect(verified.error).toBeNull();
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2');
    const counts = await client.rpc('newsletter_counts');
    expect(counts.error).toBeNull();
  });

  it("uploads to the image bucket as the signed-in admin (Storage in a part of its own), and a visitor's upload is refused", async () => {
    const storage = createStorage({ url: h.url, anonKey: LOCAL_ANON_KEY }, client.auth);
    const path = `parts-test/${Date.now()}.png`;
    const { data, error } = await storage.from('blog-images').upload(path, new Blob([PNG], { type: 'image/png' }), { contentType: 'image/png' });
    expect(error).toBeNull();
    expect(data?.path).toBe(path);
    const stored = await h.service.storage.from('blog-images').list('parts-test');
    expect(stored.data?.map((o) => o.name)).toContain(path.split('/')[1]);
    const refused = await h.anon.storage.from('blog-images').upload(`parts-test/anon-${Date.now()}.png`, new Blob([PNG], { type: 'image/png' }));
    expect(refused.error).not.toBeNull();
  });

  it('signs out: the token is gone and the queries are the visitor’s again', async () => {
    const { error } = await client.auth.signOut();
    expect(error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();
    const counts = await client.rpc('newsletter_counts');
    expect(counts.error).not.toBeNull();
    const drafts = await client.from('blog_posts').select('id').eq('is_published', false);
    expect(drafts.data).toEqual([]);
  });
});
