// `npm run check:hosted -- "<connection string>"`: read-only checks of a live database (a hosted
// Supabase project's, or any PostgreSQL the migrations were pushed to) that say, in plain words,
// what would break: migrations not applied, a table without row-level security, an account GoTrue
// could not sign in, a blog user who could not sign in, an admin whose account is older than their
// blog user, a function visitors may call that they should not, the gateway's client address not
// arriving, the content webhook, the mail provider or pg_net missing. Exits 1 when anything would break.
//
// Only reads: it runs in one READ ONLY transaction and changes nothing.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { STRING_COLUMNS } from '../../supabase/local/auth/users.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../supabase/migrations/', import.meta.url));

/** The functions in `public` that an anonymous visitor is meant to call (and nothing else). */
export const ANON_PUBLIC_FUNCTIONS = [
  'public.blog_category_counts(max_count integer)',
  'public.booking_by_token(token text)',
  'public.booking_paused()',
  'public.cancel_booking(token text)',
  'public.confirm_newsletter(token text)',
  'public.intake_challenge()',
  'public.move_booking(token text, new_start timestamp with time zone)',
  'public.newsletter_link(kind text, token text)',
  'public.resend_newsletter_confirmation(token text)',
  'public.subscribe_newsletter(email text, page text, wording_version text, proof text, fill_ms integer, bot_trap text)',
  'public.taken_slots(range_start timestamp with time zone, range_end timestamp with time zone)',
  'public.unsubscribe_newsletter(token text, via text)',
];

export interface Finding {
  ok: boolean;
  title: string;
  /** What is wrong, one line each, and what to do about it. */
  lines: string[];
}

type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

const localMigrations = () =>
  readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((file) => ({ file, version: file.split('_')[0] }));

async function migrations(q: Query): Promise<Finding> {
  const title = 'Migrations';
  const table = await q<{ ok: boolean }>(`select to_regclass('supabase_migrations.schema_migrations') is not null as ok`);
  if (!table[0].ok) {
    return { ok: false, title, lines: ['No migration has been applied here (supabase_migrations.schema_migrations is missing): run `npx supabase db push`.'] };
  }
  const applied = new Set((await q<{ version: string }>('select version from supabase_migrations.schema_migrations')).map((r) => r.version));
  const missing = localMigrations().filter((m) => !applied.has(m.version));
  if (missing.length === 0) return { ok: true, title, lines: [`All ${applied.size} migrations of this repository are applied.`] };
  return {
    ok: false,
    title,
    lines: [...missing.map((m) => `${m.file} is not applied.`), 'Run `npx supabase db push` to apply them.'],
  };
}

