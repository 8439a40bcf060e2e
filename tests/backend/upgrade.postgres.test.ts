// An upgrade, on real PostgreSQL 15, of a project that ran the earlier versions with sign-ups on:
// the migrations are applied in the order a project lived through them, with that time's data
// written in between. A stranger signed up first under a colleague's address; the old account
// trigger adopted that account when the colleague was added, the admin-accounts migration's
// e-mail backfill linked it, and the stranger kept a signed-in session through all of it. The
// api-surface migration ends every session and refresh token of the accounts that backfill
// linked; `npm run doctor:hosted` then names the admin whose account is older than their blog user.
// The newsletter's rows as the earlier sign-up left them: the signup-and-proofs migration retires
// the link a re-subscribed address had used, records the withdrawal an unsubscribe had left only on
// its subscriber, and drops the proofs of mailbox that newsletter confirmations had made.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresDb } from '../../supabase/local/engine/postgres.ts';
import { LOCAL_ANON_KEY } from '../../supabase/local/keys.ts';
import { doctorEnv } from './doctor-hosted.ts';
import { startHarness } from './harness.ts';
import { applyMigrations, applyPlatform, findPostgres, postgresSkipReason, startPostgres, type PostgresCluster } from './postgres-cluster.ts';

const skip = postgresSkipReason();
if (skip) console.warn(`[upgrade.postgres] skipped: ${skip}`);
const suite = skip ? describe.skip : describe;

const ADMIN_ACCOUNTS = '20261127000100';
const API_SURFACE = '20261128000800';
const SIGNUP_AND_PROOFS = '20261128001600';
/** Confirmation tokens of the earlier version's links (the database keeps their hashes). */
const USED_LINK = 'U'.repeat(43);
const LIVE_LINK = 'L'.repeat(43);
const GONE_LINK = 'G'.repeat(43);

