// `npm run doctor:hosted`: read-only checks of a live project that say, in plain words, what would
// break and the one step that fixes it. Everything comes from the environment, nothing from the
// command line (a password there shows in `ps` and stays in the shell's history):
//
//   SUPABASE_DB_URL (or DATABASE_URL)            the database: migrations, row-level security,
//                                                accounts, admins, the functions visitors may call,
//                                                pg_net, Vault, pg_cron's jobs and their last runs,
//                                                the mail settings and key
//   SUPABASE_URL, SUPABASE_ANON_KEY              the API: GoTrue's public settings, whether the
//     (or VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY, also from .env)
//                                                gateway's client address reaches the database,
//                                                the Edge Functions
//   SITE_URL (or VITE_SITE_URL, also from .env)  the site: prerendered deep links, a real 404, the
//                                                security headers, the sitemap
//
// A check whose variable is missing says what to set and the others still run. Exits 1 when
// anything would break, 2 when it was started wrongly.
//
// It changes nothing: the database checks run in one READ ONLY transaction; through the API it sends
// only requests that are refused or change nothing (an inquiry the database refuses by a CHECK,
// after the trigger that reads the client address: the whole insert is rolled back; a made-up
// calendar run; an unsigned mail event; an unsubscribe link's GET, which only redirects).
//
// `npm run check:hosted` is the same program under its earlier name.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { postPath } from '../../src/shared/config/addresses.ts';
import { STRING_COLUMNS } from '../../supabase/local/auth/users.ts';
import { envValue } from '../publisher/config.mjs';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../supabase/migrations/', import.meta.url));

/** The functions in `public` that an anonymous visitor is meant to call (and nothing else). */
export const ANON_PUBLIC_FUNCTIONS = [
  'public.blog_category_counts(max_count integer)',
  'public.booking_by_token(token text)',
  'public.booking_paused()',
  'public.cancel_booking(token text)',
  'public.confirm_data_request(token text)',
  'public.confirm_newsletter(token text)',
  'public.data_request_by_token(token text)',
  'public.intake_challenge(form text)',
  'public.move_booking(token text, new_start timestamp with time zone)',
  'public.newsletter_link(kind text, token text)',
  'public.request_personal_data(email text, kind text, proof text, fill_ms integer, bot_trap text)',
  'public.resend_newsletter_confirmation(token text)',
  'public.subscribe_newsletter(email text, page text, wording_version text, proof text, fill_ms integer, bot_trap text)',
  'public.taken_slots(range_start timestamp with time zone, range_end timestamp with time zone)',
  'public.track(e jsonb)',
  'public.unsubscribe_newsletter(token text, via text)',
];

/** The Edge Functions of supabase/functions/ the doctor knocks on. */
export const EDGE_FUNCTIONS = ['newsletter-unsubscribe', 'mail-events', 'calendar-sync', 'staff-invitations'] as const;

export interface Finding {
  ok: boolean;
  /** Not run: a variable it needs is missing (its line says which to set). Not counted as broken. */
  skipped?: boolean;
  title: string;
  /** What is wrong, one line each, and what to do about it. */
  lines: string[];
}

/** What the doctor looks at; each check runs when the values it needs are there. */
export interface DoctorEnv {
  /** The database's connection string. */
  dbUrl?: string;
  /** The project's API origin, https://<ref>.supabase.co. */
  supabaseUrl?: string;
  anonKey?: string;
  /** The public site's origin. */
  siteUrl?: string;
}

type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

// ---------------------------------------------------------------------------------------------
// The environment
// ---------------------------------------------------------------------------------------------

interface Variable {
  key: keyof DoctorEnv;
  /** Read in this order; VITE_* names also from .env and .env.local (as the build reads them). */
  names: string[];
  what: string;
}

const VARIABLES: Variable[] = [
  {
    key: 'dbUrl',
    names: ['SUPABASE_DB_URL', 'DATABASE_URL'],
    what: 'the database\'s connection string: Project Settings → Database → Connection string, the direct one, with your password',
  },
  { key: 'supabaseUrl', names: ['SUPABASE_URL', 'VITE_SUPABASE_URL'], what: "the project's URL, https://<ref>.supabase.co (Project Settings → API)" },
  { key: 'anonKey', names: ['SUPABASE_ANON_KEY', 'VITE_SUPABASE_ANON_KEY'], what: "the project's anon key (Project Settings → API)" },
  { key: 'siteUrl', names: ['SITE_URL', 'VITE_SITE_URL'], what: "the site's public origin, e.g. https://sinaptika.bg" },
];

/**
 * The values and where each came from. The connection string holds a password: it is read from
 * the process environment alone, as the publisher reads its secrets (scripts/publisher/config.mjs);
 * the public VITE_* values also from .env and .env.local in the working directory.
 */
export function readEnv(env: NodeJS.ProcessEnv = process.env): { values: DoctorEnv; sources: Partial<Record<keyof DoctorEnv, string>> } {
  const values: DoctorEnv = {};
  const sources: Partial<Record<keyof DoctorEnv, string>> = {};
  for (const v of VARIABLES) {
    for (const name of v.names) {
      const value = (name.startsWith('VITE_') && env === process.env ? envValue(name) : env[name])?.trim();
      if (value) {
        values[v.key] = v.key === 'dbUrl' ? value : value.replace(/\/+$/, '');
        sources[v.key] = name;
        break;
      }
    }
  }
  return { values, sources };
}

/** What to set for a missing value, in one line. */
function setLine(key: keyof DoctorEnv): string {
  const v = VARIABLES.find((x) => x.key === key)!;
  if (key === 'dbUrl') {
    return `Not checked: set ${v.names[0]} to ${v.what}, in the environment (never as an argument): \`read -rs ${v.names[0]} && export ${v.names[0]}\`, paste it, then \`npm run doctor:hosted\`.`;
  }
  return `Not checked: set ${v.names[0]} (${v.what}) in the environment, or ${v.names[1]} in .env.`;
}

const notChecked = (title: string, missing: (keyof DoctorEnv)[]): Finding => ({ ok: true, skipped: true, title, lines: missing.map(setLine) });

/** The project's ref from its URL, for the commands a fix names. */
const projectRef = (supabaseUrl?: string) => /^https:\/\/([a-z0-9]+)\.supabase\.(co|in)$/.exec(supabaseUrl ?? '')?.[1] ?? '<project-ref>';

// ---------------------------------------------------------------------------------------------
// The database
// ---------------------------------------------------------------------------------------------

const localMigrations = () =>
  readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
    .map((file) => ({ file, version: file.split('_')[0] }));

