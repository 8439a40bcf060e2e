// The schema on real PostgreSQL: platform bootstrap, every migration and the seed applied to a
// throw-away cluster of the server hosted Supabase runs (PostgreSQL 15 from Debian's
// postgresql-15; PGlite is 18), then the whole access matrix through the stand-in's REST,
// auth and storage code with node-postgres underneath. Skipped, saying why, without a server.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMigrations } from '../../supabase/local/db.ts';
import { PostgresDb } from '../../supabase/local/engine/postgres.ts';
import { ANON_PUBLIC_FUNCTIONS, doctorHosted, report } from '../../scripts/tools/doctor-hosted.ts';
import { LOCAL_ANON_KEY } from '../../supabase/local/keys.ts';
import { block, doctorEnv, goodSite, listen } from './doctor-hosted.ts';
import { HOSTED_SIGNUPS, startHarness } from './harness.ts';
import { applySchema, cliDatabaseUrl, findPostgres, postgresSkipReason, startPostgres, supabaseCli, type PostgresCluster } from './postgres-cluster.ts';
import { defineBookingConversation } from './booking-conversation.ts';
import { defineBookingRules } from './booking-rules.ts';
import { defineChatNotification } from './chat-notification.ts';
import { defineContentWebhook } from './content-webhook.ts';
import { defineEditConcurrency } from './edit-concurrency.ts';
import { defineEditorial } from './editorial.ts';
import { defineHostedAuth, HOSTED_AUTH_OPTIONS } from './hosted-auth.ts';
import { defineRlsMatrix } from './rls-matrix.ts';
import { defineRoleMatrix } from './roles.ts';
import { definePublicAbuse } from './public-abuse.ts';
import { defineLeads } from './leads.ts';
import { defineContacts } from './contacts.ts';
import { defineNewsletter } from './newsletter.ts';
import { defineNewsletterHtml } from './newsletter-html.ts';
import { defineMailboxes } from './mailboxes.ts';
import { defineConsultantCalendar } from './consultant-calendar.ts';
import { defineStaffIds } from './staff-ids.ts';
import { defineMailBudgets } from './mail-budgets.ts';
import { defineApiSurface, HOSTED_DB_SCHEMAS } from './api-surface.ts';
import { defineRetention } from './retention.ts';

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

  describe('supabase db push and db lint, the real CLI', () => {
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

    it('finds no error and no warning in any function of ours, in public, private and api_definers (plpgsql_check)', async () => {
      const lint = await supabaseCli(['db', 'lint', '--db-url', cliDatabaseUrl(cluster!), '--schema', 'public,private,api_definers', '--level', 'warning', '--fail-on', 'warning']);
      const findings = lint.stdout.trim() ? (JSON.parse(lint.stdout) as { function: string; issues: { level: string; message: string }[] }[]) : [];
      expect(findings.flatMap((f) => f.issues.map((i) => `${i.level} ${f.function}: ${i.message}`))).toEqual([]);
      expect(lint.code, lint.stderr).toBe(0);
      // it did lint: the linter's extension answers in this cluster
      expect(lint.stderr).toMatch(/Linting schema: public/);
    });
  });

  const connectionString = () => `postgresql://postgres@/postgres?host=${encodeURIComponent(String(cluster!.connection.host))}&port=${cluster!.connection.port}`;
  /** The same, as the Supabase CLI parses it (Go's parser wants a host before the path; the socket directory overrides it). */
  const cliConnectionString = () => cliDatabaseUrl(cluster!);
  /** `npm run doctor:hosted` as a command, with these variables only (nothing from this machine's .env). */
  const runDoctor = (env: Record<string, string> = { SUPABASE_DB_URL: connectionString() }) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/tools/doctor-hosted.ts'], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: doctorEnv(env),
      });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      child.on('close', (code) => resolve({ code, output }));
    });
  /** What a hosted project has once set up: the webhook's address, the mail provider, its key, the functions' address. */
  const setUpProject = (functionsUrl = 'https://abcdefghijklmnop.supabase.co/functions/v1') =>
    cluster!.sql(`select private.set_vault_secret('content_webhook_url', 'https://publisher.example/__publish'),
             private.set_vault_secret('content_webhook_secret', 'secret');
      insert into private.mail_settings (api_url, sender, site_url, functions_url)
        values ('https://api.resend.com/emails', 'Синаптика <zdravei@sinaptika.example>', 'https://sinaptika.example', '${functionsUrl}');
      select private.set_vault_secret('mail_api_key', 're_test')`);
  const undoProject = () =>
    cluster!.sql(`select private.set_vault_secret('content_webhook_url', null), private.set_vault_secret('content_webhook_secret', null),
                         private.set_vault_secret('mail_api_key', null);
                  delete from private.mail_settings`);

  describe('npm run doctor:hosted', () => {
    it('finds nothing that would break on the database as `supabase db push` and the seed leave it, once the project is set up', async () => {
      await setUpProject();
      const { code, output } = await runDoctor().finally(undoProject);
      expect(output).toMatch(/✔ Migrations\n.*All \d+ migrations/);
      expect(output).toMatch(/✔ Scheduled jobs \(pg_cron\)\n {4}pg_cron runs the 11 job\(s\) the migrations schedule: intake-clients-prune, chat-notifications, booking-mail, publish-scheduled-posts, content-housekeeping, lead-follow-ups, newsletter-sends, calendar-sync, calendar-sync-outcomes, retention, insights\.\n {4}No last run failed/);
      expect(output).toContain('✔ E-mail and the team chat\n    E-mail goes to api.resend.com with the key in Vault');
      expect(output).not.toMatch(/✖/);
      // what it could not check says what to set
      expect(output).toContain("– Edge Functions\n    Not checked: set SUPABASE_URL (the project's URL");
      expect(output).toContain('6 check(s) were not run (–)');
      expect(code, output).toBe(0);
    });

    it('finds nothing that would break on a whole project set up well: the database, the API, the functions and the site', async () => {
      const site = await listen(goodSite);
      const h = await startHarness({
        db: new PostgresDb({ connection: cluster!.connection }),
        // the client address from the connection, a client's own header dropped: as hosted's gateway does
        trustClientAddress: false,
        functions: { envFile: false, secrets: { SITE_URL: site.url, RESEND_WEBHOOK_SECRET: `whsec_${Buffer.from('doctor').toString('base64')}` } },
      });
      try {
        await setUpProject(`${h.url}/functions/v1`);
        const findings = await doctorHosted({ dbUrl: connectionString(), supabaseUrl: h.url, anonKey: LOCAL_ANON_KEY, siteUrl: site.url });
        expect(report(findings)).not.toMatch(/[✖–]/);
        expect(findings.map((f) => f.title)).toEqual([
          'Migrations',
          'Row-level security',
          'Accounts GoTrue can sign in',
          'Administrators',
          'Functions visitors may call',
          "The visitor's address (cf-connecting-ip)",
          'Content webhook and pg_net',
          'Scheduled jobs (pg_cron)',
          'E-mail and the team chat',
          'Sign-ups and e-mail confirmation (Auth)',
          "The visitor's address through the API (cf-connecting-ip)",
          'Edge Functions',
          'The site: prerendered pages and 404',
          'The site: security headers',
          'The site: sitemap',
        ]);
      } finally {
        await undoProject();
        await h.close();
        site.server.close();
      }
    });

    it('names the missing mail key and functions address, a job switched off and a job whose last run failed, each with its fix', async () => {
      await cluster!.sql(`
        insert into private.mail_settings (api_url, sender, site_url) values ('https://api.resend.com/emails', 'Синаптика <zdravei@sinaptika.example>', 'https://sinaptika.example');
        select cron.alter_job(job_id := (select jobid from cron.job where jobname = 'intake-clients-prune'), active := false);
        insert into cron.job_run_details (jobid, job_pid, database, username, command, status, return_message, start_time, end_time)
          select jobid, 0, 'postgres', 'postgres', command, 'failed', 'ERROR:  relation "public.blog_bin" does not exist', '2026-12-01 03:17+00', '2026-12-01 03:17+00'
            from cron.job where jobname = 'content-housekeeping'`);
      const jobDb = new PostgresDb({ connection: cluster!.connection });
      const jobid = await jobDb
        .asSystem(async (tx) => (await tx.query<{ jobid: string }>(`select jobid::text as jobid from cron.job where jobname = 'intake-clients-prune'`)).rows[0].jobid)
        .finally(() => jobDb.close());
      const findings = await doctorHosted({ dbUrl: connectionString() }).finally(() =>
        cluster!.sql(`
          delete from private.mail_settings;
          select cron.alter_job(job_id := (select jobid from cron.job where jobname = 'intake-clients-prune'), active := true);
          delete from cron.job_run_details where return_message like '%public.blog_bin%'`),
      );
      expect(block(findings, 'E-mail and the team chat')).toBe(
        [
          '✖ E-mail and the team chat',
          '    The mail provider\'s key is not in Vault (secret mail_api_key): no e-mail is sent (docs/email.md, "The provider").',
          "    Fix: select private.set_vault_secret('mail_api_key', '<the API key>'); (SQL editor, with the provider's key)",
          '    No Edge Functions address in private.mail_settings (functions_url): no newsletter can be sent, since each must carry its one-click unsubscribe, and the calendar feeds are never read (docs/newsletter.md, "On a hosted project").',
          "    Fix: update private.mail_settings set functions_url = 'https://<project-ref>.supabase.co/functions/v1';",
        ].join('\n'),
      );
      expect(block(findings, 'Scheduled jobs (pg_cron)')).toBe(
        [
          '✖ Scheduled jobs (pg_cron)',
          "    The job 'intake-clients-prune' is switched off (cron.job.active is false): the visitors' keyed addresses are kept past their day.",
          `    Fix: select cron.alter_job(job_id := ${jobid}, active := true);`,
          "    The last run of 'content-housekeeping' (2026-12-01 03:17 UTC) failed: ERROR: relation \"public.blog_bin\" does not exist",
          '    Fix: run `select private.purge_bin(); select private.prune_revisions()` in the SQL editor to see the error in full and correct what it names; pg_cron runs the job again on its schedule (17 3 * * *).',
        ].join('\n'),
      );
    });
  });

  describe('the access matrix', () => {
    defineRlsMatrix(() => startHarness({ db: new PostgresDb({ connection: cluster!.connection }), auth: HOSTED_SIGNUPS }));
  });

  describe('the roles: authors, consultants and admins, each at aal1 and aal2', () => {
    defineRoleMatrix(() => startHarness({ db: new PostgresDb({ connection: cluster!.connection }), auth: HOSTED_SIGNUPS }));
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

  describe('what the public sends cannot be turned against others', () => {
    definePublicAbuse(() => startHarness({ db: new PostgresDb({ connection: cluster!.connection }) }));
  });

  describe('what visitors cause cannot silence the mail: budgets by cause', () => {
    defineMailBudgets(() => startHarness({ db: new PostgresDb({ connection: cluster!.connection }) }));
  });

  describe('every inquiry and booking is a lead', () => {
    defineLeads(() => startHarness({ db: new PostgresDb({ connection: cluster!.connection }) }));
  });

  describe('contacts change only by an admin', () => {
    defineContacts(() => startHarness({ db: new PostgresDb({ connection: cluster!.connection }) }));
  });

  describe('the newsletter', () => {
    defineNewsletter(() => startHarness({ db: new PostgresDb({ connection: cluster!.connection }) }));
  });

  describe("the newsletter's HTML: the editor's allowlist, and the database's", () => {
    defineNewsletterHtml(() => startHarness({ db: new PostgresDb({ connection: cluster!.connection }) }));
  });

  describe('mailboxes as their providers fold them', () => {
    defineMailboxes(() => startHarness({ db: new PostgresDb({ connection: cluster!.connection }) }));
  });

  describe("the consultant's calendar: busy times, buffers, the pause, meeting links, no-shows", () => {
    defineConsultantCalendar(() => startHarness({ db: new PostgresDb({ connection: cluster!.connection }) }));
  });

  describe("Supabase's advisor, with the API schemas as on hosted", () => {
    interface Lint {
      name: string;
      level: 'ERROR' | 'WARN' | 'INFO';
      detail: string;
    }
    const advisors = () =>
      new Promise<Lint[]>((resolve, reject) => {
        // the Supabase CLI (a pinned dev dependency) runs splinter's lints against the database
        const child = spawn('npx', ['--no-install', 'supabase', 'db', 'advisors', '--db-url', cliConnectionString(), '--type', 'all', '--level', 'info'], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        let err = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (err += d));
        child.on('close', (code) => (code === 0 ? resolve(out.trim() ? (JSON.parse(out) as Lint[]) : []) : reject(new Error(`supabase db advisors exited ${code}: ${err}`))));
      });

    it('finds no error and no warning; only indexes a fresh database has not used yet', async () => {
      // hosted's PostgREST serves these schemas; splinter reads the setting to know what the API exposes
      await cluster!.sql(`alter database postgres set pgrst.db_schemas = '${HOSTED_DB_SCHEMAS}'`);
      const lints = await advisors();
      expect(lints.filter((l) => l.name !== 'unused_index').map((l) => `${l.level} ${l.name}: ${l.detail}`)).toEqual([]);
    });

    // splinter's lints 0028 and 0029, which this CLI version does not carry yet, in SQL of our own;
    // the functions that run as their owner, behind the API, each with its reason; docs/security.md's list
    defineApiSurface(() => startHarness({ db: new PostgresDb({ connection: cluster!.connection }) }));
  });

  describe('retention by settings: the periods and the daily job', () => {
    defineRetention(() => startHarness({ db: new PostgresDb({ connection: cluster!.connection }) }));
  });

  describe('the content webhook', () => {
    defineContentWebhook(() => startHarness({ db: new PostgresDb({ connection: cluster!.connection }) }));
  });

  describe('the editor: scheduled publishing, revisions and the bin, with the real pg_cron', () => {
    defineEditorial(() => startHarness({ db: new PostgresDb({ connection: cluster!.connection }), auth: HOSTED_SIGNUPS }));
  });

  describe('staff ids private, select=* for every caller', () => {
    defineStaffIds(() => startHarness({ db: new PostgresDb({ connection: cluster!.connection }), auth: HOSTED_SIGNUPS }));
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
  describe('npm run doctor:hosted on a broken database', () => {
    it('names each thing that would break, in plain words, and fails', async () => {
      const last = readMigrations().at(-1)!;
      await cluster!.sql(`
        delete from supabase_migrations.schema_migrations where version = '${last.version}';
        alter table public.clients disable row level security;
        revoke select on public.projects from anon;
        grant select (id, title, slug) on public.projects to anon;
        update auth.users set confirmation_token = null where email = 'admin@example.com';
        create function public.leaky() returns int language sql security definer as 'select 1';
        grant execute on function public.leaky() to anon;
        update public.blog_users set is_active = true where username = 'georgi';
        update auth.users set email_confirmed_at = null where email = 'georgi@example.com';
        insert into public.blog_users (username, email, role, invited_at) values ('pokanena', 'pokanena@example.com', 'consultant', now());
        select private.set_vault_secret('content_webhook_url', null);
        select cron.unschedule('chat-notifications');
        select cron.unschedule('booking-mail');
        select cron.unschedule('publish-scheduled-posts');
        insert into private.gateway_seen (header, last_with, last_without) values ('cf-connecting-ip', now() - interval '1 day', now())
          on conflict (header) do update set last_with = excluded.last_with, last_without = excluded.last_without;
        update auth.users u set created_at = b.created_at - interval '1 day' from public.blog_users b where b.user_id = u.id and b.email = 'admin@example.com';
        create function public.unexplained() returns int language sql security definer as 'select 1';
        revoke all on function public.unexplained() from public, anon;
        grant execute on function public.unexplained() to authenticated;
        create function api_definers.unexplained() returns int language sql security definer set search_path = '' as 'select 1';`);
      const { code, output } = await runDoctor();
      expect(code).toBe(1);
      expect(output).toContain(`✖ Migrations\n    ${last.file} is not applied.`);
      expect(output).toContain('public.clients has row-level security OFF');
      expect(output).toContain('anon may read only some columns of public.projects (a column grant): select=*, what every Supabase client sends, answers it "permission denied".');
      expect(output).toContain('Fix: revoke select on public.projects from anon; grant select on public.projects to anon;');
      expect(output).toContain('admin@example.com cannot sign in: GoTrue fails with "Database error querying schema" on NULL in confirmation_token.');
      expect(output).toContain('Active blog user georgi@example.com has an account whose address is not confirmed');
      // a pending invitation has no confirmed account yet, and that is as it should be
      expect(output).not.toContain('pokanena@example.com');
      expect(output).toContain(`anon may execute public.leaky(), which is not one of the ${ANON_PUBLIC_FUNCTIONS.length} functions visitors call.`);
      expect(output).toContain(
        "public.leaky() runs as its owner (SECURITY DEFINER) in a schema the API serves, and anon may execute it: whoever calls it gets its owner's rights",
      );
      expect(output).toContain('public.unexplained() runs as its owner (SECURITY DEFINER) in a schema the API serves, and authenticated may execute it');
      expect(output).toContain('Fix: move its body out of the API (alter function <name>(<arguments>) set schema api_definers)');
      expect(output).toContain('api_definers.unexplained() runs as its owner (SECURITY DEFINER) and no comment says why it must be in the API and run so.');
      expect(output).toMatch(/Admin admin@example\.com signs in with an account created .* before their blog user/);
      expect(output).toMatch(/The last form \(.*\) arrived without a client address; the last one with it was/);
      expect(output).toContain('The content webhook has no address');
      expect(output).toContain("The job 'chat-notifications' is not scheduled");
      expect(output).toContain("The job 'booking-mail' is not scheduled");
      expect(output).toContain("The job 'publish-scheduled-posts' is not scheduled: a post scheduled in the admin is never published.");
      expect(output).not.toContain("The job 'content-housekeeping' is not scheduled");
      expect(output).toContain('No mail provider is set (private.mail_settings)');
      expect(output).toContain("Fix: select cron.schedule('chat-notifications', '* * * * *', 'select private.process_chat_outbox()');");
      expect(output).toMatch(/9 check\(s\) found something that would break/);
    });
  });
});
