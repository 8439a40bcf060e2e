// What the API shows of the database's functions: none in a schema the API serves runs as its owner,
// so Supabase's advisor (splinter's lints 0028 and 0029, in SQL of our own: the pinned CLI does not
// carry them yet) finds nothing; the ones that must run as their owner live in `api_definers`,
// which the API does not serve, each called by its SECURITY INVOKER twin in `public`; and
// docs/security.md lists exactly the functions the API roles may execute. Defined once and run
// against the stand-in (api-surface.test.ts) and against PostgreSQL 15 beside the CLI's advisor
// (rls-matrix.postgres.test.ts).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFINER_LINTS_SQL, DEFINER_SCHEMA } from '../../scripts/tools/doctor-hosted.ts';
import type { Tx } from '../../supabase/local/db.ts';
import type { Harness } from './harness.ts';

/** The schemas hosted Supabase's PostgREST serves (its pgrst.db_schemas). */
export const HOSTED_DB_SCHEMAS = 'public, graphql_public';

/**
 * The functions in api_definers: each runs as its owner, and who may run it through its twin in
 * public: "(anon)" visitors too, "(service_role only)" the Edge Functions alone, else signed-in
 * accounts (each of those refuses everybody but an admitted admin itself).
 */
export const API_DEFINERS = [
  'api_definers.add_calendar_feed',
  'api_definers.admin_unsubscribe_newsletter',
  'api_definers.audit_events',
  'api_definers.booking_by_token (anon)',
  'api_definers.booking_history',
  'api_definers.booking_paused (anon)',
  'api_definers.calendar_feeds',
  'api_definers.calendar_sync_claim (service_role only)',
  'api_definers.calendar_sync_failed (service_role only)',
  'api_definers.calendar_sync_store (service_role only)',
  'api_definers.cancel_booking (anon)',
  'api_definers.confirm_data_request (anon)',
  'api_definers.confirm_newsletter (anon)',
  'api_definers.contact_data_export',
  'api_definers.contact_timeline',
  'api_definers.data_request_by_token (anon)',
  'api_definers.erase_contact',
  'api_definers.erase_newsletter_subscriber',
  'api_definers.insights_attribution',
  'api_definers.insights_funnels',
  'api_definers.insights_newsletter',
  'api_definers.insights_summary',
  'api_definers.insights_top',
  'api_definers.intake_challenge (anon)',
  'api_definers.lead_stage_totals',
  'api_definers.lift_newsletter_suppression',
  'api_definers.merge_contacts',
  'api_definers.move_booking (anon)',
  'api_definers.newsletter_counts',
  'api_definers.newsletter_link (anon)',
  'api_definers.newsletter_send_status',
  'api_definers.pending_staff_invitation',
  'api_definers.prepare_staff_invitation',
  'api_definers.record_export',
  'api_definers.record_mail_event (service_role only)',
  'api_definers.remove_calendar_feed',
  'api_definers.request_personal_data (anon)',
  'api_definers.resend_newsletter_confirmation (anon)',
  'api_definers.reset_second_factor',
  'api_definers.restore_from_bin',
  'api_definers.retention_runs',
  'api_definers.review_contact_detail',
  'api_definers.send_newsletter_test',
  'api_definers.set_calendar_feed_active',
  'api_definers.staff_second_factors',
  'api_definers.start_newsletter_send',
  'api_definers.subscribe_newsletter (anon)',
  'api_definers.sync_calendar_feeds',
  'api_definers.taken_slots (anon)',
  'api_definers.track (anon)',
  'api_definers.unsubscribe_newsletter (anon)',
  'api_definers.withdraw_staff_invitation',
];

type ApiRole = 'anon' | 'authenticated' | 'service_role';

/** A function of docs/security.md's tables: its name, who the table is for, and whom it runs as. */
export interface DocumentedFunction {
  name: string;
  role: ApiRole;
  runsAs: 'its owner' | 'the caller';
}

/**
 * The tables of docs/security.md's section "What the API shows": one table for each role, named
 * by the role in its first header cell (`anon`, `authenticated`, `service_role`); a row a function,
 * its name in backticks first and whom it runs as last.
 */