async function rowLevelSecurity(q: Query): Promise<Finding> {
  const rows = await q<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity
      order by 1`,
  );
  return rows.length === 0
    ? { ok: true, title: 'Row-level security', lines: ['Every table the API exposes has row-level security on.'] }
    : {
        ok: false,
        title: 'Row-level security',
        lines: rows.map((r) => `${r.name} has row-level security OFF: anyone with the public key may do whatever its grants allow.`),
      };
}

async function accounts(q: Query): Promise<Finding> {
  const title = 'Accounts GoTrue can sign in';
  const nullList = STRING_COLUMNS.map((c) => `case when u.${c} is null then '${c}' end`).join(', ');
  const broken = await q<{ email: string | null; columns: string[] }>(
    `select u.email, array_remove(array[${nullList}], null) as columns
       from auth.users u
      where ${STRING_COLUMNS.map((c) => `u.${c} is null`).join(' or ')}
      order by u.created_at nulls first`,
  );
  const lines = broken.map(
    (b) => `${b.email ?? '(no e-mail)'} cannot sign in: GoTrue fails with "Database error querying schema" on NULL in ${b.columns.join(', ')}.`,
  );
  if (broken.length) {
    lines.push(
      `Fix: update auth.users set ${STRING_COLUMNS.filter((c) => c !== 'aud' && c !== 'role').map((c) => `${c} = coalesce(${c}, '')`).join(', ')};`,
    );
  }
  const noIdentity = await q<{ email: string }>(
    `select u.email from auth.users u
      where u.email is not null and u.deleted_at is null
        and not exists (select 1 from auth.identities i where i.user_id = u.id and i.provider = 'email')
      order by u.email`,
  );
  for (const u of noIdentity) lines.push(`${u.email} has no e-mail identity (auth.identities): password sign-in cannot find it.`);
  return broken.length || noIdentity.length
    ? { ok: false, title, lines }
    : { ok: true, title, lines: ['Every account has the columns and identity GoTrue reads.'] };
}

async function admins(q: Query): Promise<Finding> {
  const title = 'Administrators';
  const linked = await q<{ ok: boolean }>(
    `select exists (select 1 from information_schema.columns where table_schema = 'public' and table_name = 'blog_users' and column_name = 'user_id') as ok`,
  );
  if (!linked[0].ok) return { ok: false, title, lines: ['public.blog_users has no user_id: the migration that links admins to accounts is missing.'] };
  const rows = await q<{ email: string; problem: string }>(
    `select b.email,
            case when b.user_id is null then 'has no sign-in account (set a new password in the admin panel, or insert the row again)'
                 when u.id is null then 'has lost its sign-in account'
                 when u.email_confirmed_at is null then 'has an account whose address is not confirmed'
                 when u.email is distinct from b.email then 'has an account under another address (' || u.email || ')'
            end as problem
       from public.blog_users b left join auth.users u on u.id = b.user_id
      where b.is_active
        and (b.user_id is null or u.id is null or u.email_confirmed_at is null or u.email is distinct from b.email)
      order by b.email`,
  );
  const active = await q<{ n: number }>('select count(*)::int as n from public.blog_users where is_active');
  const lines = rows.map((r) => `Active blog user ${r.email} ${r.problem}: they cannot administer the site.`);
  // An account made for a blog user is made with it; one that existed before was adopted by an
  // earlier version (a stranger may have registered it first under a colleague's address).
  const adopted = await q<{ email: string; account_created: string; row_created: string }>(
    `select b.email, to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"') as account_created,
            to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"') as row_created
       from public.blog_users b join auth.users u on u.id = b.user_id
      where u.created_at < b.created_at - interval '1 second'
      order by b.email`,
  );
  for (const a of adopted) {
    lines.push(
      `Admin ${a.email} signs in with an account created ${a.account_created}, before their blog user (${a.row_created}): ` +
        'if nobody on the team made it, a stranger may have registered it first. Set a new password for them in the panel ' +
        '(that ends its sessions and the old password), or remove the account (Authentication → Users) and add them again.',
    );
  }
  if (active[0].n === 0) lines.push('There is no active blog user: nobody can sign in to the admin panel (docs/hosted.md, "The first admin").');
  return lines.length ? { ok: false, title, lines } : { ok: true, title, lines: [`${active[0].n} active administrator(s), each with a confirmed account.`] };
}

/** SECURITY DEFINER functions in the API that the signed-in role may run without a word on why. */
async function unexplainedDefiners(q: Query): Promise<string[]> {
  const rows = await q<{ fn: string }>(
    `select format('%s.%s(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as fn
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prosecdef and has_function_privilege('authenticated', p.oid, 'execute')
        and coalesce(obj_description(p.oid, 'pg_proc'), '') = ''
      order by 1`,
  );
  return rows.map((r) => `authenticated may execute ${r.fn} (SECURITY DEFINER) and no comment says why it must be in the API.`);
}

async function anonFunctions(q: Query): Promise<Finding> {
  const title = 'Functions visitors may call';
  const rows = await q<{ fn: string; definer: boolean }>(
    `select format('%s.%s(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as fn, p.prosecdef as definer
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and has_function_privilege('anon', p.oid, 'execute')
      order by 1`,
  );
  const extra = rows.filter((r) => !ANON_PUBLIC_FUNCTIONS.includes(r.fn));
  const unexplained = await unexplainedDefiners(q);
  return extra.length === 0 && unexplained.length === 0
    ? { ok: true, title, lines: [`Visitors may call only ${ANON_PUBLIC_FUNCTIONS.length} intended functions, and every function that runs as its owner says why.`] }
    : {
        ok: false,
        title,
        lines: [
          ...extra.map((r) => `anon may execute ${r.fn}${r.definer ? ' (SECURITY DEFINER: it runs with its owner\'s rights)' : ''}.`),
          ...(extra.length ? ['Fix: revoke execute on function <name>(<arguments>) from public, anon;'] : []),
          ...unexplained,
        ],
      };
}

/**
 * Whether the gateway's client address reaches the database: the per-visitor limits count
 * `cf-connecting-ip`, which hosted Supabase's Cloudflare sets. Without it every form has to prove
 * work and no visitor can be told from another (docs/booking.md, "Who a visitor is").
 */
async function clientAddress(q: Query): Promise<Finding> {
  const title = 'The visitor\'s address (cf-connecting-ip)';
  const [table] = await q<{ ok: boolean }>(`select to_regclass('private.gateway_seen') is not null as ok`);
  if (!table.ok) return { ok: false, title, lines: ['private.gateway_seen is missing: the visitors-by-network migration is not applied.'] };
  const [seen] = await q<{ last_with: string | null; last_without: string | null; missing_last: boolean }>(
    `select to_char(last_with at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"') as last_with,
            to_char(last_without at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"') as last_without,
            coalesce(last_without > coalesce(last_with, '-infinity'), false) as missing_last
       from (select max(last_with) as last_with, max(last_without) as last_without from private.gateway_seen) g`,
  );
  if (seen.missing_last) {
    return {
      ok: false,
      title,
      lines: [
        `The last form (${seen.last_without}) arrived without a client address${seen.last_with ? `; the last one with it was ${seen.last_with}` : ', and none ever had one'}.`,
        'Without cf-connecting-ip no visitor can be told from another: every form must prove work, and the per-visitor limits count nothing.',
        'Hosted Supabase sets it; behind your own proxy (self-hosting, `supabase start`) make the proxy set cf-connecting-ip to the client\'s address and drop any value a client sends.',
      ],
    };
  }
  return {
    ok: true,
    title,
    lines: [seen.last_with ? `The last form with it arrived ${seen.last_with}.` : 'No form has arrived yet, so it cannot tell; run this again after the first inquiry or booking.'],
  };
}

async function webhooks(q: Query): Promise<Finding> {
  const title = 'Content webhook and pg_net';
  const [state] = await q<{ extension: boolean; http_post: boolean; vault: boolean }>(
    `select exists (select 1 from pg_extension where extname = 'pg_net') as extension,
            to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is not null as http_post,
            to_regclass('vault.secrets') is not null as vault`,
  );
  const lines: string[] = [];
  if (!state.http_post) lines.push('pg_net is missing: enable it (Database → Extensions → pg_net, or `create extension pg_net;`). Without it no webhook is sent.');
  if (!state.vault) lines.push('Supabase Vault is missing (schema vault): enable it (Database → Extensions → supabase_vault); the webhooks\' addresses and the mail key live there.');
  else {
    const [hook] = await q<{ ok: boolean }>(`select exists (select 1 from vault.secrets where name = 'content_webhook_url') as ok`);
    if (!hook.ok) lines.push('The content webhook has no address: static pages will not follow edits (docs/deploying.md, "Fresh pages after every change").');
  }
  if (lines.length) return { ok: false, title, lines };
  return { ok: true, title, lines: [`pg_net ${state.extension ? 'is installed' : 'answers (net.http_post)'} and the content webhook has an address.`] };
}

async function scheduledJobs(q: Query): Promise<Finding> {
  const title = 'Scheduled jobs, e-mail and the team chat';
  const [state] = await q<{ cron: boolean; vault: boolean; mail_table: boolean; bin_table: boolean; newsletter_table: boolean }>(
    `select to_regclass('cron.job') is not null as cron, to_regclass('vault.secrets') is not null as vault,
            to_regclass('private.mail_settings') is not null as mail_table, to_regclass('public.content_bin') is not null as bin_table,
            to_regclass('public.newsletter_sends') is not null as newsletter_table`,
  );
  const secret = async (name: string) =>
    state.vault ? ((await q<{ ok: boolean }>('select exists (select 1 from vault.secrets where name = $1) as ok', [name]))[0].ok) : false;
  if (!state.cron) {
    return { ok: false, title, lines: ['pg_cron is missing: enable it (Database → Extensions → pg_cron), then run `npx supabase db push --remote` again.'] };
  }
  const jobs = (await q<{ jobname: string }>(`select jobname from cron.job where active`)).map((j) => j.jobname);
  const lines: string[] = [];
  if (!jobs.includes('chat-notifications')) {
    lines.push("The job 'chat-notifications' is not scheduled: failed team-chat notifications are never sent again.");
  }
  if (state.mail_table && !jobs.includes('booking-mail')) {
    lines.push("The job 'booking-mail' is not scheduled: failed e-mails are never sent again and no reminder goes out.");
  }
  if (state.bin_table && !jobs.includes('publish-scheduled-posts')) {
    lines.push("The job 'publish-scheduled-posts' is not scheduled: a post scheduled in the admin is never published.");
  }
  if (state.bin_table && !jobs.includes('content-housekeeping')) {
    lines.push("The job 'content-housekeeping' is not scheduled: the bin is never emptied and old versions are never pruned.");
  }
  const mail = state.mail_table ? await q<{ api_url: string; site_url: string }>('select api_url, site_url from private.mail_settings') : [];
  if (state.mail_table && mail.length === 0) {
    lines.push('No mail provider is set (private.mail_settings): visitors get no booking e-mails and no link to move or cancel (docs/email.md, "E-mail to visitors").');
  } else if (state.mail_table && !(await secret('mail_api_key'))) {
    lines.push("The mail provider's key is not in Vault (secret mail_api_key): no e-mail is sent (docs/email.md, \"The provider\").");
  } else if (mail.some((m) => /^http:\/\/(127\.0\.0\.1|localhost)\b/.test(m.api_url) || /^http:\/\/(127\.0\.0\.1|localhost)\b/.test(m.site_url))) {
    lines.push('The mail settings point at this machine (a local mail catcher or site): set the provider and the public site address.');
  }
  if (state.newsletter_table && !jobs.includes('newsletter-sends')) {
    lines.push("The job 'newsletter-sends' is not scheduled: a newsletter goes out as its first batch only and is never retried.");
  }
  if (state.newsletter_table && mail.length > 0) {
    const [settings] = await q<{ functions_url: string | null }>('select functions_url from private.mail_settings');
    if (!settings?.functions_url) {
      lines.push("No Edge Functions address in private.mail_settings (functions_url): no newsletter can be sent, since each must carry its one-click unsubscribe (docs/newsletter.md, \"On a hosted project\").");
    }
  }
  if (lines.length) return { ok: false, title, lines };
  const held = state.mail_table
    ? (await q<{ n: number }>(`select count(*)::int as n from private.mail_outbox where status = 'held'`))[0].n
    : 0;
  return {
    ok: true,
    title,
    lines: [
      `pg_cron runs ${jobs.length} job(s): ${jobs.join(', ')}.`,
      (await secret('chat_webhook_url')) ? 'The team chat has an address (in Vault).' : 'No team-chat address is set: new inquiries and bookings are only in the inbox.',
      ...(mail.length ? [`E-mail goes to ${new URL(mail[0].api_url).host}; links point at ${mail[0].site_url}.`] : []),
      ...(held ? [`${held} e-mail(s) are held by the outbox's circuit breaker; they go out on their own once the hour allows.`] : []),
    ],
  };
}

/** Every check, in the order they are printed. */
export async function checkHosted(connectionString: string): Promise<Finding[]> {
  const client = new pg.Client({ connectionString, application_name: 'check-hosted' });
  await client.connect();
  try {
    await client.query('begin read only');
    const q: Query = async (text, params) => (await client.query(text, params)).rows;
    const findings = [];
    for (const check of [migrations, rowLevelSecurity, accounts, admins, anonFunctions, clientAddress, webhooks, scheduledJobs]) findings.push(await check(q));
    await client.query('rollback');
    return findings;
  } finally {
    await client.end();
  }
}

export function report(findings: Finding[]): string {
  return findings
    .map((f) => `${f.ok ? '✔' : '✖'} ${f.title}\n${f.lines.map((l) => `    ${l}`).join('\n')}`)
    .join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const url = process.argv[2] ?? process.env.DATABASE_URL;
  if (!url) {
    console.error('Usage: npm run check:hosted -- "postgresql://postgres:<password>@db.<ref>.supabase.co:5432/postgres"');
    process.exit(2);
  }
  try {
    const findings = await checkHosted(url);
    console.log(report(findings));
    const bad = findings.filter((f) => !f.ok).length;
    console.log(bad ? `\n${bad} check(s) found something that would break.` : '\nNothing found that would break.');
    process.exit(bad ? 1 : 0);
  } catch (error) {
    console.error(`Could not check the database: ${(error as Error).message}`);
    process.exit(2);
  }
}