/** A job a migration schedules with pg_cron: cron.schedule('<name>', '<schedule>', '<command>'). */
export interface ScheduledJob {
  name: string;
  schedule: string;
  command: string;
  /** The migration that schedules it. */
  version: string;
  /** The migration that unschedules it, if a later one does. */
  retiredIn?: string;
}

/** Every job the migrations of this repository schedule (a job scheduled twice: its last version; one unscheduled: when). */
export function scheduledByMigrations(): ScheduledJob[] {
  const jobs = new Map<string, ScheduledJob>();
  for (const m of localMigrations()) {
    const text = readFileSync(join(MIGRATIONS_DIR, m.file), 'utf8');
    for (const match of text.matchAll(/cron\.schedule\(\s*'([^']+)'\s*,\s*'([^']+)'\s*,\s*'((?:[^']|'')*)'\s*\)|cron\.unschedule\(\s*'([^']+)'\s*\)/g)) {
      // a job a later migration unschedules (audit-retention, folded into retention) is expected until that one is applied
      const retired = match[4] ? jobs.get(match[4]) : undefined;
      if (retired) retired.retiredIn = m.version;
      else if (!match[4]) jobs.set(match[1], { name: match[1], schedule: match[2], command: match[3].replace(/''/g, "'"), version: m.version });
    }
  }
  return [...jobs.values()];
}

/** What stops happening without each job (the words of the migration that schedules it). */
const JOB_PURPOSE: Record<string, string> = {
  'chat-notifications': 'failed team-chat notifications are never sent again.',
  'booking-mail': 'failed e-mails are never sent again and no reminder goes out.',
  'publish-scheduled-posts': 'a post scheduled in the admin is never published.',
  'content-housekeeping': 'the bin is never emptied and old versions are never pruned.',
  'newsletter-sends': 'a newsletter goes out as its first batch only and is never retried.',
  'intake-clients-prune': "the visitors' keyed addresses are kept past their day.",
  'lead-follow-ups': 'no morning e-mail of follow-ups is sent.',
  'calendar-sync': "the consultant's calendar feeds are read only when an admin asks.",
  'calendar-sync-outcomes': 'a calendar sync that never reached its function (not deployed, did not start or answer) leaves no error in the calendar tab, and nobody is told.',
  'audit-retention': "the audit log is kept past its retention (a year by default) and never pruned.",
  retention: 'nothing is deleted or anonymised when its retention period ends (lost leads, past bookings, e-mail bodies, network keys, subscribers, data requests, the audit log, the raw measurement events).',
  insights: "no day is rolled up: the dashboard counts every day from the raw events (slower, and nothing of the days past their retention), and an old day's measurement salt stays until the next event.",
};

async function appliedVersions(q: Query): Promise<Set<string> | null> {
  const [table] = await q<{ ok: boolean }>(`select to_regclass('supabase_migrations.schema_migrations') is not null as ok`);
  if (!table.ok) return null;
  return new Set((await q<{ version: string }>('select version from supabase_migrations.schema_migrations')).map((r) => r.version));
}

