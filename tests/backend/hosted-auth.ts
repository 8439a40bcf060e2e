// Sign-in as on a hosted project: accounts GoTrue can read, admins by account, sign-ups and the
// admin API as hosted has them, and sessions that end when access changes. Defined once and run
// against the stand-in (hosted-auth.test.ts) and against a real PostgreSQL server
// (rls-matrix.postgres.test.ts), whose auth.users has the columns GoTrue's migrations give it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRING_COLUMNS } from '../../supabase/local/auth/users.ts';
import { ROOT_DIR } from '../../supabase/local/db.ts';
import { LOCAL_ANON_KEY } from '../../supabase/local/keys.ts';
import { HOSTED_SIGNUPS, type Harness } from './harness.ts';

/**
 * How these tests start their stand-in: sign-ups as on hosted, and room for the many sign-ins from
 * one address that a whole suite makes (the limit itself is tested in auth-password.test.ts).
 */
export const HOSTED_AUTH_OPTIONS = { auth: HOSTED_SIGNUPS, signInLimits: { perIp: 500, perEmail: 50 } } as const;

const ADMIN = { sub: 'a0000000-0000-4000-8000-000000000001', email: 'admin@example.com' };

/**
 * Whether the database admits the client to the panel (as any role that writes content: the
 * colleagues here are authors, the default). The private role functions are not in the API, so
 * this reads who wrote the demo posts, which row-level security shows to writers and to nobody else
 * (an empty answer, not an error).
 */
async function isAdmitted(client: SupabaseClient): Promise<boolean> {
  const { data, error } = await client.from('blog_post_staff').select('post_id').limit(1);
  expect(error).toBeNull();
  return (data ?? []).length > 0;
}

