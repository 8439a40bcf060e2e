// One fresh database per Vitest worker instead of one per backend file. Opening a stand-in's PGlite
// (a copy of the fresh data directory, a database thread, cold catalog caches) and closing it cost
// about two seconds of CPU; the ~40 backend files of a run paid that each. Now a file that wants the
// stand-in as `startHarness()` makes it gets this worker's database, leased for as long as its
// harness is open, and gives it back as fresh as it found it:
//
// - its data: every table of every schema (public, private, auth, storage, vault, cron, …) emptied
//   and filled again from copies taken when the database was fresh, with triggers off (as a restore
//   does: session_replication_role = replica), and every sequence set back;
// - its schema: if a file changed what the database is (a table, function, policy, trigger, grant,
//   role or setting: a fingerprint of the catalog differs), the database is closed instead, and the
//   next file opens a fresh one;
// - its session: settings made with SET and advisory locks are reset.
//
// A harness opened while the worker's database is leased (a file with two stand-ins at once), or one
// whose options change the database itself (statement timeouts, the read replica, no seed), opens a
// database of its own, as before. Each server (HTTP, auth, mail catcher, cron and pg_net workers,
// Edge Functions) is still new per file: only the database is kept.
import { openLocalDb, type LocalDb } from '../../supabase/local/db.ts';

/** What identifies the schema: any object created, dropped or altered, or any privilege changed, changes it. */
const FINGERPRINT_SQL = `
  select md5(string_agg(item, E'\\n' order by item)) as fingerprint from (
    select concat_ws('|', 'class', c.oid, n.nspname, c.relname, c.relkind, c.relacl::text, c.relrowsecurity, c.relforcerowsecurity,
                     c.relnatts, c.reloptions::text, c.relpersistence) as item
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname !~ '^pg_(temp|toast_temp)_'
    union all
    select concat_ws('|', 'column', a.attrelid, a.attnum, a.attname, a.atttypid, a.atttypmod, a.attnotnull, a.attisdropped, a.attgenerated,
                     a.attidentity, a.attacl::text, pg_get_expr(d.adbin, d.adrelid))
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where a.attnum > 0 and n.nspname !~ '^pg_(temp|toast_temp)_' and n.nspname not in ('pg_catalog', 'information_schema')
    union all
    select concat_ws('|', 'function', p.oid, p.proname, p.pronamespace, md5(p.prosrc), p.proacl::text, p.proconfig::text, p.prosecdef,
                     p.provolatile, p.proowner)
      from pg_proc p
    union all
    select concat_ws('|', 'policy', p.oid, p.polrelid, p.polname, p.polcmd, p.polpermissive, p.polroles::text,
                     pg_get_expr(p.polqual, p.polrelid), pg_get_expr(p.polwithcheck, p.polrelid))
      from pg_policy p
    union all
    select concat_ws('|', 'trigger', t.oid, t.tgrelid, t.tgname, t.tgenabled, t.tgfoid) from pg_trigger t
    union all
    select concat_ws('|', 'event trigger', e.oid, e.evtname, e.evtenabled) from pg_event_trigger e
    union all
    select concat_ws('|', 'constraint', c.oid, c.conname, c.conrelid, pg_get_constraintdef(c.oid)) from pg_constraint c
    union all
    select concat_ws('|', 'type', t.oid, t.typname, t.typnamespace, t.typacl::text) from pg_type t where t.oid >= 16384
    union all
    select concat_ws('|', 'schema', n.oid, n.nspname, n.nspacl::text) from pg_namespace n where n.nspname !~ '^pg_(temp|toast_temp)_'
    union all
    select concat_ws('|', 'role', r.oid, r.rolname, r.rolsuper, r.rolinherit, r.rolcreaterole, r.rolcanlogin, r.rolbypassrls, r.rolconfig::text)
      from pg_roles r
    union all
    select concat_ws('|', 'member', m.roleid, m.member) from pg_auth_members m
    union all
    select concat_ws('|', 'setting', s.setdatabase, s.setrole, s.setconfig::text) from pg_db_role_setting s
    union all
    select concat_ws('|', 'default acl', d.oid, d.defaclrole, d.defaclnamespace, d.defaclobjtype, d.defaclacl::text) from pg_default_acl d
    union all
    select concat_ws('|', 'extension', x.extname, x.extversion) from pg_extension x
    union all
    select concat_ws('|', 'database', d.datname, d.datacl::text) from pg_database d
    union all
    select concat_ws('|', 'rewrite', r.oid, r.ev_class, r.rulename, r.ev_enabled) from pg_rewrite r where r.oid >= 16384
  ) items`;