async function migrations(q: Query): Promise<Finding> {
  const title = 'Migrations';
  const applied = await appliedVersions(q);
  if (!applied) {
    return { ok: false, title, lines: ['No migration has been applied here (supabase_migrations.schema_migrations is missing): run `npx supabase db push`.'] };
  }
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
  // a role that may read some columns of a table but not all: every Supabase client's select('*')
  // answers it 42501 (a column to keep from a role belongs in a table of its own)
  const partial = await q<{ name: string; role: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name, r.role
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       cross join (values ('anon'), ('authenticated')) r(role)
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
        and has_any_column_privilege(r.role, c.oid, 'select') and not has_table_privilege(r.role, c.oid, 'select')
      order by 1, 2`,
  );
  return rows.length === 0 && partial.length === 0
    ? { ok: true, title: 'Row-level security', lines: ['Every table the API exposes has row-level security on, and who may read a table reads all of it (select=* works).'] }
    : {
        ok: false,
        title: 'Row-level security',
        lines: [
          ...rows.map((r) => `${r.name} has row-level security OFF: anyone with the public key may do whatever its grants allow.`),
          ...partial.flatMap((p) => [
            `${p.role} may read only some columns of ${p.name} (a column grant): select=*, what every Supabase client sends, answers it "permission denied".`,
            `Fix: revoke select on ${p.name} from ${p.role}; grant select on ${p.name} to ${p.role}; (and move what ${p.role} must not read to a table of its own, as blog_post_staff holds the posts' staff ids).`,
          ]),
        ],
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
        -- a pending invitation (issue 49) has an unconfirmed account until its link is used
        and (to_jsonb(b) ->> 'invited_at') is null
        and (b.user_id is null or u.id is null or u.email_confirmed_at is null or u.email is distinct from b.email)
      order by b.email`,
  );
  // administrators by role (issue 49); a schema from before the roles has only administrators
  const active = await q<{ n: number; admins: number }>(
    `select count(*)::int as n, count(*) filter (where coalesce(to_jsonb(b) ->> 'role', 'admin') = 'admin')::int as admins
       from public.blog_users b where b.is_active`,
  );
  const lines = rows.map((r) => `Active blog user ${r.email} ${r.problem}: they cannot sign in to the admin panel.`);
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
  else if (active[0].admins === 0) lines.push("No active blog user has the role 'Администратор': nobody can add people, change roles or settings (docs/hosted.md, \"The first admin\").");
  return lines.length
    ? { ok: false, title, lines }
    : { ok: true, title, lines: [`${active[0].admins} active administrator(s) among ${active[0].n} active blog user(s), each with a confirmed account.`] };
}

/** The schema that holds the bodies of the API's functions that run as their owner, out of the API. */
export const DEFINER_SCHEMA = 'api_definers';

/** The form of the comment every function in it carries. */
const DEFINER_REASON = 'In the API because .+; SECURITY DEFINER because .+';

/**
 * Splinter's lints 0028 (anon_security_definer_function_executable) and 0029
 * (authenticated_security_definer_function_executable) as their current versions decide: a
 * SECURITY DEFINER function that `anon` or `authenticated` may execute, in a schema the API serves
 * (the setting pgrst.db_schemas, `public` where it is unset), outside the platform's and the
 * extensions' own schemas. One row a finding: the role and the function. The pinned CLI's
 * `supabase db advisors` does not carry these two yet; the dashboard's advisor does.
 */
export const DEFINER_LINTS_SQL = `
  select r.role, format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as fn
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    cross join (values ('anon'), ('authenticated')) r(role)
   where p.prosecdef
     and has_function_privilege(r.role, p.oid, 'execute')
     and n.nspname in (select btrim(s) from unnest(string_to_array(coalesce(current_setting('pgrst.db_schemas', true), 'public'), ',')) s)
     and n.nspname not in ('auth', 'cron', 'extensions', 'graphql', 'graphql_public', 'information_schema', 'net', 'pg_catalog',
                           'pgbouncer', 'pgmq', 'pgroonga', 'pgsodium', 'pgsodium_masks', 'pgtle', 'realtime', 'repack', 'storage',
                           'supabase_functions', 'supabase_migrations', 'tiger', 'topology', 'vault', '_timescaledb_cache',
                           '_timescaledb_catalog', '_timescaledb_config', '_timescaledb_internal')
   order by 2, 1`;

/**
 * What is wrong with the functions that run as their owner: one in the API that anon or
 * authenticated may run (what Supabase's advisor warns about), one in api_definers without its
 * reason.
 */
async function definerProblems(q: Query): Promise<string[]> {
  const exposed = await q<{ role: string; fn: string }>(DEFINER_LINTS_SQL);
  const lines: string[] = [];
  const byFunction = new Map<string, string[]>();
  for (const r of exposed) byFunction.set(r.fn, [...(byFunction.get(r.fn) ?? []), r.role]);
  for (const [fn, roles] of byFunction) {
    lines.push(
      `${fn} runs as its owner (SECURITY DEFINER) in a schema the API serves, and ${roles.join(' and ')} may execute it: ` +
        "whoever calls it gets its owner's rights, and Supabase's advisor warns about it.",
    );
  }
  if (byFunction.size) {
    lines.push(
      `Fix: move its body out of the API (alter function <name>(<arguments>) set schema ${DEFINER_SCHEMA}) and put a SECURITY INVOKER ` +
        'function of the same name, arguments and result in public that calls it, granted to the same roles, as ' +
        'supabase/migrations/20261128002000_api_definers.sql does; or, if no visitor or admin calls it, ' +
        'revoke execute on function <name>(<arguments>) from public, anon, authenticated;',
    );
  }
  const unexplained = await q<{ fn: string }>(
    `select format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as fn
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = $1 and p.prosecdef and coalesce(obj_description(p.oid, 'pg_proc'), '') !~ $2
      order by 1`,
    [DEFINER_SCHEMA, DEFINER_REASON],
  );
  for (const r of unexplained) {
    lines.push(`${r.fn} runs as its owner (SECURITY DEFINER) and no comment says why it must be in the API and run so.`);
    lines.push(`Fix: comment on function ${r.fn} is 'In the API because …; SECURITY DEFINER because …';`);
  }
  return lines;
}

async function anonFunctions(q: Query): Promise<Finding> {
  const title = 'Functions visitors may call';
  const rows = await q<{ fn: string }>(
    `select format('%s.%s(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as fn
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and has_function_privilege('anon', p.oid, 'execute')
      order by 1`,
  );
  const extra = rows.filter((r) => !ANON_PUBLIC_FUNCTIONS.includes(r.fn));
  const definers = await definerProblems(q);
  const [behind] = await q<{ n: number }>(
    `select count(*)::int as n from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = $1 and p.prosecdef`,
    [DEFINER_SCHEMA],
  );
  return extra.length === 0 && definers.length === 0
    ? {
        ok: true,
        title,
        lines: [
          `Visitors may call only ${ANON_PUBLIC_FUNCTIONS.length} intended functions. None in the API runs as its owner; ` +
            `the ${behind.n} that must are in ${DEFINER_SCHEMA}, out of the API, each saying why.`,
        ],
      }
    : {
        ok: false,
        title,
        lines: [
          ...extra.map((r) => `anon may execute ${r.fn}, which is not one of the ${ANON_PUBLIC_FUNCTIONS.length} functions visitors call.`),
          ...(extra.length ? ['Fix: revoke execute on function <name>(<arguments>) from public, anon;'] : []),
          ...definers,
        ],
      };
}

const PROXY_FIX =
  "Fix: hosted Supabase sets it; behind your own proxy (self-hosting, `supabase start`) make the proxy set cf-connecting-ip to the client's address and drop any value a client sends (nginx: `proxy_set_header CF-Connecting-IP $remote_addr;`).";

/**
 * Whether the gateway's client address reached the database with the forms that arrived: the
 * per-visitor limits count `cf-connecting-ip`, which hosted Supabase's Cloudflare sets. Without it
 * every form has to prove work and no visitor can be told from another (docs/booking.md, "Who a
 * visitor is"). The live question is asked through the API (clientAddressLive).
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
        PROXY_FIX,
      ],
    };
  }
  return {
    ok: true,
    title,
    lines: [seen.last_with ? `The last form with it arrived ${seen.last_with}.` : 'No form has arrived yet, so the stored rows cannot tell (the check through the API below asks now).'],
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

const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;
const oneLine = (text: string, max = 300) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/**
 * pg_cron's jobs: every job the applied migrations schedule exists and is active, and the last run
 * of each (cron.job_run_details, where pg_cron keeps them) did not fail.
 */
async function scheduledJobs(q: Query): Promise<Finding> {
  const title = 'Scheduled jobs (pg_cron)';
  const [state] = await q<{ cron: boolean; runs: boolean }>(
    `select to_regclass('cron.job') is not null as cron, to_regclass('cron.job_run_details') is not null as runs`,
  );
  if (!state.cron) {
    return { ok: false, title, lines: ['pg_cron is missing: enable it (Database → Extensions → pg_cron), then run `npx supabase db push --remote` again.'] };
  }
  const applied = await appliedVersions(q);
  const expected = scheduledByMigrations().filter((j) =>
    applied ? applied.has(j.version) && !(j.retiredIn && applied.has(j.retiredIn)) : !j.retiredIn,
  );
  const jobs = await q<{ jobid: string; jobname: string; active: boolean; status: string | null; message: string | null; started: string | null }>(
    state.runs
      ? `select j.jobid::text as jobid, j.jobname, j.active, r.status, r.return_message as message,
                to_char(r.start_time at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"') as started
           from cron.job j
           left join lateral (select d.status, d.return_message, d.start_time from cron.job_run_details d
                               where d.jobid = j.jobid order by d.runid desc limit 1) r on true
          where j.jobname is not null`
      : `select j.jobid::text as jobid, j.jobname, j.active, null as status, null as message, null as started from cron.job j where j.jobname is not null`,
  );
  const byName = new Map(jobs.map((j) => [j.jobname, j]));
  const lines: string[] = [];
  for (const job of expected) {
    const found = byName.get(job.name);
    const purpose = JOB_PURPOSE[job.name] ?? 'what it does is not done.';
    if (!found) {
      lines.push(`The job '${job.name}' is not scheduled: ${purpose}`);
      lines.push(`Fix: select cron.schedule(${sqlText(job.name)}, ${sqlText(job.schedule)}, ${sqlText(job.command)});`);
    } else if (!found.active) {
      lines.push(`The job '${job.name}' is switched off (cron.job.active is false): ${purpose}`);
      lines.push(`Fix: select cron.alter_job(job_id := ${found.jobid}, active := true);`);
    } else if (found.status === 'failed') {
      lines.push(`The last run of '${job.name}' (${found.started ?? 'time unknown'}) failed: ${oneLine(found.message ?? 'no message')}`);
      lines.push(`Fix: run \`${job.command}\` in the SQL editor to see the error in full and correct what it names; pg_cron runs the job again on its schedule (${job.schedule}).`);
    }
  }
  if (lines.length) return { ok: false, title, lines };
  const names = expected.map((j) => j.name);
  const neverRan = expected.filter((j) => !byName.get(j.name)?.status).map((j) => j.name);
  return {
    ok: true,
    title,
    lines: [
      `pg_cron runs the ${names.length} job(s) the migrations schedule: ${names.join(', ')}.`,
      state.runs
        ? `No last run failed${neverRan.length ? ` (not run yet: ${neverRan.join(', ')})` : ''}.`
        : 'cron.job_run_details is missing, so the last runs cannot be read.',
    ],
  };
}

