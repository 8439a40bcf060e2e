// The schema on real PostgreSQL: platform bootstrap, every migration and the seed applied to a
// throw-away cluster of the server hosted Supabase runs (PostgreSQL 15 from Debian's
// postgresql-15; PGlite is 18), then the whole access matrix through the stand-in's REST,
// auth and storage code with node-postgres underneath. Skipped, saying why, without a server.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMigrations } from '../../supabase/local/db.ts';
import { PostgresDb } from '../../supabase/local/engine/postgres.ts';
import { HOSTED_SIGNUPS, startHarness } from './harness.ts';
import { applySchema, findPostgres, postgresSkipReason, startPostgres, type PostgresCluster } from './postgres-cluster.ts';
import { defineBookingConversation } from './booking-conversation.ts';
import { defineBookingRules } from './booking-rules.ts';
import { defineChatNotification } from './chat-notification.ts';
import { defineContentWebhook } from './content-webhook.ts';
import { defineEditConcurrency } from './edit-concurrency.ts';
import { defineEditorial } from './editorial.ts';
import { defineHostedAuth, HOSTED_AUTH_OPTIONS } from './hosted-auth.ts';
import { defineRlsMatrix } from './rls-matrix.ts';

const skip = postgresSkipReason();
if (skip) console.warn(`[rls-matrix.postgres] skipped: ${skip}`);
const suite = skip ? describe.skip : describe;