export function documentedFunctions(markdown: string): DocumentedFunction[] {
  const start = markdown.indexOf('\n## What the API shows\n');
  if (start < 0) throw new Error('docs/security.md has no section "What the API shows"');
  const end = markdown.indexOf('\n## ', start + 1);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  const found: DocumentedFunction[] = [];
  let role: ApiRole | null = null;
  for (const line of section.split('\n')) {
    if (!line.startsWith('|')) {
      role = null;
      continue;
    }
    const cells = line.slice(1, line.endsWith('|') ? -1 : undefined).split('|').map((c) => c.trim());
    if (role === null) {
      const named = /`(anon|authenticated|service_role)`/.exec(cells[0]);
      if (!named) throw new Error(`a table in "What the API shows" names no role in its first header cell: ${line}`);
      role = named[1] as ApiRole;
      continue;
    }
    if (/^:?-+:?$/.test(cells[0])) continue;
    const name = /^`([a-z_][a-z0-9_]*)`$/.exec(cells[0]);
    const runsAs = cells.at(-1);
    if (!name || (runsAs !== 'its owner' && runsAs !== 'the caller')) {
      throw new Error(`a row of "What the API shows" is not "| \`name\` | … | its owner or the caller |": ${line}`);
    }
    found.push({ name: name[1], role, runsAs });
  }
  return found;
}

/** A function of api_definers, and what its twin in public must be and is. */
interface DefinerRow {
  name: string;
  definer: boolean;
  comment: string | null;
  expected: { callers: string[] } & Record<string, unknown>;
  twin: Record<string, unknown> | null;
}