/** The e-mail provider (settings and key), the Edge Functions' address the database calls, the team chat. */
async function mailAndChat(q: Query, env: DoctorEnv): Promise<Finding> {
  const title = 'E-mail and the team chat';
  const [state] = await q<{ vault: boolean; reader: boolean; mail_table: boolean; functions_column: boolean }>(
    `select to_regclass('vault.secrets') is not null as vault,
            to_regprocedure('private.vault_secret(text)') is not null as reader,
            to_regclass('private.mail_settings') is not null as mail_table,
            exists (select 1 from information_schema.columns
                     where table_schema = 'private' and table_name = 'mail_settings' and column_name = 'functions_url') as functions_column`,
  );
  // whether a secret holds a value: the value itself never leaves the database
  const secret = async (name: string) => {
    if (!state.vault) return false;
    const text = state.reader
      ? `select coalesce(private.vault_secret($1), '') <> '' as ok`
      : 'select exists (select 1 from vault.secrets where name = $1) as ok';
    return (await q<{ ok: boolean }>(text, [name]))[0].ok;
  };
  if (!state.mail_table) return { ok: false, title, lines: ['private.mail_settings is missing: the booking-conversation migration is not applied (`npx supabase db push`).'] };
  const mail = await q<{ api_url: string; site_url: string; functions_url: string | null }>(
    `select api_url, site_url, ${state.functions_column ? 'functions_url' : 'null::text as functions_url'} as functions_url from private.mail_settings`,
  );
  const lines: string[] = [];
  const local = (url: string | null) => /^http:\/\/(127\.0\.0\.1|localhost)\b/.test(url ?? '');
  if (mail.length === 0) {
    lines.push('No mail provider is set (private.mail_settings): visitors get no booking e-mails and no link to move or cancel (docs/email.md, "E-mail to visitors").');
    lines.push('Fix: insert the provider\'s settings into private.mail_settings, as docs/email.md, "The provider", shows.');
  } else {
    if (!(await secret('mail_api_key'))) {
      lines.push("The mail provider's key is not in Vault (secret mail_api_key): no e-mail is sent (docs/email.md, \"The provider\").");
      lines.push("Fix: select private.set_vault_secret('mail_api_key', '<the API key>'); (SQL editor, with the provider's key)");
    }
    if (mail.some((m) => local(m.api_url) || local(m.site_url))) {
      lines.push('The mail settings point at this machine (a local mail catcher or site): set the provider and the public site address.');
      lines.push(`Fix: update private.mail_settings set api_url = 'https://api.resend.com/emails', site_url = ${sqlText(env.siteUrl ?? '<the site\'s origin>')};`);
    }
    if (state.functions_column && !mail[0].functions_url) {
      lines.push(
        'No Edge Functions address in private.mail_settings (functions_url): no newsletter can be sent, since each must carry its one-click unsubscribe, and the calendar feeds are never read (docs/newsletter.md, "On a hosted project").',
      );
      lines.push(`Fix: update private.mail_settings set functions_url = ${sqlText(env.supabaseUrl ? `${env.supabaseUrl}/functions/v1` : 'https://<project-ref>.supabase.co/functions/v1')};`);
    }
  }
  if (lines.length) return { ok: false, title, lines };
  const held = (await q<{ n: number }>(`select count(*)::int as n from private.mail_outbox where status = 'held'`))[0].n;
  return {
    ok: true,
    title,
    lines: [
      `E-mail goes to ${new URL(mail[0].api_url).host} with the key in Vault; links point at ${mail[0].site_url}${mail[0].functions_url ? `; the Edge Functions are at ${mail[0].functions_url}` : ''}.`,
      (await secret('chat_webhook_url')) ? 'The team chat has an address (in Vault).' : 'No team-chat address is set: new inquiries and bookings are only in the inbox.',
      ...(held ? [`${held} e-mail(s) are held by the outbox's circuit breaker; they go out on their own once the hour allows.`] : []),
    ],
  };
}

/** The database's checks, in the order they are printed, each with its title (for an error it runs into). */
const DATABASE_CHECKS: [string, (q: Query, env: DoctorEnv) => Promise<Finding>][] = [
  ['Migrations', migrations],
  ['Row-level security', rowLevelSecurity],
  ['Accounts GoTrue can sign in', accounts],
  ['Administrators', admins],
  ['Functions visitors may call', anonFunctions],
  ["The visitor's address (cf-connecting-ip)", clientAddress],
  ['Content webhook and pg_net', webhooks],
  ['Scheduled jobs (pg_cron)', scheduledJobs],
  ['E-mail and the team chat', mailAndChat],
];

// ---------------------------------------------------------------------------------------------
// Through the API
// ---------------------------------------------------------------------------------------------

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

const TIMEOUT_MS = 15_000;

/** One request; a network error or timeout is an Error's message instead of an answer. */
async function request(url: string, init: RequestInit = {}): Promise<Answer | string> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    return { status: res.status, headers: res.headers, text: await res.text() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? (error as Error).message;
  }
}