suite(`on real PostgreSQL ${findPostgres()?.version ?? ''}${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let cluster: PostgresCluster | undefined;
  let applied: string[] = [];
  let db: PostgresDb | undefined;

  beforeAll(async () => {
    cluster = await startPostgres();
    applied = await applySchema(cluster);
  });
  // registered first, so it runs after the matrix has closed its harness
  afterAll(() => cluster?.stop());

  describe('supabase db push', () => {
    it('applies every migration and the seed', async () => {
      expect(applied).toEqual(readMigrations().map((m) => m.file));
      db = new PostgresDb({ connection: cluster!.connection });
      const counts = await db.asSystem(
        async (tx) =>
          (
            await tx.query<{ migrations: number; posts: number; users: number; version: number }>(
              `select (select count(*) from supabase_migrations.schema_migrations) as migrations,
                      (select count(*) from public.blog_posts) as posts,
                      (select count(*) from auth.users) as users,
                      current_setting('server_version_num')::int / 10000 as version`,
            )
          ).rows[0],
      );
      await db.close();
      expect(counts.migrations).toBe(applied.length);
      expect(counts.posts).toBeGreaterThan(0);
      expect(counts.users).toBeGreaterThanOrEqual(2);
      expect(counts.version).toBe(cluster!.version);
    });
  });

  const connectionString = () => `postgresql://postgres@/postgres?host=${encodeURIComponent(String(cluster!.connection.host))}&port=${cluster!.connection.port}`;
  const runCheck = () =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/tools/check-hosted.ts', connectionString()], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      child.on('close', (code) => resolve({ code, output }));
    });

  describe('npm run check:hosted', () => {
    it('finds nothing that would break on the database as `supabase db push` and the seed leave it, once the webhook has its address', async () => {
      await cluster!.sql(`insert into private.content_webhook (url, secret) values ('https://publisher.example/__publish', 'secret');
        insert into private.mail_settings (api_url, api_key, sender, site_url)
          values ('https://api.resend.com/emails', 're_test', 'Синаптика <zdravei@sinaptika.example>', 'https://sinaptika.example')`);
      const { code, output } = await runCheck().finally(() => cluster!.sql('delete from private.content_webhook; delete from private.mail_settings'));
      expect(output).toMatch(/✔ Migrations\n.*All \d+ migrations/);
      expect(output).not.toMatch(/✖/);
      expect(code, output).toBe(0);
    });
  });

  describe('the access matrix', () => {
    defineRlsMatrix(() => startHarness({ db: new PostgresDb({ connection: cluster!.connection }), auth: HOSTED_SIGNUPS }));
  });

  describe('sign-in as on a hosted project', () => {
    defineHostedAuth(() => startHarness({ db: new PostgresDb({ connection: cluster!.connection }), ...HOSTED_AUTH_OPTIONS }));
  });

  describe('the booking rules and intake limits', () => {
    defineBookingRules(() => startHarness({ db: new PostgresDb({ connection: cluster!.connection }) }));
  });

  describe('the team-chat notification, with the real pg_cron', () => {
    defineChatNotification(() => startHarness({ db: new PostgresDb({ connection: cluster!.connection }) }));
  });

  describe('the booking conversation: e-mails and the manage link', () => {
    defineBookingConversation(() => startHarness({ db: new PostgresDb({ connection: cluster!.connection }) }));
  });

  describe('the content webhook', () => {
    defineContentWebhook(() => startHarness({ db: new PostgresDb({ connection: cluster!.connection }) }));
  });

  describe('the editor: scheduled publishing, revisions and the bin, with the real pg_cron', () => {
    defineEditorial(() => startHarness({ db: new PostgresDb({ connection: cluster!.connection }), auth: HOSTED_SIGNUPS }));
  });

  describe('optimistic concurrency of admin edits', () => {
    defineEditConcurrency(() => startHarness({ db: new PostgresDb({ connection: cluster!.connection }) }));
  });

  describe('statement timeout', () => {
    it('is PostgreSQL\'s own: the regex is cancelled with 57014 after the anon timeout', async () => {
      const h = await startHarness({ db: new PostgresDb({ connection: cluster!.connection, statementTimeouts: { anon: 500 } }) });
      try {
        const started = performance.now();
        const { error, status } = await h.anon
          .from('blog_posts')
          .select('slug')
          .filter('content', 'match', '(.*)(.*)(.*)(.*)\\4\\3\\2\\1x');
        expect(status).toBe(500);
        expect(error?.code).toBe('57014');
        expect(performance.now() - started).toBeGreaterThanOrEqual(450);
      } finally {
        await h.close();
      }
    });
  });

  // last: it breaks the database on purpose, and the cluster is thrown away after it
  describe('npm run check:hosted on a broken database', () => {
    it('names each thing that would break, in plain words, and fails', async () => {
      const last = readMigrations().at(-1)!;
      await cluster!.sql(`
        delete from supabase_migrations.schema_migrations where version = '${last.version}';
        alter table public.clients disable row level security;
        update auth.users set confirmation_token = null where email = 'admin@example.com';
        create function public.leaky() returns int language sql security definer as 'select 1';
        grant execute on function public.leaky() to anon;
        update public.blog_users set is_active = true where username = 'georgi';
        update auth.users set email_confirmed_at = null where email = 'georgi@example.com';
        delete from private.content_webhook;
        select cron.unschedule('chat-notifications');
        select cron.unschedule('booking-mail');
        select cron.unschedule('publish-scheduled-posts');`);
      const { code, output } = await runCheck();
      expect(code).toBe(1);
      expect(output).toContain(`✖ Migrations\n    ${last.file} is not applied.`);
      expect(output).toContain('public.clients has row-level security OFF');
      expect(output).toContain('admin@example.com cannot sign in: GoTrue fails with "Database error querying schema" on NULL in confirmation_token.');
      expect(output).toContain('Active blog user georgi@example.com has an account whose address is not confirmed');
      expect(output).toContain('anon may execute public.leaky() (SECURITY DEFINER');
      expect(output).toContain('The content webhook has no address');
      expect(output).toContain("The job 'chat-notifications' is not scheduled");
      expect(output).toContain("The job 'booking-mail' is not scheduled");
      expect(output).toContain("The job 'publish-scheduled-posts' is not scheduled: a post scheduled in the admin is never published.");
      expect(output).not.toContain("The job 'content-housekeeping' is not scheduled");
      expect(output).toContain('No mail provider is set (private.mail_settings)');
      expect(output).toMatch(/7 check\(s\) found something that would break/);
    });
  });
});