suite(`an upgrade on real PostgreSQL ${findPostgres()?.version ?? ''}`, () => {
  let cluster: PostgresCluster | undefined;
  const ids: Record<string, string> = {};
  const rows = async <T,>(text: string) => {
    const db = new PostgresDb({ connection: cluster!.connection });
    try {
      return await db.asSystem(async (tx) => (await tx.query<T>(text)).rows);
    } finally {
      await db.close();
    }
  };
  /** A session with one refresh token, as GoTrue keeps a signed-in browser. */
  const signedIn = (account: string, token: string) => `
    with s as (insert into auth.sessions (id, user_id, created_at, updated_at) values (gen_random_uuid(), '${account}', now(), now()) returning id)
    insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, session_id)
    select '${token}', '${account}', false, now(), now(), s.id from s;`;

  beforeAll(async () => {
    cluster = await startPostgres();
    await applyPlatform(cluster);
    await applyMigrations(cluster, (v) => v < ADMIN_ACCOUNTS);
    // a stranger signs up with a colleague's address, a day before the colleague is added, and stays signed in
    await cluster.sql(`
      insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_token,
                              recovery_token, email_change_token_new, email_change, raw_app_meta_data, raw_user_meta_data,
                              created_at, updated_at)
      values ('00000000-0000-0000-0000-000000000000', 'b0000000-0000-4000-8000-00000000000f', 'authenticated', 'authenticated',
              'colleague@agency.example', extensions.crypt('stranger-password-1', extensions.gen_salt('bf', 4)), now() - interval '1 day',
              '', '', '', '', '{"provider": "email", "providers": ["email"]}', '{}', now() - interval '1 day', now() - interval '1 day');
      ${signedIn('b0000000-0000-4000-8000-00000000000f', 'stranger-before')}
      -- the team adds the colleague, and its own boss (the old trigger adopts the stranger's account for the first)
      insert into public.blog_users (username, email, password, full_name) values
        ('colleague', 'colleague@agency.example', 'colleague-password-1', 'Колега'),
        ('boss', 'boss@agency.example', 'boss-password-1', 'Шеф');`);
    await applyMigrations(cluster, (v) => v >= ADMIN_ACCOUNTS && v < API_SURFACE);
    const accounts = await rows<{ username: string; user_id: string }>('select username, user_id from public.blog_users');
    for (const a of accounts) ids[a.username] = a.user_id;
    // after the admin-accounts upgrade: the stranger still signs in with the session it had, the
    // boss signs in, and a new admin is added by the new trigger and signs in
    await cluster.sql(`
      ${signedIn(ids.colleague, 'stranger-after')}
      ${signedIn(ids.boss, 'boss-after')}
      insert into public.blog_users (username, email, password, full_name) values ('newcomer', 'newcomer@agency.example', 'newcomer-password-1', 'Нов');`);
    ids.newcomer = (await rows<{ user_id: string }>(`select user_id from public.blog_users where username = 'newcomer'`))[0].user_id;
    await cluster.sql(signedIn(ids.newcomer, 'newcomer-after'));
    await applyMigrations(cluster, (v) => v >= API_SURFACE && v < SIGNUP_AND_PROOFS);
    // the newsletter as the earlier version left it: an address confirmed, unsubscribed and signed
    // up again (its unsubscribe erased, the link it used still live), an address unsubscribed, and
    // the proofs of mailbox their confirmations made beside one a booking's link made
    await cluster.sql(`
      insert into public.newsletter_subscribers (id, email, mailbox, status, confirmation_sent_at, confirmed_at) values
        ('d0000000-0000-4000-8000-000000000001', 'again@example.org', 'again@example.org', 'pending', now() - interval '1 hour', now() - interval '3 days'),
        ('d0000000-0000-4000-8000-000000000002', 'gone@example.org', 'gone@example.org', 'confirmed', now() - interval '4 days', now() - interval '3 days');
      update public.newsletter_subscribers set status = 'unsubscribed', unsubscribed_at = now() - interval '2 days', unsubscribed_via = 'one_click'
       where id = 'd0000000-0000-4000-8000-000000000002';
      insert into public.newsletter_consents (subscriber_id, given_at, wording, wording_version, confirmed_at) values
        ('d0000000-0000-4000-8000-000000000001', now() - interval '4 days', 'Текст', '2026-12', now() - interval '3 days'),
        ('d0000000-0000-4000-8000-000000000001', now() - interval '1 hour', 'Текст', '2026-12', null),
        ('d0000000-0000-4000-8000-000000000002', now() - interval '4 days', 'Текст', '2026-12', now() - interval '3 days');
      insert into private.newsletter_links (token_hash, subscriber_id, created_at, expires_at, used_at) values
        (private.token_hash('${USED_LINK}'), 'd0000000-0000-4000-8000-000000000001', now() - interval '4 days', now() + interval '3 days', now() - interval '3 days'),
        (private.token_hash('${LIVE_LINK}'), 'd0000000-0000-4000-8000-000000000001', now() - interval '1 hour', now() + interval '7 days', null),
        (private.token_hash('${GONE_LINK}'), 'd0000000-0000-4000-8000-000000000002', now() - interval '4 days', now() + interval '3 days', null);
      insert into private.proven_mailboxes (mailbox, how) values
        ('again@example.org', 'newsletter'), ('gone@example.org', 'newsletter'), ('booked@example.org', 'cancelled through the manage link');`);
    // the boss wrote two posts and saved a project while the staff ids were columns; one post went to the bin
    await cluster.sql(`
      insert into public.blog_posts (id, title, slug, author, created_by, updated_by) values
        ('c0000000-0000-4000-8000-000000000001', 'Пост на шефа', 'post-na-shefa', 'Шеф', (select id from public.blog_users where username = 'boss'), '${ids.boss}'),
        ('c0000000-0000-4000-8000-000000000002', 'Изтрит пост', 'iztrit-post', 'Шеф', (select id from public.blog_users where username = 'boss'), '${ids.boss}');
      delete from public.blog_posts where id = 'c0000000-0000-4000-8000-000000000002';
      insert into public.project_categories (name) values ('Ъпгрейд');
      insert into public.projects (id, title, category, image, link, updated_by) values
        ('c0000000-0000-4000-8000-000000000003', 'Проект на шефа', 'Ъпгрейд', '/x.svg', 'https://example.com', '${ids.boss}');`);
    await applyMigrations(cluster, (v) => v >= SIGNUP_AND_PROOFS);
  });
  afterAll(() => cluster?.stop());

  it('the backfill had linked the stranger\'s account to the colleague', () => {
    expect(ids.colleague).toBe('b0000000-0000-4000-8000-00000000000f');
  });

  it('ends every session and refresh token of the accounts the backfill linked, and keeps the new trigger\'s', async () => {
    const left = await rows<{ token: string }>('select token from auth.refresh_tokens order by token');
    expect(left.map((r) => r.token)).toEqual(['newcomer-after']);
    const sessions = await rows<{ user_id: string }>('select user_id::text from auth.sessions');
    expect(sessions.map((s) => s.user_id)).toEqual([ids.newcomer]);
  });

  it('so the stranger\'s refresh token is refused by the auth API, while the newcomer\'s still works', async () => {
    const h = await startHarness({ db: new PostgresDb({ connection: cluster!.connection }) });
    try {
      const refresh = (token: string) =>
        fetch(`${h.url}/auth/v1/token?grant_type=refresh_token`, {
          method: 'POST',
          headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json' },
          body: JSON.stringify({ refresh_token: token }),
        });
      expect((await refresh('stranger-after')).status).toBe(400);
      expect((await refresh('newcomer-after')).status).toBe(200);
    } finally {
      await h.close();
    }
  });

  it('the staff ids move beside their posts and projects, those in the bin too, and leave the public tables', async () => {
    const bossBlogUser = (await rows<{ id: string }>(`select id::text from public.blog_users where username = 'boss'`))[0].id;
    expect(await rows('select post_id::text, created_by::text, updated_by::text from public.blog_post_staff order by post_id')).toEqual([
      { post_id: 'c0000000-0000-4000-8000-000000000001', created_by: bossBlogUser, updated_by: ids.boss },
      { post_id: 'c0000000-0000-4000-8000-000000000002', created_by: bossBlogUser, updated_by: ids.boss },
    ]);
    expect(await rows('select project_id::text, updated_by::text from public.project_staff')).toEqual([
      { project_id: 'c0000000-0000-4000-8000-000000000003', updated_by: ids.boss },
    ]);
    expect(await rows(`select table_name, column_name from information_schema.columns
                        where table_schema = 'public' and table_name in ('blog_posts', 'projects') and column_name in ('created_by', 'updated_by')`)).toEqual([]);
  });

  it('npm run doctor:hosted names the admin whose account is older than their blog user', async () => {
    const url = `postgresql://postgres@/postgres?host=${encodeURIComponent(String(cluster!.connection.host))}&port=${cluster!.connection.port}`;
    const output = await new Promise<string>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/tools/doctor-hosted.ts'], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: doctorEnv({ SUPABASE_DB_URL: url }),
      });
      let text = '';
      child.stdout.on('data', (d) => (text += d));
      child.stderr.on('data', (d) => (text += d));
      child.on('close', () => resolve(text));
    });
    expect(output).toMatch(/Admin colleague@agency\.example signs in with an account created .* before their blog user/);
    expect(output).not.toMatch(/Admin (boss|newcomer)@agency\.example signs in/);
  });

  it('retires the link a re-subscribed address had used: it confirms nothing, the live one does', async () => {
    const confirm = (token: string) => rows<{ answer: { state: string } }>(`select public.confirm_newsletter('${token}') as answer`);
    await expect(confirm(USED_LINK)).rejects.toMatchObject({ hint: 'newsletter_link_invalid' });
    await expect(confirm(GONE_LINK)).rejects.toMatchObject({ hint: 'newsletter_unsubscribed' });
    expect(await rows(`select status from public.newsletter_subscribers where id = 'd0000000-0000-4000-8000-000000000001'`)).toEqual([{ status: 'pending' }]);
    expect((await confirm(LIVE_LINK))[0].answer).toMatchObject({ state: 'confirmed' });
  });

  it('records the withdrawal an unsubscribe had left on its subscriber only, and keeps the consents as given', async () => {
    expect(
      await rows(`select c.withdrawn_via, c.withdrawn_at = s.unsubscribed_at as at_the_unsubscribe
                    from public.newsletter_consents c join public.newsletter_subscribers s on s.id = c.subscriber_id
                   where s.id = 'd0000000-0000-4000-8000-000000000002'`),
    ).toEqual([{ withdrawn_via: 'one_click', at_the_unsubscribe: true }]);
    expect(
      await rows(`select withdrawn_at from public.newsletter_consents where subscriber_id = 'd0000000-0000-4000-8000-000000000001' order by given_at`),
    ).toEqual([{ withdrawn_at: null }, { withdrawn_at: null }]);
    await expect(rows(`update public.newsletter_consents set page = '/x' returning id`)).rejects.toMatchObject({ code: '55000' });
  });

  it('drops the proofs of mailbox that newsletter confirmations had made, and keeps the forms\' own', async () => {
    expect(await rows('select mailbox, how from private.proven_mailboxes order by mailbox')).toEqual([
      { mailbox: 'booked@example.org', how: 'cancelled through the manage link' },
    ]);
  });
});