function json(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The API answered 401 or 403 to the anon key itself (not a function's own refusal). */
const keyRefused = (answer: Answer) => (answer.status === 401 || answer.status === 403) && /api ?key|jwt|invalid.*key/i.test(answer.text);

const apiKeyFix = 'Fix: copy the anon key of this very project (Project Settings → API) into SUPABASE_ANON_KEY (or VITE_SUPABASE_ANON_KEY in .env).';

/** GoTrue's public settings: sign-ups off, e-mail confirmation on, the e-mail provider on. */
async function authSettings(env: Required<Pick<DoctorEnv, 'supabaseUrl' | 'anonKey'>>): Promise<Finding> {
  const title = 'Sign-ups and e-mail confirmation (Auth)';
  const url = `${env.supabaseUrl}/auth/v1/settings`;
  const answer = await request(url, { headers: { apikey: env.anonKey } });
  if (typeof answer === 'string') {
    return { ok: false, title, lines: [`${url} did not answer (${answer}).`, 'Fix: check SUPABASE_URL: it is the project\'s URL, https://<ref>.supabase.co.'] };
  }
  if (answer.status === 401 || answer.status === 403) {
    return { ok: false, title, lines: [`The project refused the anon key (HTTP ${answer.status} from ${url}).`, apiKeyFix] };
  }
  const settings = answer.status === 200 ? json(answer.text) : null;
  if (!settings) {
    return { ok: false, title, lines: [`${url} answered HTTP ${answer.status}, not GoTrue's settings.`, 'Fix: check SUPABASE_URL: it is the project\'s URL, https://<ref>.supabase.co.'] };
  }
  const lines: string[] = [];
  if (settings.disable_signup !== true) {
    lines.push('Sign-ups are open (disable_signup is false): anyone may create an account on this project.');
    lines.push('Fix: Authentication → Sign In / Providers → switch off "Allow new users to sign up" (in supabase/config.toml: [auth] enable_signup = false, then `npx supabase config push`).');
  }
  if (settings.mailer_autoconfirm !== false) {
    lines.push('E-mail confirmation is off (mailer_autoconfirm is true): an account gets its address without proving it.');
    lines.push('Fix: Authentication → Sign In / Providers → Email → switch on "Confirm email" (in supabase/config.toml: [auth.email] enable_confirmations = true, then `npx supabase config push`).');
  }
  const external = settings.external && typeof settings.external === 'object' ? (settings.external as Record<string, unknown>) : {};
  if (external.email !== true) {
    lines.push('The e-mail provider is off (external.email is false): GoTrue refuses every password sign-in ("Email logins are disabled"), so no admin can sign in.');
    lines.push(
      'Fix: Authentication → Sign In / Providers → Email → enable it (in supabase/config.toml that switch is [auth.email] enable_signup: keep it true, sign-ups stay off by [auth] enable_signup = false).',
    );
  }
  return lines.length
    ? { ok: false, title, lines }
    : { ok: true, title, lines: ['Sign-ups are off, e-mail confirmation is on, and admins sign in by e-mail and password.'] };
}

/** The value the probe sends as its own cf-connecting-ip: not an address, so only a gateway's own value counts. */
export const PROBE_ADDRESS = 'doctor-hosted-not-an-address';

/**
 * Whether the gateway's client address reaches the database, asked now: an inquiry the database
 * refuses. Its trigger reads the client address first (private.visitor_keys); a request without
 * one must prove work and is refused for the missing proof (intake_proof_required), a request with
 * one gets as far as the table's CHECK on `purpose` and is refused there (23514). Either way the
 * insert is rolled back whole: nothing is stored, no limit counts it. The request carries a
 * cf-connecting-ip of its own that is not an address: a gateway that sets the header replaces it,
 * one that passes a client's value through (the hole docs/booking.md warns of) is caught.
 */
async function clientAddressLive(env: Required<Pick<DoctorEnv, 'supabaseUrl' | 'anonKey'>>, q: Query | null): Promise<Finding> {
  const title = "The visitor's address through the API (cf-connecting-ip)";
  const url = `${env.supabaseUrl}/rest/v1/contact_submissions`;
  const send = (ownAddress: boolean) =>
    request(url, {
      method: 'POST',
      headers: {
        apikey: env.anonKey,
        authorization: `Bearer ${env.anonKey}`,
        'content-type': 'application/json',
        prefer: 'return=minimal',
        ...(ownAddress ? { 'cf-connecting-ip': PROBE_ADDRESS } : {}),
      },
      body: JSON.stringify({
        name: 'npm run doctor:hosted',
        company: 'doctor:hosted',
        message: 'A probe the database refuses: nothing is stored.',
        purpose: 'doctor-hosted-probe',
        contact_method: 'email',
        email: '',
      }),
    });
  let answer = await send(true);
  // a gateway that refuses a request carrying its own cf-connecting-ip outright (not the API's
  // JSON) leaves no client to spoof it: ask again without it
  if (typeof answer !== 'string' && answer.status >= 400 && !json(answer.text)) answer = await send(false);
  if (typeof answer === 'string') return { ok: false, title, lines: [`${url} did not answer (${answer}).`, 'Fix: check SUPABASE_URL.'] };
  const body = json(answer.text) ?? {};
  const hint = typeof body.hint === 'string' ? body.hint : '';
  if (body.code === '23514' || /^inquiry_limit_(client|network)$/.test(hint)) {
    return {
      ok: true,
      title,
      lines: ['A request through the API reached the database with a client address the gateway set (the value the request sent itself was not taken).'],
    };
  }
  if (hint === 'intake_proof_required') {
    // without the database (or when it cannot say), a busy minute cannot be told from a missing address
    const busy = q
      ? await q<{ level: number }>(
          `select case when to_regprocedure('private.site_pressure(text)') is null then 0 else private.site_pressure('inquiry') end as level`,
        ).then(
          (rows) => rows[0].level > 0,
          () => null,
        )
      : null;
    if (busy) {
      return {
        ok: true,
        skipped: true,
        title,
        lines: ['Not checked now: the site took many inquiries in the last minute, so every form must prove work. Run it again in a minute.'],
      };
    }
    return {
      ok: false,
      title,
      lines: [
        `The database saw no client address: it asked the request for a proof of work, and the cf-connecting-ip the request sent (${PROBE_ADDRESS}) was not replaced by the gateway${busy === null ? ' (or the site took many inquiries in the last minute: then run it again in a minute)' : ''}.`,
        'Without cf-connecting-ip no visitor can be told from another: every form must prove work, and the per-visitor limits count nothing.',
        PROXY_FIX,
      ],
    };
  }
  if (keyRefused(answer)) return { ok: false, title, lines: [`The project refused the anon key (HTTP ${answer.status} from ${url}).`, apiKeyFix] };
  if (answer.status < 300) {
    return {
      ok: false,
      title,
      lines: [
        "The probe's inquiry was stored: the CHECK on contact_submissions.purpose is missing.",
        "Fix: run `npx supabase db push`, then delete it: delete from public.contact_submissions where name = 'npm run doctor:hosted';",
      ],
    };
  }
  return {
    ok: false,
    title,
    lines: [`The API answered HTTP ${answer.status}: ${oneLine(answer.text, 200)}`, 'Fix: run `npx supabase db push` (the inquiries\' table and its trigger come from the migrations).'],
  };
}

/** A platform error of the Edge Functions' gateway (`{code, message}` and sb-error-code), if it is one. */
function gatewayCode(answer: Answer): string | null {
  const body = json(answer.text);
  const code = answer.headers.get('sb-error-code') ?? (typeof body?.code === 'string' ? body.code : null);
  return code && /^[A-Z_]+$/.test(code) && code !== 'EDGE_FUNCTION_ERROR' ? code : null;
}

interface FunctionProbe {
  name: (typeof EDGE_FUNCTIONS)[number];
  /** Who calls it: without a Supabase token (then verify_jwt must be off), or with the signed-in person's (verifyJwt). */
  caller: string;
  /** The gateway must check its caller's JWT (verify_jwt on): a request without one is refused before it runs. */
  verifyJwt?: boolean;
  send(base: string): Promise<Answer | string>;
  /** null when the answer proves it deployed and well; else what is wrong and the fix. */
  judge(answer: Answer, env: DoctorEnv, ref: string): { good: string } | { problem: string; fix: string };
}

const PROBES: FunctionProbe[] = [
  {
    name: 'newsletter-unsubscribe',
    caller: 'mail programs',
    // a well-formed token nobody holds: a GET only leads to the site's page, it changes nothing
    send: (base) => request(`${base}?token=${randomBytes(16).toString('hex')}.${randomBytes(24).toString('base64url')}`, { redirect: 'manual' }),
    judge(answer, env, ref) {
      const setSite = `Fix: npx supabase secrets set SITE_URL=${env.siteUrl ?? '<the site\'s origin>'} --project-ref ${ref}`;
      if (answer.status === 303) {
        const location = answer.headers.get('location') ?? '';
        if (env.siteUrl && !location.startsWith(`${env.siteUrl}/newsletter/unsubscribe/`)) {
          return { problem: `newsletter-unsubscribe leads to ${location.replace(/\/newsletter\/unsubscribe\/.*$/, '')}, not to this site (${env.siteUrl}): its secret SITE_URL is another origin.`, fix: setSite };
        }
        return { good: 'newsletter-unsubscribe answers a link\'s GET with 303 to the site\'s unsubscribe page.' };
      }
      if (answer.status === 404) {
        return { problem: 'newsletter-unsubscribe has no secret SITE_URL: an unsubscribe link opened in a browser leads nowhere.', fix: setSite };
      }
      return { problem: `newsletter-unsubscribe answered a link's GET with HTTP ${answer.status}, not 303: ${oneLine(answer.text, 120)}`, fix: `Fix: npx supabase functions deploy newsletter-unsubscribe --project-ref ${ref}` };
    },
  },
  {
    name: 'mail-events',
    caller: 'the mail provider',
    // unsigned: refused before anything is read
    send: (base) => request(base, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
    judge(answer, _env, ref) {
      const body = json(answer.text);
      if (answer.status === 401 && body?.error === 'invalid_signature') return { good: 'mail-events refuses an unsigned delivery (401).' };
      if (answer.status === 500 && body?.error === 'not_configured') {
        return {
          problem: 'mail-events has no secret RESEND_WEBHOOK_SECRET: it refuses every bounce and complaint the provider reports.',
          fix: `Fix: npx supabase secrets set RESEND_WEBHOOK_SECRET=<the whsec_… of the provider's webhook> --project-ref ${ref}`,
        };
      }
      return { problem: `mail-events answered an unsigned delivery with HTTP ${answer.status}, not 401: ${oneLine(answer.text, 120)}`, fix: `Fix: npx supabase functions deploy mail-events --project-ref ${ref}` };
    },
  },
  {
    name: 'calendar-sync',
    caller: 'the database (pg_net)',
    // a made-up run: the database knows no such token, so nothing is claimed or read
    send: (base) =>
      request(base, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ run: `doctor-hosted-${randomBytes(12).toString('hex')}` }) }),
    judge(answer, _env, ref) {
      const body = json(answer.text);
      if (answer.status === 401 && body?.error === 'invalid_run') return { good: 'calendar-sync refuses a made-up run (401).' };
      if (answer.status === 502 && body?.error === 'claim_failed') {
        return {
          problem: 'calendar-sync could not ask the database for its run (claim_failed): no feed is read.',
          fix: `Fix: run \`npx supabase db push\` (calendar_sync_claim comes from the migrations), then read the function's logs (Edge Functions → calendar-sync → Logs).`,
        };
      }
      return { problem: `calendar-sync answered a made-up run with HTTP ${answer.status}, not 401: ${oneLine(answer.text, 120)}`, fix: `Fix: npx supabase functions deploy calendar-sync --project-ref ${ref}` };
    },
  },
  {
    name: 'staff-invitations',
    caller: "the admin panel, with the administrator's token",
    verifyJwt: true,
    // no token: the gateway refuses it before the function runs (the good answer is the gateway's, above)
    send: (base) => request(base, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
    judge(answer, _env, ref) {
      return {
        problem: `staff-invitations answered a request without a token itself (HTTP ${answer.status}): it is deployed with verify_jwt off, so the gateway lets anyone reach the function that holds the service role key.`,
        fix: `Fix: npx supabase functions deploy staff-invitations --project-ref ${ref} (it takes verify_jwt = true from supabase/config.toml)`,
      };
    },
  },
];

/** The Edge Functions: deployed, open to their callers (verify_jwt off) or closed to all but signed-in ones (on), their secrets set. */
async function edgeFunctions(env: Required<Pick<DoctorEnv, 'supabaseUrl'>> & DoctorEnv): Promise<Finding> {
  const title = 'Edge Functions';
  const ref = projectRef(env.supabaseUrl);
  const results = await Promise.all(
    PROBES.map(async (probe) => {
      const url = `${env.supabaseUrl}/functions/v1/${probe.name}`;
      const answer = await probe.send(url);
      const deploy = `Fix: npx supabase functions deploy ${probe.name} --project-ref ${ref}`;
      if (typeof answer === 'string') return { problem: `${url} did not answer (${answer}).`, fix: 'Fix: check SUPABASE_URL.' };
      const code = gatewayCode(answer);
      if (answer.status === 404 && code === 'NOT_FOUND') return { problem: `${probe.name} is not deployed (the gateway answers 404 "Requested function was not found").`, fix: deploy };
      if (answer.status === 401 && code?.startsWith('UNAUTHORIZED')) {
        if (probe.verifyJwt) return { good: `${probe.name} refuses a request without a token at the gateway (verify_jwt on).` };
        return {
          problem: `${probe.name} is deployed with verify_jwt on: ${probe.caller} send no Supabase token, so the gateway refuses them.`,
          fix: `${deploy} (it takes verify_jwt = false from supabase/config.toml)`,
        };
      }
      if (code) return { problem: `${probe.name} does not run: the gateway answers HTTP ${answer.status} ${code}.`, fix: `${deploy}, then read its logs (Edge Functions → ${probe.name} → Logs)` };
      return probe.judge(answer, env, ref);
    }),
  );
  // a fix that several problems in a row share (an address that does not answer) follows the last of them
  const problems = results.filter((r) => 'problem' in r);
  const lines = problems.flatMap((r, i) => (problems[i + 1]?.fix === r.fix ? [r.problem] : [r.problem, r.fix]));
  return lines.length ? { ok: false, title, lines } : { ok: true, title, lines: results.map((r) => ('good' in r ? r.good : '')) };
}

// ---------------------------------------------------------------------------------------------
// The site
// ---------------------------------------------------------------------------------------------

/** The newest published post's slug, read as a visitor reads it. */
async function newestPost(env: DoctorEnv): Promise<string | null | undefined> {
  if (!env.supabaseUrl || !env.anonKey) return undefined;
  const answer = await request(`${env.supabaseUrl}/rest/v1/blog_posts?select=slug&is_published=eq.true&order=published_at.desc&limit=1`, {
    headers: { apikey: env.anonKey, authorization: `Bearer ${env.anonKey}` },
  });
  if (typeof answer === 'string' || answer.status !== 200) return undefined;
  try {
    return (JSON.parse(answer.text) as { slug: string }[])[0]?.slug ?? null;
  } catch {
    return undefined;
  }
}

const DEPLOY_BUILD = 'Fix: deploy the whole build of `npm run build` (dist/), served files first: its _redirects on Netlify or Cloudflare Pages, deploy/nginx/site.conf on nginx (docs/deploying.md, "Serving the build").';

/** Deep links answer their prerendered HTML, an unknown address answers 404. */
async function sitePages(env: Required<Pick<DoctorEnv, 'siteUrl'>> & DoctorEnv, blog: Answer | string): Promise<Finding> {
  const title = 'The site: prerendered pages and 404';
  if (typeof blog === 'string') return { ok: false, title, lines: [`${env.siteUrl}/blog did not answer (${blog}).`, "Fix: check SITE_URL: it is the site's public origin."] };
  const pages: string[] = [];
  const good: string[] = [];
  const page = async (path: string, answer?: Answer | string) => {
    const got = answer ?? (await request(`${env.siteUrl}${path}`));
    if (typeof got === 'string') pages.push(`${env.siteUrl}${path} did not answer (${got}).`);
    else if (got.status !== 200) pages.push(`${path} answers HTTP ${got.status}, not 200 with its page.`);
    else if (!got.text.includes('data-prerendered')) {
      pages.push(`${path} answers the app shell, not its prerendered page (no data-prerendered): visitors without JavaScript and crawlers see an empty page.`);
    } else good.push(`${path} answers its prerendered page.`);
  };
  await page('/blog', blog);
  const slug = await newestPost(env);
  if (slug) await page(postPath(slug));
  else if (slug === null) good.push("No post is published yet, so no post's page was tried.");
  else good.push("No post's page was tried: set SUPABASE_URL and SUPABASE_ANON_KEY to read the newest post's address.");
  const lines = pages.length ? [...pages, DEPLOY_BUILD] : [];
  const unknown = `/this-page-does-not-exist-${randomBytes(6).toString('hex')}`;
  const missing = await request(`${env.siteUrl}${unknown}`);
  if (typeof missing === 'string') lines.push(`${env.siteUrl}${unknown} did not answer (${missing}).`, 'Fix: check SITE_URL.');
  else if (missing.status !== 404) {
    lines.push(
      `An address that does not exist (/this-page-does-not-exist-…) answers HTTP ${missing.status}, not 404: search engines keep every mistyped or removed address as a page.`,
      "Fix: let the host answer an address without a file with the build's 404.html and status 404: publish dist/ with its _redirects on Netlify or Cloudflare Pages, serve it with deploy/nginx/site.conf on nginx (docs/deploying.md, \"Serving the build\").",
    );
  } else good.push('An address that does not exist answers 404.');
  return lines.length ? { ok: false, title, lines } : { ok: true, title, lines: good };
}

/** The security headers on the site's pages. */
function siteHeaders(env: Required<Pick<DoctorEnv, 'siteUrl'>>, blog: Answer | string): Finding {
  const title = 'The site: security headers';
  if (typeof blog === 'string') return { ok: false, title, lines: [`${env.siteUrl}/blog did not answer (${blog}).`, 'Fix: check SITE_URL.'] };
  const h = (name: string) => blog.headers.get(name) ?? '';
  const lines: string[] = [];
  const csp = h('content-security-policy');
  if (!csp) lines.push('No Content-Security-Policy: a script injected into a page runs with the site\'s rights.');
  else if (!/frame-ancestors\s+'none'/i.test(csp)) lines.push("The Content-Security-Policy has no frame-ancestors 'none': another site may show this one in a frame (clickjacking).");
  if (h('x-content-type-options').toLowerCase() !== 'nosniff') lines.push('No X-Content-Type-Options: nosniff: a browser may run an upload as a script.');
  if (!h('referrer-policy')) lines.push('No Referrer-Policy: other sites see the full address of the page a visitor came from.');
  if (!h('permissions-policy')) lines.push('No Permissions-Policy: the pages do not refuse the camera, microphone and location.');
  if (env.siteUrl.startsWith('https://') && !/max-age=\d*[1-9]/.test(h('strict-transport-security'))) {
    lines.push('No Strict-Transport-Security: a visitor\'s first request may go over plain http.');
  }
  if (!lines.length) return { ok: true, title, lines: ['Content-Security-Policy (frame-ancestors \'none\'), X-Content-Type-Options, Referrer-Policy, Permissions-Policy' + (env.siteUrl.startsWith('https://') ? ' and Strict-Transport-Security are set.' : ' are set.')] };
  lines.push('Fix: serve the headers the build writes on every answer: its _headers on Netlify or Cloudflare Pages, deploy/nginx/site.conf (which includes its _headers.nginx) on nginx (docs/deploying.md, "Security headers").');
  return { ok: false, title, lines };
}

/** /sitemap.xml answers 200 with XML. */
async function siteSitemap(env: Required<Pick<DoctorEnv, 'siteUrl'>>): Promise<Finding> {
  const title = 'The site: sitemap';
  const answer = await request(`${env.siteUrl}/sitemap.xml`);
  const fix = 'Fix: deploy the whole of dist/, sitemap.xml included (`npm run build` writes it); a file that exists must be served before any fallback rule.';
  if (typeof answer === 'string') return { ok: false, title, lines: [`${env.siteUrl}/sitemap.xml did not answer (${answer}).`, 'Fix: check SITE_URL.'] };
  if (answer.status !== 200) return { ok: false, title, lines: [`/sitemap.xml answers HTTP ${answer.status}, not 200: search engines find the pages only by their links.`, fix] };
  if (!/<(urlset|sitemapindex)[\s>]/.test(answer.text)) {
    return { ok: false, title, lines: [`/sitemap.xml answers 200 but not a sitemap (${answer.headers.get('content-type') ?? 'no content type'}): the host sends another page in its place.`, fix] };
  }
  return { ok: true, title, lines: [`/sitemap.xml lists ${(answer.text.match(/<loc>/g) ?? []).length} address(es).`] };
}

// ---------------------------------------------------------------------------------------------
// All of it
// ---------------------------------------------------------------------------------------------

/** Every check, in the order they are printed; checks whose values are missing say what to set. */
export async function doctorHosted(env: DoctorEnv): Promise<Finding[]> {
  const findings: Finding[] = [];
  let client: pg.Client | null = null;
  let q: Query | null = null;
  try {
    if (!env.dbUrl) findings.push(notChecked("The database's checks (migrations, security, accounts, admins, jobs, e-mail)", ['dbUrl']));
    else {
      try {
        client = new pg.Client({ connectionString: env.dbUrl, application_name: 'doctor-hosted', connectionTimeoutMillis: TIMEOUT_MS });
        await client.connect();
        await client.query('begin read only');
        await client.query(`set local statement_timeout = '30s'`);
        const c = client;
        q = async (text, params) => (await c.query(text, params)).rows;
      } catch (error) {
        findings.push({
          ok: false,
          title: 'The database',
          lines: [`Could not connect: ${(error as Error).message}.`, 'Fix: check SUPABASE_DB_URL: the direct connection string (Project Settings → Database), with your database password.'],
        });
      }
      if (q && client) {
        for (const [title, check] of DATABASE_CHECKS) {
          // one check's error (a schema older or newer than this program knows) does not stop the others
          await client.query('savepoint doctor_check');
          try {
            findings.push(await check(q, env));
            await client.query('release savepoint doctor_check');
          } catch (error) {
            await client.query('rollback to savepoint doctor_check');
            findings.push({
              ok: false,
              title,
              lines: [`Could not be checked: ${oneLine((error as Error).message, 200)}.`, 'Fix: run `npx supabase db push`, then run this again.'],
            });
          }
        }
      }
    }

    const api = env.supabaseUrl && env.anonKey ? { supabaseUrl: env.supabaseUrl, anonKey: env.anonKey } : null;
    const apiMissing = (['supabaseUrl', 'anonKey'] as const).filter((k) => !env[k]);
    findings.push(api ? await authSettings(api) : notChecked('Sign-ups and e-mail confirmation (Auth)', apiMissing));
    findings.push(api ? await clientAddressLive(api, q) : notChecked("The visitor's address through the API (cf-connecting-ip)", apiMissing));
    findings.push(env.supabaseUrl ? await edgeFunctions({ ...env, supabaseUrl: env.supabaseUrl }) : notChecked('Edge Functions', ['supabaseUrl']));

    if (env.siteUrl) {
      const site = { ...env, siteUrl: env.siteUrl };
      const blog = await request(`${env.siteUrl}/blog`);
      findings.push(await sitePages(site, blog), siteHeaders(site, blog), await siteSitemap(site));
    } else {
      for (const title of ['The site: prerendered pages and 404', 'The site: security headers', 'The site: sitemap']) findings.push(notChecked(title, ['siteUrl']));
    }
    return findings;
  } finally {
    if (client) {
      await client.query('rollback').catch(() => {});
      await client.end().catch(() => {});
    }
  }
}

export function report(findings: Finding[]): string {
  return findings
    .map((f) => `${f.skipped ? '–' : f.ok ? '✔' : '✖'} ${f.title}\n${f.lines.map((l) => `    ${l}`).join('\n')}`)
    .join('\n');
}

/** The last line: how many checks found something, and which were not run. */
export function summary(findings: Finding[]): string {
  const bad = findings.filter((f) => !f.ok).length;
  const skipped = findings.filter((f) => f.skipped).length;
  const head = bad ? `${bad} check(s) found something that would break.` : 'Nothing found that would break.';
  return skipped ? `${head} ${skipped} check(s) were not run (–): set what they name and run it again.` : head;
}

/** Where each value came from, without the password. */
function describeSources(values: DoctorEnv, sources: Partial<Record<keyof DoctorEnv, string>>): string {
  const parts: string[] = [];
  if (values.dbUrl) {
    let host = '(unreadable connection string)';
    try {
      const u = new URL(values.dbUrl);
      host = `${u.hostname || u.searchParams.get('host') || 'localhost'}${u.port ? `:${u.port}` : ''}${u.pathname}`;
    } catch {
      // a key=value connection string: say only where it came from
    }
    parts.push(`database ${host} (${sources.dbUrl})`);
  }
  if (values.supabaseUrl) parts.push(`API ${values.supabaseUrl} (${sources.supabaseUrl})`);
  if (values.siteUrl) parts.push(`site ${values.siteUrl} (${sources.siteUrl})`);
  return parts.length ? `Checking ${parts.join(', ')}.` : 'Nothing to check: no variable is set.';
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  if (args.length) {
    const secret = args.some((a) => /^postgres(ql)?:\/\/|password=/i.test(a));
    console.error(
      secret
        ? 'Refused: a connection string given as an argument shows in `ps` and stays in your shell\'s history. ' +
            'Put it in the environment variable SUPABASE_DB_URL instead: `read -rs SUPABASE_DB_URL && export SUPABASE_DB_URL`, paste it, then `npm run doctor:hosted`.'
        : `npm run doctor:hosted takes no arguments (it got: ${args.join(' ')}); it reads SUPABASE_DB_URL, SUPABASE_URL, SUPABASE_ANON_KEY and SITE_URL from the environment (docs/hosted.md).`,
    );
    process.exit(2);
  }
  const { values, sources } = readEnv();
  console.log(`${describeSources(values, sources)}\n`);
  const findings = await doctorHosted(values);
  console.log(report(findings));
  console.log(`\n${summary(findings)}`);
  process.exit(findings.some((f) => !f.ok) ? 1 : 0);
}
