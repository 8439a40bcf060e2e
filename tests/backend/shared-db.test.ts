// The worker's shared database (shared-db.ts) is handed to the next file as fresh as a new one: the
// same rows in every table, the same sequences, no session setting left; and a file that changed the
// schema gets a new database instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLocalDb, type LocalDb } from '../../supabase/local/db.ts';
import { leaseSharedDb } from './shared-db.ts';

/** Every table's rows and every sequence's position, as one comparable value per object. */
async function contents(db: LocalDb): Promise<Record<string, string>> {
  return db.asSystem(async (tx) => {
    const { rows: tables } = await tx.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_' order by 1`,
    );
    const out: Record<string, string> = {};
    for (const { name } of tables) {
      const { rows } = await tx.query<{ digest: string | null; n: number }>(
        `select md5(string_agg(t::text, E'\\n' order by t::text)) as digest, count(*)::int as n from ${name} t`,
      );
      out[name] = `${rows[0].n} ${rows[0].digest ?? ''}`;
    }
    const { rows: sequences } = await tx.query<{ name: string; last: string | null }>(
      `select format('%I.%I', schemaname, sequencename) as name, last_value::text as last from pg_sequences
        where schemaname !~ '^pg_' and schemaname <> 'information_schema'`,
    );
    for (const s of sequences) out[`sequence ${s.name}`] = s.last ?? 'never used';
    return out;
  });
}

describe("a worker's shared database", () => {
  let reference: LocalDb;
  let fresh: Record<string, string>;
  beforeAll(async () => {
    reference = await openLocalDb({ memory: true, readReplica: false });
    fresh = await contents(reference);
  });
  afterAll(() => reference?.close());

  it('comes back with every table and sequence as a fresh database has them, and no session setting', async () => {
    const first = (await leaseSharedDb())!;
    expect(first).not.toBeNull();
    // while it is leased, nobody else gets it
    expect(await leaseSharedDb()).toBeNull();
    const changing = first.asSystem(async (tx) => {
      await tx.exec(`
        insert into public.clients (name, logo) values ('Изтрит след файла', '/demo/x.svg');
        delete from public.projects where slug is not null;
        update public.blog_posts set title = title || ' (променено)';
        insert into auth.users (id, email, aud, role) values ('d0000000-0000-4000-8000-000000000001', 'shared-db@example.com', 'authenticated', 'authenticated');
        select private.set_vault_secret('mail_api_key', 're_leftover');
        update private.intake_limits set value = 1;
        select nextval(format('%I.%I', schemaname, sequencename)) from pg_sequences where schemaname !~ '^pg_';
        set statement_timeout = 1234;`);
    });
    try {
      await changing;
      expect(await contents(first)).not.toEqual(fresh);
    } finally {
      await first.close();
    }

    const second = (await leaseSharedDb())!;
    try {
      expect(second).toBe(first); // the same database, not a new one
      expect(await contents(second)).toEqual(fresh);
      const setting = await second.asSystem(async (tx) => (await tx.query<{ value: string }>(`select current_setting('statement_timeout') as value`)).rows[0].value);
      expect(setting).not.toBe('1234ms');
      // the data came back without firing a trigger: nothing was queued by the restore
      const queued = await second.asSystem(async (tx) => (await tx.query<{ n: number }>('select count(*)::int as n from net.http_request_queue')).rows[0].n);
      expect(queued).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('is replaced by a new database when a file changed the schema', async () => {
    const changed = (await leaseSharedDb())!;
    await changed.asSystem((tx) => tx.exec(`create function public.t_shared_left_behind() returns int language sql as 'select 1'`));
    await changed.close();

    const next = (await leaseSharedDb())!;
    try {
      expect(next).not.toBe(changed);
      const left = await next.asSystem(async (tx) => (await tx.query<{ fn: string | null }>(`select to_regprocedure('public.t_shared_left_behind()')::text as fn`)).rows[0].fn);
      expect(left).toBeNull();
      expect(await contents(next)).toEqual(fresh);
    } finally {
      await next.close();
    }
  });

  it('is replaced when a grant changed, even with no object created', async () => {
    const changed = (await leaseSharedDb())!;
    await changed.asSystem((tx) => tx.exec('grant select on private.intake_limits to anon'));
    await changed.close();
    const next = (await leaseSharedDb())!;
    try {
      expect(next).not.toBe(changed);
      const anonReads = await next.asSystem(
        async (tx) => (await tx.query<{ ok: boolean }>(`select has_table_privilege('anon', 'private.intake_limits', 'select') as ok`)).rows[0].ok,
      );
      expect(anonReads).toBe(false);
    } finally {
      await next.close();
    }
  });
});