/** Every table that holds rows (partitions, not their parents), with the columns a restore writes. */
const TABLES_SQL = `
  select c.oid::int as id, format('%I.%I', n.nspname, c.relname) as name,
         coalesce((select string_agg(quote_ident(a.attname), ', ' order by a.attnum) from pg_attribute a
                    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''), '') as columns
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_'
   order by 1`;

const SEQUENCES_SQL = `
  select format('%I.%I', schemaname, sequencename) as name, start_value::text as start, last_value::text as last
    from pg_sequences where schemaname not in ('pg_catalog', 'information_schema') and schemaname !~ '^pg_'`;

interface Fresh {
  db: LocalDb;
  fingerprint: string;
  /** The statement that puts every table's rows and every sequence back as they were when fresh. */
  restore: string;
  /** What the files get: the database, with close() giving it back. One object for every lease, so the REST catalog read from it stays cached. */
  handle: LocalDb;
}

let fresh: Promise<Fresh> | null = null;
let leased = false;

async function fingerprint(db: LocalDb): Promise<string> {
  return db.asSystem(async (tx) => (await tx.query<{ fingerprint: string }>(FINGERPRINT_SQL)).rows[0].fingerprint);
}

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

async function openFresh(): Promise<Fresh> {
  const db = await openLocalDb({ memory: true, readReplica: false });
  try {
    const { tables, sequences } = await db.asSystem(async (tx) => ({
      tables: (await tx.query<{ id: number; name: string; columns: string }>(TABLES_SQL)).rows,
      sequences: (await tx.query<{ name: string; start: string; last: string | null }>(SEQUENCES_SQL)).rows,
    }));
    const withColumns = tables.filter((t) => t.columns);
    // the copies are the session's own temporary tables, which no catalog query of the tests sees;
    // if the database thread is restarted (a statement that ran too long), they are gone and the
    // restore fails, so the database is replaced
    const copy = (t: { id: number }) => `pg_temp.fresh_rows_${t.id}`;
    await db.asSystem((tx) => tx.exec(withColumns.map((t) => `create temporary table ${copy(t).slice('pg_temp.'.length)} as select ${t.columns} from ${t.name};`).join('\n')));
    const restore = [
      // no trigger fires and no foreign key is checked while the rows go back (as pg_restore does)
      'set local session_replication_role = replica;',
      ...tables.map((t) => `delete from ${t.name};`),
      ...withColumns.map((t) => `insert into ${t.name} (${t.columns}) overriding system value select ${t.columns} from ${copy(t)};`),
      ...sequences.map((s) => `select setval(${quote(s.name)}, ${s.last ?? s.start}, ${s.last !== null});`),
      // what a file set for the session (SET without LOCAL) or locked for it
      'reset all;',
      'set search_path to "$user", public, extensions;',
      'select pg_advisory_unlock_all();',
    ].join('\n');
    const state: Fresh = {
      db,
      fingerprint: await fingerprint(db),
      restore,
      handle: {
        location: db.location,
        asRole: (claims, fn, options) => db.asRole(claims, fn, options),
        asSystem: (fn, options) => db.asSystem(fn, options),
        runningFor: () => db.runningFor(),
        replicaCaughtUp: () => db.replicaCaughtUp(),
        close: () => giveBack(state),
      },
    };
    return state;
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** Puts the database back as it was when fresh, or closes it when it cannot be (its schema changed, its thread restarted). */
async function giveBack(state: Fresh): Promise<void> {
  if (!leased) return; // closed twice
  try {
    let restored = false;
    try {
      if ((await fingerprint(state.db)) === state.fingerprint) {
        await state.db.asSystem((tx) => tx.exec(state.restore));
        restored = true;
      }
    } catch {
      // replaced below
    }
    if (!restored) {
      fresh = null;
      await state.db.close();
    }
  } finally {
    leased = false;
  }
}

/**
 * This worker's fresh database, leased until its close(); null while another harness holds it (the
 * caller opens one of its own).
 */
export async function leaseSharedDb(): Promise<LocalDb | null> {
  if (leased) return null;
  leased = true;
  try {
    fresh ??= openFresh();
    return (await fresh).handle;
  } catch (error) {
    fresh = null;
    leased = false;
    throw error;
  }
}