/** The "first admin" statement of docs/hosted.md, with its placeholders filled in. */
export function firstAdminSqlFromDocs(email: string, password: string): string {
  const page = readFileSync(join(ROOT_DIR, 'docs', 'hosted.md'), 'utf8');
  const statement = /`(insert into blog_users \(username, email, password, full_name, role\) values [^`]+;)`/.exec(page)?.[1];
  if (!statement) throw new Error('docs/hosted.md no longer shows the first-admin insert');
  return statement
    .replace("'you'", `'${email.split('@')[0]}'`)
    .replace("'you@company.bg'", `'${email}'`)
    .replace("'<a long password>'", `'${password}'`)
    .replace("'Your Name'", "'Първи Администратор'");
}

export function defineHostedAuth(start: () => Promise<Harness>): void {
  let h: Harness;
  let admin: SupabaseClient;

  beforeAll(async () => {
    h = await start();
    admin = h.as(ADMIN);
  });
  afterAll(() => h?.close());

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    h.local.db.asSystem(async (tx) => (await tx.query<T>(text, params)).rows);

  async function authFetch(path: string, init: RequestInit & { token?: string } = {}) {
    const headers = new Headers(init.headers);
    headers.set('apikey', LOCAL_ANON_KEY);
    headers.set('content-type', 'application/json');
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    return fetch(`${h.url}/auth/v1${path}`, { ...init, headers });
  }

  async function signIn(email: string, password: string) {
    const client = h.newClient();
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    return { client, session: data.session, error };
  }

  /** A colleague added in the panel by the admin, signed in on their own device. */
  async function colleague(name: string) {
    const email = `${name}@example.org`;
    const password = `${name}-password-1`;
    const created = await admin.from('blog_users').insert({ username: name, email, password, full_name: name }).select('id, updated_at').single();
    expect(created.error).toBeNull();
    const signedIn = await signIn(email, password);
    expect(signedIn.error).toBeNull();
    return { id: created.data!.id as string, email, password, ...signedIn };
  }

  describe('accounts GoTrue can sign in', () => {
    it('no account the migrations, the seed and the first-admin SQL of docs/hosted.md make has a NULL where GoTrue reads a string', async () => {
      await sql(firstAdminSqlFromDocs('first-admin@example.org', 'first-admin-password'));
      const nulls = await sql<{ email: string; columns: string[] }>(
        `select email, array_remove(array[${STRING_COLUMNS.map((c) => `case when ${c} is null then '${c}' end`).join(', ')}], null) as columns
           from auth.users
          where ${STRING_COLUMNS.map((c) => `${c} is null`).join(' or ')}`,
      );
      expect(nulls).toEqual([]);
      // each has its e-mail identity, as GoTrue makes it: provider_id and sub are the account's id
      const identities = await sql<{ email: string; ok: boolean }>(
        `select u.email,
                exists (select 1 from auth.identities i
                         where i.user_id = u.id and i.provider = 'email' and i.provider_id = u.id::text
                           and i.identity_data ->> 'sub' = u.id::text and i.identity_data ->> 'email' = u.email) as ok
           from auth.users u join public.blog_users b on b.user_id = u.id`,
      );
      expect(identities.length).toBeGreaterThanOrEqual(3);
      expect(identities.filter((i) => !i.ok)).toEqual([]);
      const shape = await sql<{ aud: string; role: string; instance_id: string }>(
        'select distinct u.aud, u.role, u.instance_id::text from auth.users u join public.blog_users b on b.user_id = u.id',
      );
      expect(shape).toEqual([{ aud: 'authenticated', role: 'authenticated', instance_id: '00000000-0000-0000-0000-000000000000' }]);
    });

    it('the first admin made with the SQL of docs/hosted.md signs in and is an admin', async () => {
      await sql(firstAdminSqlFromDocs('readme-admin@example.org', 'readme-admin-password'));
      const { client, error } = await signIn('readme-admin@example.org', 'readme-admin-password');
      expect(error).toBeNull();
      expect(await isAdmitted(client)).toBe(true);
      expect(await sql('select role from public.blog_users where email = $1', ['readme-admin@example.org'])).toEqual([{ role: 'admin' }]);
    });

    it('an account with a NULL where GoTrue reads a string cannot sign in, refresh or read itself: 500, as on hosted', async () => {
      const broken = await colleague('null-tokens');
      await sql('update auth.users set confirmation_token = null, email_change = null where email = $1', [broken.email]);
      const expected = { code: 500, error_code: 'unexpected_failure', msg: 'Database error querying schema' };

      const signInRes = await authFetch('/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email: broken.email, password: broken.password }) });
      expect(signInRes.status).toBe(500);
      expect(await signInRes.json()).toEqual(expected);
      // even with a wrong password: GoTrue fails reading the row, before it checks the password
      const wrong = await authFetch('/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email: broken.email, password: 'wrong-password' }) });
      expect(wrong.status).toBe(500);

      const refresh = await authFetch('/token?grant_type=refresh_token', { method: 'POST', body: JSON.stringify({ refresh_token: broken.session!.refresh_token }) });
      expect(refresh.status).toBe(500);
      expect(await refresh.json()).toEqual(expected);
      const user = await authFetch('/user', { token: broken.session!.access_token });
      expect(user.status).toBe(500);
      expect(await user.json()).toEqual(expected);
      // and supabase-js reports a server failure (it treats a 500 as retryable and keeps no session)
      const viaClient = await h.newClient().auth.signInWithPassword({ email: broken.email, password: broken.password });
      expect(viaClient.error?.status).toBe(500);
      expect(viaClient.data.session).toBeNull();
      // one such row fails the admin API's list of users too, as on hosted; the fix is the '' GoTrue expects
      expect((await h.service.auth.admin.listUsers()).error?.status).toBe(500);
      await sql(`update auth.users set confirmation_token = '', email_change = '' where email = $1`, [broken.email]);
      expect((await signIn(broken.email, broken.password)).error).toBeNull();
    });
  });

  describe('an admin is an account, not an e-mail claim', () => {
    it('a token with an admin\'s address but another account is no admin', async () => {
      const { id } = await h.stranger('claims-admin@example.net', { confirmed: true });
      const forged = h.as({ sub: id, email: ADMIN.email });
      expect(await isAdmitted(forged)).toBe(false);
      const write = await forged.from('project_categories').insert({ name: 'by a claim' });
      expect(write.error?.code).toBe('42501');
      expect(await isAdmitted(admin)).toBe(true);
    });

    it('a stranger who signed up first with a colleague\'s address is never adopted: the colleague is refused in Bulgarian', async () => {
      const { id, client } = await h.stranger('future-colleague@example.org', { confirmed: true });
      const { error, status } = await admin
        .from('blog_users')
        .insert({ username: 'future-colleague', email: 'Future-Colleague@example.org', password: 'colleague-password-1', full_name: 'Колега' });
      expect(status).toBe(409);
      expect(error).toMatchObject({ code: '23505', hint: 'account_exists' });
      expect(error!.message).toMatch(/^Вече има акаунт за вход с имейл future-colleague@example\.org/);
      expect(await sql('select 1 from public.blog_users where email = $1', ['future-colleague@example.org'])).toEqual([]);
      expect(await isAdmitted(client)).toBe(false);
      // the stranger's account is as it was: their password still works, no admin's does
      expect((await signIn('future-colleague@example.org', 'colleague-password-1')).error?.code).toBe('invalid_credentials');
      expect(await sql<{ id: string }>('select id from auth.users where email = $1', ['future-colleague@example.org'])).toEqual([{ id }]);
    });

    it('an address nobody confirmed admits nobody, even linked to an active blog user', async () => {
      const c = await colleague('unconfirmed-admin');
      expect(await isAdmitted(c.client)).toBe(true);
      await sql('update auth.users set email_confirmed_at = null where email = $1', [c.email]);
      expect(await isAdmitted(c.client)).toBe(false);
    });

    it('a re-addressed, deactivated or deleted blog user loses admin rights at the next request', async () => {
      const moved = await colleague('re-addressed');
      const ok = await moved.client.from('project_categories').insert({ name: 're-addressed ok' });
      expect(ok.error).toBeNull();
      await admin.from('blog_users').update({ email: 'moved-on@example.org' }).eq('id', moved.id);
      // the token in hand was minted for the old address
      expect((await moved.client.from('project_categories').insert({ name: 're-addressed late' })).error?.code).toBe('42501');

      const off = await colleague('switched-off');
      await admin.from('blog_users').update({ is_active: false }).eq('id', off.id);
      expect((await off.client.from('project_categories').insert({ name: 'switched-off late' })).error?.code).toBe('42501');

      const gone = await colleague('removed');
      await admin.from('blog_users').delete().eq('id', gone.id);
      expect((await gone.client.from('project_categories').insert({ name: 'removed late' })).error?.code).toBe('42501');
      await admin.from('project_categories').delete().eq('name', 're-addressed ok');
    });
  });

  describe('sessions end when access changes', () => {
    const refreshFails = async (client: SupabaseClient, refreshToken: string) => {
      const { error } = await client.auth.refreshSession({ refresh_token: refreshToken });
      expect(error?.code).toBe('refresh_token_not_found');
    };

    it('a new password ends every session of that blog user', async () => {
      const c = await colleague('new-password');
      const second = await signIn(c.email, c.password);
      await admin.from('blog_users').update({ password: 'a-brand-new-password' }).eq('id', c.id);
      await refreshFails(h.newClient(), c.session!.refresh_token);
      await refreshFails(h.newClient(), second.session!.refresh_token);
      expect((await signIn(c.email, 'a-brand-new-password')).error).toBeNull();
    });

    it('a new address, deactivation and deletion end them too; a new name does not', async () => {
      const renamed = await colleague('only-renamed');
      await admin.from('blog_users').update({ full_name: 'Друго име' }).eq('id', renamed.id);
      expect((await h.newClient().auth.refreshSession({ refresh_token: renamed.session!.refresh_token })).error).toBeNull();

      const moved = await colleague('new-address');
      await admin.from('blog_users').update({ email: 'new-address-2@example.org' }).eq('id', moved.id);
      await refreshFails(h.newClient(), moved.session!.refresh_token);

      const off = await colleague('deactivated');
      await admin.from('blog_users').update({ is_active: false }).eq('id', off.id);
      await refreshFails(h.newClient(), off.session!.refresh_token);

      const gone = await colleague('deleted');
      await admin.from('blog_users').delete().eq('id', gone.id);
      await refreshFails(h.newClient(), gone.session!.refresh_token);
      expect(await sql('select 1 from auth.users where email = $1', [gone.email])).toEqual([]);
    });
  });

  describe('sign-up as on a hosted project', () => {
    it('a new address gets an unconfirmed account and no session; its link confirms it', async () => {
      const client = h.newClient();
      const { data, error } = await client.auth.signUp({ email: 'newcomer@example.net', password: 'newcomer-password' });
      expect(error).toBeNull();
      expect(data.session).toBeNull();
      expect(data.user).toMatchObject({ email: 'newcomer@example.net' });
      expect((await signIn('newcomer@example.net', 'newcomer-password')).error?.code).toBe('email_not_confirmed');
      const link = h.links.get('newcomer@example.net')!;
      expect(link).toMatch(/\/auth\/v1\/verify\?token=[0-9a-f]{56}&type=signup&redirect_to=/);
      const res = await fetch(link, { redirect: 'manual' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toMatch(/#access_token=[^&]+&expires_at=\d+&expires_in=3600&refresh_token=/);
      expect((await signIn('newcomer@example.net', 'newcomer-password')).error).toBeNull();
      // the link works once
      expect((await fetch(link, { redirect: 'manual' })).headers.get('location')).toMatch(/#error=access_denied&error_code=otp_expired/);
    });

    it('an address that has an account gets the same answer as a new one, and the account is untouched', async () => {
      const taken = await h.newClient().auth.signUp({ email: ADMIN.email, password: 'attacker-password' });
      const fresh = await h.newClient().auth.signUp({ email: 'really-new@example.net', password: 'attacker-password' });
      for (const r of [taken, fresh]) {
        expect(r.error).toBeNull();
        expect(r.data.session).toBeNull();
      }
      expect(Object.keys(taken.data.user!).sort()).toEqual(Object.keys(fresh.data.user!).sort());
      expect(taken.data.user!.id).not.toBe(ADMIN.sub);
      expect((await signIn(ADMIN.email, 'attacker-password')).error?.code).toBe('invalid_credentials');
      expect((await signIn(ADMIN.email, 'admin-local-password')).error).toBeNull();
    });

    it('/settings tells what the project allows', async () => {
      const res = await authFetch('/settings');
      expect(await res.json()).toMatchObject({ disable_signup: false, mailer_autoconfirm: false });
    });
  });

  describe('the service role\'s admin API', () => {
    it('creates, lists, reads, updates and deletes accounts; nobody else may', async () => {
      const created = await h.service.auth.admin.createUser({ email: 'made-by-admin-api@example.net', password: 'admin-api-password', email_confirm: true });
      expect(created.error).toBeNull();
      const id = created.data.user!.id;
      expect(created.data.user).toMatchObject({ email: 'made-by-admin-api@example.net', aud: 'authenticated' });
      expect(created.data.user!.email_confirmed_at).toBeTruthy();
      expect((await h.service.auth.admin.createUser({ email: 'made-by-admin-api@example.net', password: 'x-password' })).error?.code).toBe('email_exists');

      const listed = await h.service.auth.admin.listUsers({ page: 1, perPage: 1000 });
      expect(listed.error).toBeNull();
      expect(listed.data.users.map((u) => u.email)).toContain('made-by-admin-api@example.net');
      expect((await h.service.auth.admin.getUserById(id)).data.user?.id).toBe(id);

      const signedIn = await signIn('made-by-admin-api@example.net', 'admin-api-password');
      expect(signedIn.error).toBeNull();
      expect((await h.service.auth.admin.updateUserById(id, { password: 'changed-by-admin-api' })).error).toBeNull();
      expect((await h.newClient().auth.refreshSession({ refresh_token: signedIn.session!.refresh_token })).error?.code).toBe('refresh_token_not_found');

      expect((await h.service.auth.admin.deleteUser(id)).error).toBeNull();
      expect((await h.service.auth.admin.getUserById(id)).error?.status).toBe(404);
      expect((await signIn('made-by-admin-api@example.net', 'changed-by-admin-api')).error?.code).toBe('invalid_credentials');

      for (const token of [null, (await signIn(ADMIN.email, 'admin-local-password')).session!.access_token]) {
        const res = await authFetch('/admin/users', { token: token ?? undefined });
        expect(res.status, String(token)).toBe(token ? 403 : 401);
      }
    });
  });
}