export function defineApiSurface(start: () => Promise<Harness>): void {
  let h: Harness;

  beforeAll(async () => {
    h = await start();
  });
  afterAll(() => h?.close());

  /** Splinter's lints 0028 and 0029 with the API schemas `schemas`, in this transaction. */
  const lint = async (tx: Tx, schemas = HOSTED_DB_SCHEMAS) => {
    await tx.query(`select set_config('pgrst.db_schemas', $1, true)`, [schemas]);
    return (await tx.query<{ role: string; fn: string }>(DEFINER_LINTS_SQL)).rows.map((r) => `${r.role} ${r.fn}`);
  };

  it("Supabase's advisor (lints 0028 and 0029, current) finds no SECURITY DEFINER function that anon or authenticated may run through the API", async () => {
    expect(await h.local.db.asSystem((tx) => lint(tx), { readOnly: true })).toEqual([]);
  });

  it('the lints find what they must: a definer the API roles may run in an API schema, and nothing behind the API', async () => {
    const found = await h.local.db.asSystem(async (tx) => {
      await tx.exec(`
        create function public.t_lint_open() returns int language sql security definer set search_path = '' as 'select 1';
        grant execute on function public.t_lint_open() to anon, authenticated;
        create function public.t_lint_closed() returns int language sql security definer set search_path = '' as 'select 1';
        create function public.t_lint_invoker() returns int language sql security invoker set search_path = '' as 'select 1';
        grant execute on function public.t_lint_invoker() to anon, authenticated;
        create function ${DEFINER_SCHEMA}.t_lint_behind() returns int language sql security definer set search_path = '' as 'select 1';
        grant execute on function ${DEFINER_SCHEMA}.t_lint_behind() to anon;
        create function auth.t_lint_platform() returns int language sql security definer set search_path = '' as 'select 1';
        grant execute on function auth.t_lint_platform() to anon;`);
      const result = {
        hosted: await lint(tx),
        // the same function behind the API is a finding once the API serves its schema; a platform schema never is
        serving: (await lint(tx, `public, ${DEFINER_SCHEMA}, auth`)).filter((f) => f.includes('.t_lint_')),
      };
      await tx.exec(`drop function public.t_lint_open(), public.t_lint_closed(), public.t_lint_invoker(),
                                   ${DEFINER_SCHEMA}.t_lint_behind(), auth.t_lint_platform()`);
      return result;
    });
    expect(found.hosted).toEqual(['anon public.t_lint_open()', 'authenticated public.t_lint_open()']);
    expect(found.serving).toEqual([`anon ${DEFINER_SCHEMA}.t_lint_behind()`, 'anon public.t_lint_open()', 'authenticated public.t_lint_open()']);
  });

  it('no function in a schema the API serves runs as its owner, whoever may call it', async () => {
    const rows = await h.local.db.asSystem(
      async (tx) => {
        await tx.query(`select set_config('pgrst.db_schemas', $1, true)`, [HOSTED_DB_SCHEMAS]);
        return (
          await tx.query<{ fn: string }>(
            `select format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as fn
               from pg_proc p join pg_namespace n on n.oid = p.pronamespace
              where p.prosecdef and n.nspname in (select btrim(s) from unnest(string_to_array(current_setting('pgrst.db_schemas'), ',')) s)
              order by 1`,
          )
        ).rows;
      },
      { readOnly: true },
    );
    expect(rows.map((r) => r.fn)).toEqual([]);
  });

  it(`every function in ${DEFINER_SCHEMA} runs as its owner, says why, and is reached only through its twin in public`, async () => {
    const { rows } = await h.local.db.asSystem(
      (tx) =>
        tx.query<DefinerRow>(
          `with callers as (
             select p.oid, array(select r from unnest(array['anon', 'authenticated', 'service_role']) r
                                  where has_function_privilege(r, p.oid, 'execute')) as roles
               from pg_proc p where p.pronamespace in ('public'::regnamespace, $1::regnamespace))
           select d.proname as name, d.prosecdef as definer, obj_description(d.oid, 'pg_proc') as comment,
                  jsonb_build_object('args', pg_get_function_arguments(d.oid), 'result', pg_get_function_result(d.oid),
                                     'volatility', d.provolatile, 'strict', d.proisstrict, 'invoker', true,
                                     'callers', dc.roles, 'calls', true) as expected,
                  (select jsonb_build_object('args', pg_get_function_arguments(w.oid), 'result', pg_get_function_result(w.oid),
                                             'volatility', w.provolatile, 'strict', w.proisstrict, 'invoker', not w.prosecdef,
                                             'callers', wc.roles,
                                             'calls', w.prosrc ~ ('\\m' || $1 || '\\.' || d.proname || '\\('))
                     from pg_proc w join callers wc on wc.oid = w.oid
                    where w.pronamespace = 'public'::regnamespace and w.proname = d.proname and w.proargtypes = d.proargtypes) as twin
             from pg_proc d join callers dc on dc.oid = d.oid
            where d.pronamespace = $1::regnamespace
            order by 1`,
          [DEFINER_SCHEMA],
        ),
      { readOnly: true },
    );
    const listed = rows.map(
      (r) => `${DEFINER_SCHEMA}.${r.name}${r.expected.callers.includes('anon') ? ' (anon)' : r.expected.callers.includes('authenticated') ? '' : ' (service_role only)'}`,
    );
    expect(listed).toEqual(API_DEFINERS);
    for (const r of rows) {
      expect(r.definer, r.name).toBe(true);
      expect(r.comment, r.name).toMatch(/In the API because .+; SECURITY DEFINER because .+/);
      // PostgREST, supabase-js and the generated types see the twin: to them it must be the function itself
      expect(r.twin, `public.${r.name}`).toEqual(r.expected);
    }
  });

  it(`the API does not serve ${DEFINER_SCHEMA}: a client can name only the twin in public`, async () => {
    const profile = await h.anon.schema(DEFINER_SCHEMA).rpc('taken_slots', { range_start: new Date().toISOString(), range_end: new Date().toISOString() });
    expect(profile.status).toBe(406);
    expect(profile.error?.code).toBe('PGRST106');
    const dotted = await h.anon.rpc(`${DEFINER_SCHEMA}.booking_paused`);
    expect(dotted.status).toBe(404);
    expect(dotted.error?.code).toBe('PGRST202');
    // the twin answers as the function always did
    const paused = await h.anon.rpc('booking_paused');
    expect(paused.error).toBeNull();
    expect(paused.data).toBe(false);
    // and a visitor still may not run an admin's function, nor reach its body
    const admin = await h.anon.rpc('lead_stage_totals');
    expect(admin.error?.code).toBe('42501');
    expect(admin.error?.message).toMatch(/permission denied for function lead_stage_totals/);
  });

  it('docs/security.md lists exactly the functions anon, authenticated and the service role may execute in public, and which run as their owner', async () => {
    const rows = await h.local.db.asSystem(
      (tx) =>
        tx.query<{ name: string; role: ApiRole; runs_as: DocumentedFunction['runsAs'] }>(
          `select p.proname as name, r.role,
                  case when exists (select 1 from pg_proc d where d.pronamespace = $1::regnamespace and d.proname = p.proname and d.prosecdef)
                       then 'its owner' else 'the caller' end as runs_as
             from pg_proc p
             cross join lateral (
               select case when has_function_privilege('anon', p.oid, 'execute') then 'anon'
                           when has_function_privilege('authenticated', p.oid, 'execute') then 'authenticated'
                           when has_function_privilege('service_role', p.oid, 'execute') then 'service_role' end as role) r
            where p.pronamespace = 'public'::regnamespace and p.prokind = 'f' and r.role is not null`,
          [DEFINER_SCHEMA],
        ),
      { readOnly: true },
    );
    const key = (f: DocumentedFunction) => `${f.role} ${f.name} (runs as ${f.runsAs})`;
    const inDatabase = rows.rows.map((r) => key({ name: r.name, role: r.role, runsAs: r.runs_as })).sort();
    const inDocs = documentedFunctions(readFileSync(new URL('../../docs/security.md', import.meta.url), 'utf8')).map(key).sort();
    expect(inDocs).toEqual(inDatabase);
  });
}
